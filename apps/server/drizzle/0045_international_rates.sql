CREATE TABLE "international_rates" (
	"country" text PRIMARY KEY NOT NULL,
	"cents_per_page" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
