ALTER TABLE "faxes" ADD COLUMN "pages_sent" integer;--> statement-breakpoint
ALTER TABLE "faxes" ADD COLUMN "next_try_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "faxes" ADD COLUMN "retry_reason" text;--> statement-breakpoint
ALTER TABLE "faxes" ADD COLUMN "resent_from_id" uuid;--> statement-breakpoint
ALTER TABLE "faxes" ADD CONSTRAINT "faxes_resent_from_id_faxes_id_fk" FOREIGN KEY ("resent_from_id") REFERENCES "public"."faxes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Written by hand (drizzle-kit does not write functions). The month counts what the line confirmed (issue 15): a sent
-- fax's pages while it is on its way (so that two faxes cannot both slip under the plan), then the pages the receiving
-- machine confirmed once it ends delivered or partly delivered; a failed or canceled fax counts nothing.
CREATE OR REPLACE FUNCTION faxline_pages_used(status text, pages int, pages_sent int) RETURNS int LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN status IN ('failed', 'canceled') THEN NULL ELSE coalesce(pages_sent, pages) END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION faxline_fax_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT account_id, user_id, direction, faxline_pages_used(status, pages, pages_sent) AS used, created_at, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT account_id, user_id, direction, faxline_pages_used(status, pages, pages_sent) AS used, created_at, -1 AS sign FROM old_rows'
    ELSE 'SELECT account_id, user_id, direction, faxline_pages_used(status, pages, pages_sent) AS used, created_at, 1 AS sign FROM new_rows
          UNION ALL SELECT account_id, user_id, direction, faxline_pages_used(status, pages, pages_sent) AS used, created_at, -1 AS sign FROM old_rows' END;
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
      SELECT account_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date AS month, sum(sign * used)::int AS n
      FROM changes WHERE used IS NOT NULL
      GROUP BY 1, 2 HAVING sum(sign * used) <> 0
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
    SELECT account_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, sum(faxline_pages_used(status, pages, pages_sent))
      FROM faxes WHERE account_id = account AND faxline_pages_used(status, pages, pages_sent) IS NOT NULL
      GROUP BY 1, 2;
  INSERT INTO fax_search_tallies (account_id, user_id, direction, status, unread, search_text, faxes)
    SELECT account_id, coalesce(user_id, ''), direction, status, direction = 'inbound' AND read_at IS NULL, search_text, count(*)
    FROM faxes WHERE account_id = account GROUP BY 1, 2, 3, 4, 5, 6;
$$;--> statement-breakpoint
-- Faxes that ended before this: the pages their last try confirmed (the trigger moves the month's usage with them).
UPDATE faxes AS f SET pages_sent = a.pages_sent
  FROM (SELECT DISTINCT ON (fax_id) fax_id, pages_sent FROM fax_attempts WHERE result IN ('delivered', 'partially_delivered')
        ORDER BY fax_id, number DESC) AS a
  WHERE f.id = a.fax_id AND f.direction = 'outbound' AND f.status IN ('delivered', 'partially_delivered');
