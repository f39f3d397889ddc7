CREATE SEQUENCE "public"."withdrawal_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "commission_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"promoter_id" integer NOT NULL,
	"reason" text NOT NULL,
	"withdrawable_delta" integer NOT NULL,
	"frozen_delta" integer NOT NULL,
	"withdrawable_after" integer NOT NULL,
	"frozen_after" integer NOT NULL,
	"commission_id" integer,
	"withdrawal_id" integer,
	"order_no" text DEFAULT '' NOT NULL,
	"actor" text NOT NULL,
	"account_id" integer,
	"actor_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_ledger_change" CHECK (("commission_ledger"."withdrawable_delta" <> 0 or "commission_ledger"."frozen_delta" <> 0) and "commission_ledger"."frozen_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "commissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"line_id" integer NOT NULL,
	"buyer_member_id" integer NOT NULL,
	"promoter_id" integer NOT NULL,
	"level" integer NOT NULL,
	"base_fen" integer NOT NULL,
	"mode" text NOT NULL,
	"value" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	"void_fen" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commissions_amounts" CHECK ("commissions"."level" in (1, 2) and "commissions"."amount_fen" > 0 and "commissions"."void_fen" between 0 and "commissions"."amount_fen")
);
--> statement-breakpoint
CREATE TABLE "distribution_goods_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"mode" text NOT NULL,
	"level1" integer NOT NULL,
	"level2" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "distribution_goods_rules_values" CHECK ("distribution_goods_rules"."level1" >= 0 and "distribution_goods_rules"."level2" >= 0)
);
--> statement-breakpoint
CREATE TABLE "distribution_settings" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"levels" integer NOT NULL,
	"joining" text NOT NULL,
	"join_spending_fen" integer NOT NULL,
	"self_purchase" boolean NOT NULL,
	"level1_rate" integer NOT NULL,
	"level2_rate" integer NOT NULL,
	"settle_moment" text NOT NULL,
	"freeze_days" integer NOT NULL,
	"withdraw_min_fen" integer NOT NULL,
	"withdraw_fee_rate" integer NOT NULL,
	"withdraw_channels" text[] NOT NULL,
	"daily_limit_fen" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "distribution_settings_ranges" CHECK ("distribution_settings"."levels" in (1, 2) and "distribution_settings"."level1_rate" >= 0 and "distribution_settings"."level2_rate" >= 0
      and "distribution_settings"."level1_rate" + "distribution_settings"."level2_rate" <= 10000 and "distribution_settings"."freeze_days" >= 0
      and "distribution_settings"."withdraw_min_fen" >= 0 and "distribution_settings"."withdraw_fee_rate" between 0 and 10000
      and "distribution_settings"."daily_limit_fen" >= 0 and "distribution_settings"."join_spending_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promoter_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"decided_by" integer,
	"decider_name" text DEFAULT '' NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "promoter_grades" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"level1_rate" integer NOT NULL,
	"level2_rate" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promoter_grades_rates" CHECK ("promoter_grades"."level1_rate" >= 0 and "promoter_grades"."level2_rate" >= 0 and "promoter_grades"."level1_rate" + "promoter_grades"."level2_rate" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "promoter_wechat_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"promoter_id" integer NOT NULL,
	"open_id" text NOT NULL,
	"real_name" text NOT NULL,
	"state" text DEFAULT 'bound' NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unbound_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "promoters" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"parent_id" integer,
	"grade_id" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"withdrawable_fen" integer DEFAULT 0 NOT NULL,
	"frozen_fen" integer DEFAULT 0 NOT NULL,
	"earned_fen" integer DEFAULT 0 NOT NULL,
	"withdrawn_fen" integer DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promoters_balances" CHECK ("promoters"."frozen_fen" >= 0 and "promoters"."withdrawn_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "withdrawal_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"withdrawal_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"actor" text NOT NULL,
	"account_id" integer,
	"actor_name" text DEFAULT '' NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"withdrawal_no" text NOT NULL,
	"promoter_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"amount_fen" integer NOT NULL,
	"fee_fen" integer NOT NULL,
	"payout_fen" integer NOT NULL,
	"channel" text NOT NULL,
	"state" text DEFAULT 'applied' NOT NULL,
	"wechat_account_id" integer,
	"wechat_open_id" text DEFAULT '' NOT NULL,
	"wechat_real_name" text DEFAULT '' NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"bank_account_name" text DEFAULT '' NOT NULL,
	"bank_account_no" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"voucher" text DEFAULT '' NOT NULL,
	"pay_attempt" integer DEFAULT 0 NOT NULL,
	"out_batch_no" text DEFAULT '' NOT NULL,
	"payout_no" text DEFAULT '' NOT NULL,
	"checked_at" timestamp with time zone,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"paying_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_amounts" CHECK ("withdrawals"."amount_fen" > 0 and "withdrawals"."fee_fen" >= 0 and "withdrawals"."payout_fen" = "withdrawals"."amount_fen" - "withdrawals"."fee_fen"
      and "withdrawals"."payout_fen" > 0)
);
--> statement-breakpoint
ALTER TABLE "commission_ledger" ADD CONSTRAINT "commission_ledger_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_ledger" ADD CONSTRAINT "commission_ledger_promoter_id_promoters_id_fk" FOREIGN KEY ("promoter_id") REFERENCES "public"."promoters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_ledger" ADD CONSTRAINT "commission_ledger_commission_id_commissions_id_fk" FOREIGN KEY ("commission_id") REFERENCES "public"."commissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_ledger" ADD CONSTRAINT "commission_ledger_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_ledger" ADD CONSTRAINT "commission_ledger_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_line_id_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_buyer_member_id_members_id_fk" FOREIGN KEY ("buyer_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_promoter_id_promoters_id_fk" FOREIGN KEY ("promoter_id") REFERENCES "public"."promoters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_goods_rules" ADD CONSTRAINT "distribution_goods_rules_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_goods_rules" ADD CONSTRAINT "distribution_goods_rules_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_settings" ADD CONSTRAINT "distribution_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoter_applications" ADD CONSTRAINT "promoter_applications_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoter_applications" ADD CONSTRAINT "promoter_applications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoter_applications" ADD CONSTRAINT "promoter_applications_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoter_grades" ADD CONSTRAINT "promoter_grades_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoter_wechat_accounts" ADD CONSTRAINT "promoter_wechat_accounts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoter_wechat_accounts" ADD CONSTRAINT "promoter_wechat_accounts_promoter_id_promoters_id_fk" FOREIGN KEY ("promoter_id") REFERENCES "public"."promoters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoters" ADD CONSTRAINT "promoters_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoters" ADD CONSTRAINT "promoters_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoters" ADD CONSTRAINT "promoters_parent_id_promoters_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."promoters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoters" ADD CONSTRAINT "promoters_grade_id_promoter_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."promoter_grades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_log" ADD CONSTRAINT "withdrawal_log_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_log" ADD CONSTRAINT "withdrawal_log_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_log" ADD CONSTRAINT "withdrawal_log_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_promoter_id_promoters_id_fk" FOREIGN KEY ("promoter_id") REFERENCES "public"."promoters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_wechat_account_id_promoter_wechat_accounts_id_fk" FOREIGN KEY ("wechat_account_id") REFERENCES "public"."promoter_wechat_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_ledger_promoter" ON "commission_ledger" USING btree ("site_id","promoter_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_ledger_one_settle" ON "commission_ledger" USING btree ("commission_id") WHERE reason = 'settle';--> statement-breakpoint
CREATE UNIQUE INDEX "commissions_line_level" ON "commissions" USING btree ("line_id","level");--> statement-breakpoint
CREATE INDEX "commissions_order" ON "commissions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "commissions_site_promoter" ON "commissions" USING btree ("site_id","promoter_id","created_at");--> statement-breakpoint
CREATE INDEX "commissions_site_created" ON "commissions" USING btree ("site_id","created_at","id");--> statement-breakpoint
CREATE INDEX "commissions_pending" ON "commissions" USING btree ("order_id") WHERE state = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "distribution_goods_rules_product" ON "distribution_goods_rules" USING btree ("site_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promoter_applications_one_pending" ON "promoter_applications" USING btree ("site_id","member_id") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "promoter_applications_site_applied" ON "promoter_applications" USING btree ("site_id","applied_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "promoter_grades_site_name" ON "promoter_grades" USING btree ("site_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "promoter_wechat_one_bound" ON "promoter_wechat_accounts" USING btree ("site_id","promoter_id") WHERE state = 'bound';--> statement-breakpoint
CREATE INDEX "promoter_wechat_site_bound" ON "promoter_wechat_accounts" USING btree ("site_id","bound_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "promoters_site_member" ON "promoters" USING btree ("site_id","member_id");--> statement-breakpoint
CREATE INDEX "promoters_site_joined" ON "promoters" USING btree ("site_id","joined_at","id");--> statement-breakpoint
CREATE INDEX "promoters_parent" ON "promoters" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "withdrawal_log_withdrawal" ON "withdrawal_log" USING btree ("withdrawal_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_site_no" ON "withdrawals" USING btree ("site_id","withdrawal_no");--> statement-breakpoint
CREATE INDEX "withdrawals_site_applied" ON "withdrawals" USING btree ("site_id","applied_at","id");--> statement-breakpoint
CREATE INDEX "withdrawals_promoter" ON "withdrawals" USING btree ("site_id","promoter_id","applied_at");--> statement-breakpoint
CREATE INDEX "withdrawals_paying" ON "withdrawals" USING btree ("site_id","out_batch_no") WHERE state = 'paying';