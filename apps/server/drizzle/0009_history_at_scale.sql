CREATE TABLE "fax_tallies" (
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"direction" text NOT NULL,
	"faxes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fax_tallies_account_id_user_id_direction_pk" PRIMARY KEY("account_id","user_id","direction")
);
--> statement-breakpoint
CREATE TABLE "fax_usage" (
	"account_id" text NOT NULL,
	"month" date NOT NULL,
	"pages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fax_usage_account_id_month_pk" PRIMARY KEY("account_id","month")
);
--> statement-breakpoint
DROP INDEX "faxes_account_direction_created_idx";--> statement-breakpoint
ALTER TABLE "faxes" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(to_number, '') || chr(31) || coalesce(from_number, '') || chr(31) || coalesce(recipient_name, '') || chr(31) || coalesce(sender_name, '') || chr(31) || status)) STORED;--> statement-breakpoint
ALTER TABLE "fax_tallies" ADD CONSTRAINT "fax_tallies_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fax_usage" ADD CONSTRAINT "fax_usage_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "faxes_account_direction_status_idx" ON "faxes" USING btree ("account_id","direction","status","created_at","id");--> statement-breakpoint
CREATE INDEX "faxes_account_direction_pages_idx" ON "faxes" USING btree ("account_id","direction","pages","created_at","id");--> statement-breakpoint
CREATE INDEX "faxes_account_direction_to_idx" ON "faxes" USING btree ("account_id","direction","to_number","created_at","id");--> statement-breakpoint
CREATE INDEX "faxes_account_direction_from_idx" ON "faxes" USING btree ("account_id","direction","from_number","created_at","id");--> statement-breakpoint
CREATE INDEX "faxes_account_user_direction_created_idx" ON "faxes" USING btree ("account_id","user_id","direction","created_at","id");--> statement-breakpoint
CREATE INDEX "faxes_account_direction_created_idx" ON "faxes" USING btree ("account_id","direction","created_at","id");--> statement-breakpoint
-- Written by hand (drizzle-kit does not write extensions, expression indexes or triggers).
-- The history's substring search: one trigram index over the search text, led by the account (btree_gin).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "faxes_account_search_trgm_idx" ON "faxes" USING gin ("account_id", "search_text" gin_trgm_ops);--> statement-breakpoint
-- What one fax row adds to the tallies and the month's usage; the trigger applies the row's old part negatively.
CREATE FUNCTION faxline_apply_fax(f faxes, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF sign > 0 THEN
    INSERT INTO fax_tallies (account_id, user_id, direction, faxes) VALUES (f.account_id, '', f.direction, 1)
      ON CONFLICT (account_id, user_id, direction) DO UPDATE SET faxes = fax_tallies.faxes + 1;
    IF f.user_id IS NOT NULL AND f.direction = 'outbound' THEN
      INSERT INTO fax_tallies (account_id, user_id, direction, faxes) VALUES (f.account_id, f.user_id, f.direction, 1)
        ON CONFLICT (account_id, user_id, direction) DO UPDATE SET faxes = fax_tallies.faxes + 1;
    END IF;
  ELSE
    -- Plain updates: when the account itself is being deleted its rows may be gone already.
    UPDATE fax_tallies SET faxes = faxes - 1 WHERE account_id = f.account_id AND user_id = '' AND direction = f.direction;
    IF f.user_id IS NOT NULL AND f.direction = 'outbound' THEN
      UPDATE fax_tallies SET faxes = faxes - 1 WHERE account_id = f.account_id AND user_id = f.user_id AND direction = f.direction;
    END IF;
  END IF;
  IF f.pages IS NOT NULL AND f.status NOT IN ('failed', 'canceled') THEN
    IF sign > 0 THEN
      INSERT INTO fax_usage (account_id, month, pages)
        VALUES (f.account_id, date_trunc('month', f.created_at AT TIME ZONE 'UTC')::date, f.pages)
        ON CONFLICT (account_id, month) DO UPDATE SET pages = fax_usage.pages + EXCLUDED.pages;
    ELSE
      UPDATE fax_usage SET pages = pages - f.pages
        WHERE account_id = f.account_id AND month = date_trunc('month', f.created_at AT TIME ZONE 'UTC')::date;
    END IF;
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION faxline_fax_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM faxline_apply_fax(OLD, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM faxline_apply_fax(NEW, 1); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER faxes_counts_on_insert_or_delete AFTER INSERT OR DELETE ON faxes FOR EACH ROW EXECUTE FUNCTION faxline_fax_counts();--> statement-breakpoint
-- Most updates (status steps without pages, read marks) change no count: the trigger runs only when one could change.
CREATE TRIGGER faxes_counts_on_update AFTER UPDATE ON faxes FOR EACH ROW
  WHEN (OLD.account_id IS DISTINCT FROM NEW.account_id OR OLD.user_id IS DISTINCT FROM NEW.user_id
    OR OLD.direction IS DISTINCT FROM NEW.direction OR OLD.pages IS DISTINCT FROM NEW.pages
    OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR ((OLD.status IN ('failed', 'canceled')) IS DISTINCT FROM (NEW.status IN ('failed', 'canceled'))))
  EXECUTE FUNCTION faxline_fax_counts();--> statement-breakpoint
-- Counts an account's faxes from scratch (after bulk loads that bypass the trigger, or to check the tallies).
CREATE FUNCTION faxline_recount_account(account text) RETURNS void LANGUAGE sql AS $$
  DELETE FROM fax_tallies WHERE account_id = account;
  DELETE FROM fax_usage WHERE account_id = account;
  INSERT INTO fax_tallies (account_id, user_id, direction, faxes)
    SELECT account_id, '', direction, count(*) FROM faxes WHERE account_id = account GROUP BY account_id, direction
    UNION ALL
    SELECT account_id, user_id, direction, count(*) FROM faxes
      WHERE account_id = account AND user_id IS NOT NULL AND direction = 'outbound' GROUP BY account_id, user_id, direction;
  INSERT INTO fax_usage (account_id, month, pages)
    SELECT account_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, sum(pages) FROM faxes
      WHERE account_id = account AND pages IS NOT NULL AND status NOT IN ('failed', 'canceled')
      GROUP BY 1, 2;
$$;--> statement-breakpoint
SELECT faxline_recount_account(id) FROM accounts;
