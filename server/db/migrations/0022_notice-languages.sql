ALTER TABLE "platform_notices" ADD COLUMN "title_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_notices" ADD COLUMN "content_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The old seed wrote "中文标题 / English title": the part after the last " / " becomes the English title.
UPDATE "platform_notices"
SET "title_en" = substring("title" from '^.* / ([^一-鿿]*[A-Za-z][^一-鿿]*)$'),
    "title" = substring("title" from '^(.*) / [^一-鿿]*[A-Za-z][^一-鿿]*$')
WHERE "title" ~ '[一-鿿].* / [^一-鿿]*[A-Za-z][^一-鿿]*$';
--> statement-breakpoint
-- Its content ran a Chinese sentence straight into an English one: split after the last Chinese stop.
UPDATE "platform_notices"
SET "content_en" = substring("content" from '^.*[。！？]\s*([A-Za-z][^一-鿿]*)$'),
    "content" = substring("content" from '^(.*[。！？])\s*[A-Za-z][^一-鿿]*$')
WHERE "content" ~ '[一-鿿].*[。！？]\s*[A-Za-z][^一-鿿]*$';
