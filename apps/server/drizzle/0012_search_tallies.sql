CREATE TABLE "fax_search_tallies" (
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"direction" text NOT NULL,
	"status" text NOT NULL,
	"unread" boolean NOT NULL,
	"search_text" text NOT NULL,
	"faxes" integer NOT NULL,
	CONSTRAINT "fax_search_tallies_pk" PRIMARY KEY("account_id","direction","user_id","status","unread","search_text")
);
--> statement-breakpoint
ALTER TABLE "fax_search_tallies" ADD CONSTRAINT "fax_search_tallies_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand (drizzle-kit does not write expression indexes, functions or triggers).
-- A search's counts (faxes/list-faxes.ts): the matching rows of fax_search_tallies, found by their own trigram index.
CREATE INDEX "fax_search_tallies_search_trgm_idx" ON "fax_search_tallies" USING gin ("account_id", "search_text" gin_trgm_ops);--> statement-breakpoint
-- The search tallies follow every insert, delete and change of faxes, in the same transaction, once per statement (as
-- 0009's counts do). Rows are locked in key order before they change, so that two transactions changing the same keys
-- wait for each other instead of deadlocking; a row whose count reaches 0 is deleted.
CREATE FUNCTION faxline_fax_search_tallies() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keyed text := 'SELECT account_id, coalesce(user_id, '''') AS user_id, direction, status,
    direction = ''inbound'' AND read_at IS NULL AS unread, search_text, %s AS sign FROM %s';
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN format(keyed, 1, 'new_rows')
    WHEN 'DELETE' THEN format(keyed, -1, 'old_rows')
    ELSE format(keyed, 1, 'new_rows') || ' UNION ALL ' || format(keyed, -1, 'old_rows') END;
  deltas text := format('WITH deltas AS (SELECT account_id, user_id, direction, status, unread, search_text, sum(sign)::int AS n
    FROM (%s) AS changes GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(sign) <> 0)', changes);
  same text := 't.account_id = d.account_id AND t.direction = d.direction AND t.user_id = d.user_id AND t.status = d.status
    AND t.unread = d.unread AND t.search_text = d.search_text';
BEGIN
  EXECUTE format('%s SELECT 1 FROM fax_search_tallies AS t JOIN deltas AS d ON %s
    ORDER BY t.account_id, t.direction, t.user_id, t.status, t.unread, t.search_text FOR UPDATE OF t', deltas, same);
  EXECUTE format('%s, updated AS (UPDATE fax_search_tallies AS t SET faxes = t.faxes + d.n FROM deltas AS d WHERE %s RETURNING t.*)
    INSERT INTO fax_search_tallies AS t (account_id, user_id, direction, status, unread, search_text, faxes)
    SELECT d.account_id, d.user_id, d.direction, d.status, d.unread, d.search_text, d.n FROM deltas AS d
    WHERE d.n > 0 AND NOT EXISTS (SELECT 1 FROM updated AS t WHERE %s)
    ON CONFLICT ON CONSTRAINT fax_search_tallies_pk DO UPDATE SET faxes = t.faxes + EXCLUDED.faxes', deltas, same, same);
  EXECUTE format('%s DELETE FROM fax_search_tallies AS t USING deltas AS d WHERE %s AND d.n < 0 AND t.faxes <= 0', deltas, same);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER faxes_search_tallies_on_insert AFTER INSERT ON faxes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION faxline_fax_search_tallies();--> statement-breakpoint
CREATE TRIGGER faxes_search_tallies_on_update AFTER UPDATE ON faxes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION faxline_fax_search_tallies();--> statement-breakpoint
CREATE TRIGGER faxes_search_tallies_on_delete AFTER DELETE ON faxes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION faxline_fax_search_tallies();--> statement-breakpoint
-- 0009's recount, now rebuilding the search tallies too.
CREATE OR REPLACE FUNCTION faxline_recount_account(account text) RETURNS void LANGUAGE sql AS $$
  DELETE FROM fax_tallies WHERE account_id = account;
  DELETE FROM fax_usage WHERE account_id = account;
  DELETE FROM fax_search_tallies WHERE account_id = account;
  INSERT INTO fax_tallies (account_id, user_id, direction, faxes)
    SELECT account_id, '', direction, count(*) FROM faxes WHERE account_id = account GROUP BY account_id, direction
    UNION ALL
    SELECT account_id, user_id, direction, count(*) FROM faxes
      WHERE account_id = account AND user_id IS NOT NULL AND direction = 'outbound' GROUP BY account_id, user_id, direction;
  INSERT INTO fax_usage (account_id, month, pages)
    SELECT account_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, sum(pages) FROM faxes
      WHERE account_id = account AND pages IS NOT NULL AND status NOT IN ('failed', 'canceled')
      GROUP BY 1, 2;
  INSERT INTO fax_search_tallies (account_id, user_id, direction, status, unread, search_text, faxes)
    SELECT account_id, coalesce(user_id, ''), direction, status, direction = 'inbound' AND read_at IS NULL, search_text, count(*)
    FROM faxes WHERE account_id = account GROUP BY 1, 2, 3, 4, 5, 6;
$$;--> statement-breakpoint
INSERT INTO fax_search_tallies (account_id, user_id, direction, status, unread, search_text, faxes)
  SELECT account_id, coalesce(user_id, ''), direction, status, direction = 'inbound' AND read_at IS NULL, search_text, count(*)
  FROM faxes GROUP BY 1, 2, 3, 4, 5, 6;
