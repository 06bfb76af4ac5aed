CREATE TABLE "subscription_revenue_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider" text NOT NULL,
	"subscription_id" text NOT NULL,
	"kind" text NOT NULL,
	"plan_id" text NOT NULL,
	"interval" text NOT NULL,
	"currency" text NOT NULL,
	"mrr_before_cents" integer NOT NULL,
	"mrr_after_cents" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "amount_due_cents" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "amount_due_currency" text;--> statement-breakpoint
CREATE INDEX "subscription_revenue_changes_account_idx" ON "subscription_revenue_changes" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "subscription_revenue_changes_at_idx" ON "subscription_revenue_changes" USING btree ("at");