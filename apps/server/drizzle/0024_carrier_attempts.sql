CREATE TABLE "carrier_events" (
	"carrier" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"carrier_fax_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrier_events_carrier_event_id_pk" PRIMARY KEY("carrier","event_id")
);
--> statement-breakpoint
ALTER TABLE "fax_attempts" ADD COLUMN "carrier_fax_id" text;--> statement-breakpoint
CREATE INDEX "fax_attempts_carrier_fax_idx" ON "fax_attempts" USING btree ("line","carrier_fax_id");