CREATE TABLE "line_profiles" (
	"to_number" text PRIMARY KEY NOT NULL,
	"start_modem" text DEFAULT 'v17' NOT NULL,
	"ecm" text DEFAULT 'unknown' NOT NULL,
	"best_bit_rate" integer,
	"training_failures" integer DEFAULT 0 NOT NULL,
	"ecm_failures" integer DEFAULT 0 NOT NULL,
	"transport" text,
	"last_delivered_line" text,
	"last_result" text,
	"calls" integer DEFAULT 0 NOT NULL,
	"deliveries" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
