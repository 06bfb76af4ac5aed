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
-- 0009's counts do). One trigger function per operation, so that each names its transition tables in plain SQL, and one
-- function that applies the changes (its statements are planned once per connection, not at every fax change). Rows are
-- locked in key order before they change, so that two transactions changing the same keys wait for each other instead
-- of deadlocking; a row whose count reaches 0 is deleted.
CREATE TYPE fax_search_delta AS (account_id text, user_id text, direction text, status text, unread boolean, search_text text, n int);--> statement-breakpoint
CREATE FUNCTION faxline_apply_search_deltas(deltas fax_search_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(deltas) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM fax_search_tallies AS t JOIN unnest(deltas) AS d
    ON t.account_id = d.account_id AND t.direction = d.direction AND t.user_id = d.user_id AND t.status = d.status
      AND t.unread = d.unread AND t.search_text = d.search_text
    ORDER BY t.account_id, t.direction, t.user_id, t.status, t.unread, t.search_text FOR UPDATE OF t;
  WITH updated AS (
    UPDATE fax_search_tallies AS t SET faxes = t.faxes + d.n FROM unnest(deltas) AS d
    WHERE t.account_id = d.account_id AND t.direction = d.direction AND t.user_id = d.user_id AND t.status = d.status
      AND t.unread = d.unread AND t.search_text = d.search_text
    RETURNING t.account_id, t.direction, t.user_id, t.status, t.unread, t.search_text
  )
  INSERT INTO fax_search_tallies AS t (account_id, user_id, direction, status, unread, search_text, faxes)
  SELECT d.account_id, d.user_id, d.direction, d.status, d.unread, d.search_text, d.n FROM unnest(deltas) AS d
  WHERE d.n > 0 AND NOT EXISTS (SELECT 1 FROM updated AS u WHERE u.account_id = d.account_id AND u.direction = d.direction
    AND u.user_id = d.user_id AND u.status = d.status AND u.unread = d.unread AND u.search_text = d.search_text)
  ON CONFLICT ON CONSTRAINT fax_search_tallies_pk DO UPDATE SET faxes = t.faxes + EXCLUDED.faxes;
  DELETE FROM fax_search_tallies AS t USING unnest(deltas) AS d
  WHERE t.account_id = d.account_id AND t.direction = d.direction AND t.user_id = d.user_id AND t.status = d.status
    AND t.unread = d.unread AND t.search_text = d.search_text AND d.n < 0 AND t.faxes <= 0;
END $$;--> statement-breakpoint
-- A fax's key in the search tallies.
CREATE FUNCTION faxline_search_key(fax faxes, sign int) RETURNS fax_search_delta LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(fax.account_id, coalesce(fax.user_id, ''), fax.direction, fax.status,
    fax.direction = 'inbound' AND fax.read_at IS NULL, fax.search_text, sign)::fax_search_delta
$$;--> statement-breakpoint
CREATE FUNCTION faxline_search_tallies_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM faxline_apply_search_deltas(ARRAY(
    SELECT ROW(account_id, user_id, direction, status, unread, search_text, n)::fax_search_delta FROM (
      SELECT k.account_id, k.user_id, k.direction, k.status, k.unread, k.search_text, sum(k.n)::int AS n
      FROM (SELECT k.* FROM new_rows AS f, faxline_search_key(f, 1) AS k) AS k GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(k.n) <> 0) AS changed));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION faxline_search_tallies_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM faxline_apply_search_deltas(ARRAY(
    SELECT ROW(account_id, user_id, direction, status, unread, search_text, n)::fax_search_delta FROM (
      SELECT k.account_id, k.user_id, k.direction, k.status, k.unread, k.search_text, sum(k.n)::int AS n
      FROM (SELECT k.* FROM old_rows AS f, faxline_search_key(f, -1) AS k) AS k GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(k.n) <> 0) AS changed));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION faxline_search_tallies_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM faxline_apply_search_deltas(ARRAY(
    SELECT ROW(account_id, user_id, direction, status, unread, search_text, n)::fax_search_delta FROM (
      SELECT k.account_id, k.user_id, k.direction, k.status, k.unread, k.search_text, sum(k.n)::int AS n
      FROM (SELECT k.* FROM new_rows AS f, faxline_search_key(f, 1) AS k
        UNION ALL SELECT k.* FROM old_rows AS f, faxline_search_key(f, -1) AS k) AS k GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(k.n) <> 0) AS changed));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER faxes_search_tallies_on_insert AFTER INSERT ON faxes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION faxline_search_tallies_on_insert();--> statement-breakpoint
CREATE TRIGGER faxes_search_tallies_on_update AFTER UPDATE ON faxes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION faxline_search_tallies_on_update();--> statement-breakpoint
CREATE TRIGGER faxes_search_tallies_on_delete AFTER DELETE ON faxes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION faxline_search_tallies_on_delete();--> statement-breakpoint
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
