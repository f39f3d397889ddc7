ALTER TABLE "wechat_connections" DROP COLUMN "app_id";--> statement-breakpoint
ALTER TABLE "wechat_connections" DROP COLUMN "app_secret_sealed";--> statement-breakpoint
ALTER TABLE "wechat_connections" DROP COLUMN "app_secret_hint";--> statement-breakpoint
ALTER TABLE "wechat_connections" DROP COLUMN "push_token";