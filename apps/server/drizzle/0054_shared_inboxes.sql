CREATE TABLE "inbox_members" (
	"inbox_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"account_id" text NOT NULL,
	CONSTRAINT "inbox_members_inbox_id_user_id_pk" PRIMARY KEY("inbox_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "inbox_numbers" (
	"account_id" text NOT NULL,
	"phone_number" text NOT NULL,
	"inbox_id" uuid NOT NULL,
	CONSTRAINT "inbox_numbers_account_id_phone_number_pk" PRIMARY KEY("account_id","phone_number")
);
--> statement-breakpoint
CREATE TABLE "inboxes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "routing_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"conditions" jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "faxes" ADD COLUMN "inbox_id" uuid;--> statement-breakpoint
ALTER TABLE "faxes" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "faxes" ADD COLUMN "labels" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "faxes" ADD COLUMN "state" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "faxes" ADD COLUMN "folder" text DEFAULT 'inbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "faxes" ADD COLUMN "filed_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "faxes" ADD COLUMN "routed_by" jsonb;--> statement-breakpoint
ALTER TABLE "inbox_members" ADD CONSTRAINT "inbox_members_inbox_id_inboxes_id_fk" FOREIGN KEY ("inbox_id") REFERENCES "public"."inboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_members" ADD CONSTRAINT "inbox_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_members" ADD CONSTRAINT "inbox_members_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_numbers" ADD CONSTRAINT "inbox_numbers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_numbers" ADD CONSTRAINT "inbox_numbers_inbox_id_inboxes_id_fk" FOREIGN KEY ("inbox_id") REFERENCES "public"."inboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inboxes" ADD CONSTRAINT "inboxes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_rules" ADD CONSTRAINT "routing_rules_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_members_user_idx" ON "inbox_members" USING btree ("user_id","inbox_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inboxes_account_name_idx" ON "inboxes" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE INDEX "routing_rules_account_position_idx" ON "routing_rules" USING btree ("account_id","position");--> statement-breakpoint
ALTER TABLE "faxes" ADD CONSTRAINT "faxes_inbox_id_inboxes_id_fk" FOREIGN KEY ("inbox_id") REFERENCES "public"."inboxes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faxes" ADD CONSTRAINT "faxes_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "faxes_inbox_folder_created_idx" ON "faxes" USING btree ("account_id","inbox_id","folder","direction","created_at","id");--> statement-breakpoint
CREATE INDEX "faxes_inbox_new_idx" ON "faxes" USING btree ("account_id","inbox_id") WHERE "faxes"."state" = 'new' AND "faxes"."folder" = 'inbox' AND "faxes"."filed_at" IS NOT NULL;--> statement-breakpoint
-- Written by hand (drizzle-kit does not write functions or triggers). Shared inboxes (decision 103): a User sees the
-- received faxes of the inboxes they belong to and those in none, once filed; the history's counts follow. A received
-- fax is counted under its inbox's key ('inbox:' and its id, 'inbox:' alone for none) once filed; before that only in
-- the account's total, which the owner and sub-admins see.
CREATE FUNCTION faxline_inbound_key(filed_at timestamptz, inbox_id uuid) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN filed_at IS NULL THEN NULL ELSE 'inbox:' || coalesce(inbox_id::text, '') END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION faxline_fax_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  columns text := 'account_id, user_id, direction, faxline_inbound_key(filed_at, inbox_id) AS inbox_key';
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %s, 1 AS sign FROM new_rows', columns)
    WHEN 'DELETE' THEN format('SELECT %s, -1 AS sign FROM old_rows', columns)
    ELSE format('SELECT %s, 1 AS sign FROM new_rows UNION ALL SELECT %s, -1 AS sign FROM old_rows', columns, columns) END;
BEGIN
  EXECUTE format($sql$
    WITH changes AS (%s),
    deltas AS (
      SELECT account_id, key, direction, sum(sign)::int AS n FROM (
        SELECT account_id, '' AS key, direction, sign FROM changes
        UNION ALL
        SELECT account_id, user_id, direction, sign FROM changes WHERE user_id IS NOT NULL AND direction = 'outbound'
        UNION ALL
        SELECT account_id, inbox_key, direction, sign FROM changes WHERE inbox_key IS NOT NULL AND direction = 'inbound'
      ) AS parts GROUP BY account_id, key, direction HAVING sum(sign) <> 0
    ),
    updated AS (
      UPDATE fax_tallies AS t SET faxes = t.faxes + d.n FROM deltas AS d
      WHERE t.account_id = d.account_id AND t.user_id = d.key AND t.direction = d.direction
      RETURNING t.account_id, t.user_id, t.direction
    )
    INSERT INTO fax_tallies AS t (account_id, user_id, direction, faxes)
    SELECT d.account_id, d.key, d.direction, d.n FROM deltas AS d
    WHERE d.n > 0 AND NOT EXISTS (
      SELECT 1 FROM updated AS u WHERE u.account_id = d.account_id AND u.user_id = d.key AND u.direction = d.direction)
    ON CONFLICT (account_id, user_id, direction) DO UPDATE SET faxes = t.faxes + EXCLUDED.faxes
  $sql$, changes);
  RETURN NULL;
END $$;--> statement-breakpoint
-- A fax's key in the search tallies: a sent fax's sender, a received fax's inbox key ('unfiled' until filed).
CREATE OR REPLACE FUNCTION faxline_search_key(fax faxes, sign int) RETURNS fax_search_delta LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(fax.account_id,
    CASE WHEN fax.direction = 'inbound' THEN coalesce(faxline_inbound_key(fax.filed_at, fax.inbox_id), 'unfiled')
      ELSE coalesce(fax.user_id, '') END,
    fax.direction, fax.status, fax.direction = 'inbound' AND fax.read_at IS NULL, fax.search_text, sign)::fax_search_delta
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION faxline_recount_account(account text) RETURNS void LANGUAGE sql AS $$
  DELETE FROM fax_tallies WHERE account_id = account;
  DELETE FROM fax_search_tallies WHERE account_id = account;
  INSERT INTO fax_tallies (account_id, user_id, direction, faxes)
    SELECT account_id, '', direction, count(*) FROM faxes WHERE account_id = account GROUP BY account_id, direction
    UNION ALL
    SELECT account_id, user_id, direction, count(*) FROM faxes
      WHERE account_id = account AND user_id IS NOT NULL AND direction = 'outbound' GROUP BY account_id, user_id, direction
    UNION ALL
    SELECT account_id, faxline_inbound_key(filed_at, inbox_id), direction, count(*) FROM faxes
      WHERE account_id = account AND direction = 'inbound' AND filed_at IS NOT NULL GROUP BY 1, 2, 3;
  INSERT INTO fax_search_tallies (account_id, user_id, direction, status, unread, search_text, faxes)
    SELECT k.account_id, k.user_id, k.direction, k.status, k.unread, k.search_text, count(*)
    FROM faxes AS f, faxline_search_key(f, 1) AS k WHERE f.account_id = account GROUP BY 1, 2, 3, 4, 5, 6;
$$;--> statement-breakpoint
SELECT faxline_recount_account(id) FROM accounts;--> statement-breakpoint
-- The outbox: a received fax is `fax.received` once filed (at once, or when the account's rules have placed it), so
-- that those told of it are the people who may see it then. A fax that waits for the rules records `fax.landed`, an
-- event of Faxline's own that only the routing job consumes (never a webhook, e-mail or bell). `fax.classified` is
-- recorded for a filed fax only: before, its class goes out with `fax.received`.
CREATE OR REPLACE FUNCTION faxline_record_fax_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  recorded int;
  more int;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO fax_events (account_id, fax_id, user_id, type)
    SELECT account_id, id, user_id,
      CASE WHEN status = 'received' AND filed_at IS NULL THEN 'fax.landed' ELSE faxline_fax_event_type(status) END
    FROM new_rows WHERE faxline_fax_event_type(status) IS NOT NULL;
    GET DIAGNOSTICS recorded = ROW_COUNT;
  ELSE
    INSERT INTO fax_events (account_id, fax_id, user_id, type)
    SELECT n.account_id, n.id, n.user_id, faxline_fax_event_type(n.status)
    FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
    WHERE faxline_fax_event_type(n.status) IS NOT NULL AND (
      (n.status IS DISTINCT FROM o.status AND (n.status <> 'received' OR n.filed_at IS NOT NULL))
      OR (n.status = 'received' AND o.filed_at IS NULL AND n.filed_at IS NOT NULL));
    GET DIAGNOSTICS recorded = ROW_COUNT;
    INSERT INTO fax_events (account_id, fax_id, user_id, type)
    SELECT n.account_id, n.id, n.user_id, 'fax.classified'
    FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
    WHERE n.document_class IS NOT NULL AND n.document_class IS DISTINCT FROM o.document_class
      AND o.filed_at IS NOT NULL AND n.filed_at IS NOT NULL;
    GET DIAGNOSTICS more = ROW_COUNT;
    recorded := recorded + more;
  END IF;
  -- Wakes the relay at commit (one notification per transaction: PostgreSQL folds identical ones).
  IF recorded > 0 THEN PERFORM pg_notify('faxline_fax_events', ''); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Who belongs to an inbox decides what a User sees: a change drops the account's history pages kept in memory (0011).
CREATE TRIGGER inbox_members_changed_on_insert AFTER INSERT ON inbox_members REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_accounts_changed('account_changed');--> statement-breakpoint
CREATE TRIGGER inbox_members_changed_on_delete AFTER DELETE ON inbox_members REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_accounts_changed('account_changed');--> statement-breakpoint
CREATE TRIGGER inbox_members_changed_on_truncate AFTER TRUNCATE ON inbox_members
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed('account_changed');
