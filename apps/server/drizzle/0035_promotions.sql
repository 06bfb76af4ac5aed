CREATE TABLE "promotions" (
	"id" text PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"currency" text NOT NULL,
	"applies_to" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"max_redemptions" integer,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"provider" text NOT NULL,
	"provider_coupon_id" text NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_one_discount" CHECK (("promotions"."percent_off" is null) <> ("promotions"."amount_off_cents" is null)),
	CONSTRAINT "promotions_period" CHECK ("promotions"."valid_until" > "promotions"."valid_from")
);
--> statement-breakpoint
CREATE INDEX "promotions_provider_coupon_idx" ON "promotions" USING btree ("provider","provider_coupon_id");