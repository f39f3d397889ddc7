CREATE TABLE "news_comment_flags" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"comments_on" boolean DEFAULT true NOT NULL,
	"audit_on" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"parent_id" integer,
	"author" text NOT NULL,
	"buyer_id" text DEFAULT '' NOT NULL,
	"author_name" text NOT NULL,
	"content" text NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "news_articles" ADD COLUMN "author" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "news_articles" ADD COLUMN "body" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "news_articles" ADD COLUMN "hot" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "news_articles" ADD COLUMN "banner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "news_articles" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "news_columns" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "news_columns" ADD COLUMN "body" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "news_columns" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "news_comment_flags" ADD CONSTRAINT "news_comment_flags_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_comments" ADD CONSTRAINT "news_comments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_comments" ADD CONSTRAINT "news_comments_article_id_news_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."news_articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_comments" ADD CONSTRAINT "news_comments_parent_id_news_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."news_comments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_comments_site_state" ON "news_comments" USING btree ("site_id","state","created_at");--> statement-breakpoint
CREATE INDEX "news_comments_parent" ON "news_comments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "news_comments_article" ON "news_comments" USING btree ("article_id","state");--> statement-breakpoint
ALTER TABLE "news_columns" ADD CONSTRAINT "news_columns_parent_id_news_columns_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."news_columns"("id") ON DELETE no action ON UPDATE no action;