CREATE TABLE "event_deliveries" (
	"event_id" uuid NOT NULL,
	"consumer" text NOT NULL,
	"target" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_deliveries_event_id_consumer_target_pk" PRIMARY KEY("event_id","consumer","target")
);
--> statement-breakpoint
CREATE TABLE "fax_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" text NOT NULL,
	"fax_id" uuid NOT NULL,
	"user_id" text,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_reads" (
	"user_id" text NOT NULL,
	"event_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_reads_user_id_event_id_pk" PRIMARY KEY("user_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "platform_event_reads" (
	"user_id" text NOT NULL,
	"event_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_event_reads_user_id_event_id_pk" PRIMARY KEY("user_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "platform_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"account_id" text,
	"subject_id" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"response_status" integer,
	"response_excerpt" text,
	"error" text,
	"duration_ms" integer
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" text NOT NULL,
	"created_by" text,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"events" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"signing" text DEFAULT 'hmac-sha256' NOT NULL,
	"secret" text NOT NULL,
	"public_key" text,
	"previous_secret" text,
	"previous_secret_expires_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"disabled_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_id" uuid,
	"type" text NOT NULL,
	"payload" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"next_try_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "documents_in_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "mailbox_messages" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "fax_numbers" ADD COLUMN "email_recipients" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_deliveries" ADD CONSTRAINT "event_deliveries_event_id_fax_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."fax_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fax_events" ADD CONSTRAINT "fax_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fax_events" ADD CONSTRAINT "fax_events_fax_id_faxes_id_fk" FOREIGN KEY ("fax_id") REFERENCES "public"."faxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_event_id_fax_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."fax_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_event_reads" ADD CONSTRAINT "platform_event_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_event_reads" ADD CONSTRAINT "platform_event_reads_event_id_platform_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."platform_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_events" ADD CONSTRAINT "platform_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_message_id_webhook_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."webhook_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD CONSTRAINT "webhook_messages_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD CONSTRAINT "webhook_messages_event_id_fax_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."fax_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fax_events_undispatched_idx" ON "fax_events" USING btree ("created_at") WHERE "fax_events"."dispatched_at" IS NULL;--> statement-breakpoint
CREATE INDEX "fax_events_account_idx" ON "fax_events" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "fax_events_fax_idx" ON "fax_events" USING btree ("fax_id");--> statement-breakpoint
CREATE INDEX "platform_events_created_idx" ON "platform_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_events_subject_idx" ON "platform_events" USING btree ("type","subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_attempts_message_number_idx" ON "webhook_attempts" USING btree ("message_id","number");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_account_idx" ON "webhook_endpoints" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_messages_event_endpoint_idx" ON "webhook_messages" USING btree ("event_id","endpoint_id");--> statement-breakpoint
CREATE INDEX "webhook_messages_endpoint_idx" ON "webhook_messages" USING btree ("endpoint_id","created_at");--> statement-breakpoint
-- The outbox (issue 18): every change of a fax's status writes its event in the same transaction, whatever code made
-- it, once per statement. 'converting' is a step inside the service, not an event; a scheduled fax is queued too.
CREATE FUNCTION faxline_fax_event_type(status text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE status
    WHEN 'queued' THEN 'fax.queued' WHEN 'scheduled' THEN 'fax.queued' WHEN 'sending' THEN 'fax.sending'
    WHEN 'delivered' THEN 'fax.delivered' WHEN 'partially_delivered' THEN 'fax.partially_delivered'
    WHEN 'failed' THEN 'fax.failed' WHEN 'canceled' THEN 'fax.canceled' WHEN 'received' THEN 'fax.received'
  END
$$;--> statement-breakpoint
CREATE FUNCTION faxline_record_fax_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  recorded int;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO fax_events (account_id, fax_id, user_id, type)
    SELECT account_id, id, user_id, faxline_fax_event_type(status) FROM new_rows
    WHERE faxline_fax_event_type(status) IS NOT NULL;
  ELSE
    INSERT INTO fax_events (account_id, fax_id, user_id, type)
    SELECT n.account_id, n.id, n.user_id, faxline_fax_event_type(n.status)
    FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
    WHERE n.status IS DISTINCT FROM o.status AND faxline_fax_event_type(n.status) IS NOT NULL;
  END IF;
  GET DIAGNOSTICS recorded = ROW_COUNT;
  -- Wakes the relay at commit (one notification per transaction: PostgreSQL folds identical ones).
  IF recorded > 0 THEN PERFORM pg_notify('faxline_fax_events', ''); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER faxes_events_on_insert AFTER INSERT ON faxes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION faxline_record_fax_events();--> statement-breakpoint
CREATE TRIGGER faxes_events_on_update AFTER UPDATE ON faxes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION faxline_record_fax_events();
