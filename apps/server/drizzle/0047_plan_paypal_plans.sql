ALTER TABLE "plans" ADD COLUMN "paypal_monthly_plan_id" text;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "paypal_yearly_plan_id" text;