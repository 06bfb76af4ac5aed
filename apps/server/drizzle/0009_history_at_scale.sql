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
-- The tallies and the month's usage follow every insert, delete and change of faxes, in the same transaction, once per
-- statement (a bulk insert of a million rows updates each count once, not a million times). Negative changes only
-- update existing rows: when an account is deleted, its counts may be gone before its faxes.
CREATE FUNCTION faxline_fax_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT account_id, user_id, direction, status, pages, created_at, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT account_id, user_id, direction, status, pages, created_at, -1 AS sign FROM old_rows'
    ELSE 'SELECT account_id, user_id, direction, status, pages, created_at, 1 AS sign FROM new_rows
          UNION ALL SELECT account_id, user_id, direction, status, pages, created_at, -1 AS sign FROM old_rows' END;
BEGIN
  EXECUTE format($sql$
    WITH changes AS (%s),
    deltas AS (
      SELECT account_id, key, direction, sum(sign)::int AS n FROM (
        SELECT account_id, '' AS key, direction, sign FROM changes
        UNION ALL
        SELECT account_id, user_id, direction, sign FROM changes WHERE user_id IS NOT NULL AND direction = 'outbound'
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
  EXECUTE format($sql$
    WITH changes AS (%s),
    deltas AS (
      SELECT account_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date AS month, sum(sign * pages)::int AS n
      FROM changes WHERE pages IS NOT NULL AND status NOT IN ('failed', 'canceled')
      GROUP BY 1, 2 HAVING sum(sign * pages) <> 0
    ),
    updated AS (
      UPDATE fax_usage AS u SET pages = u.pages + d.n FROM deltas AS d
      WHERE u.account_id = d.account_id AND u.month = d.month
      RETURNING u.account_id, u.month
    )
    INSERT INTO fax_usage AS u (account_id, month, pages)
    SELECT d.account_id, d.month, d.n FROM deltas AS d
    WHERE d.n > 0 AND NOT EXISTS (SELECT 1 FROM updated AS x WHERE x.account_id = d.account_id AND x.month = d.month)
    ON CONFLICT (account_id, month) DO UPDATE SET pages = u.pages + EXCLUDED.pages
  $sql$, changes);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER faxes_counts_on_insert AFTER INSERT ON faxes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION faxline_fax_counts();--> statement-breakpoint
CREATE TRIGGER faxes_counts_on_update AFTER UPDATE ON faxes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION faxline_fax_counts();--> statement-breakpoint
CREATE TRIGGER faxes_counts_on_delete AFTER DELETE ON faxes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION faxline_fax_counts();--> statement-breakpoint
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
