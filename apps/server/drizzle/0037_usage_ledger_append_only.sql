-- Written by hand (drizzle-kit does not write triggers). The usage ledger is append-only (decision 086): a line is
-- never changed, and a correction is a new line. It goes only with its account (the cascade of an account's deletion
-- runs inside the foreign key's own trigger, hence the depth test); TRUNCATE is refused too.
CREATE FUNCTION usage_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'usage_ledger is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER usage_ledger_no_update_or_delete BEFORE UPDATE OR DELETE ON usage_ledger FOR EACH ROW EXECUTE FUNCTION usage_ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER usage_ledger_no_truncate BEFORE TRUNCATE ON usage_ledger FOR EACH STATEMENT EXECUTE FUNCTION usage_ledger_append_only();
--> statement-breakpoint
-- The faxes that ended before the ledger: their pages as the month's usage counted them, charged at their end.
INSERT INTO usage_ledger (account_id, fax_id, direction, other_number, pages, kind, rate_cents, currency, at)
SELECT f.account_id, f.id, f.direction,
       CASE WHEN f.direction = 'inbound' THEN f.from_number ELSE f.to_number END,
       coalesce(f.pages_sent, f.pages), 'included', 0, coalesce(p.currency, 'USD'), coalesce(f.completed_at, f.created_at)
FROM faxes AS f
JOIN accounts AS a ON a.id = f.account_id
LEFT JOIN plans AS p ON p.id = a.plan_id
WHERE f.status IN ('delivered', 'partially_delivered', 'received') AND coalesce(f.pages_sent, f.pages) > 0
ON CONFLICT (fax_id, kind) DO NOTHING;

--> statement-breakpoint
-- Written by hand (drizzle-kit does not write functions). The usage ledger is the only count of pages (decision 086):
-- the trigger on faxes keeps the history's tallies only, and the recount rebuilds those; the table goes next.
CREATE OR REPLACE FUNCTION faxline_fax_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT account_id, user_id, direction, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT account_id, user_id, direction, -1 AS sign FROM old_rows'
    ELSE 'SELECT account_id, user_id, direction, 1 AS sign FROM new_rows
          UNION ALL SELECT account_id, user_id, direction, -1 AS sign FROM old_rows' END;
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
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION faxline_recount_account(account text) RETURNS void LANGUAGE sql AS $$
  DELETE FROM fax_tallies WHERE account_id = account;
  DELETE FROM fax_search_tallies WHERE account_id = account;
  INSERT INTO fax_tallies (account_id, user_id, direction, faxes)
    SELECT account_id, '', direction, count(*) FROM faxes WHERE account_id = account GROUP BY account_id, direction
    UNION ALL
    SELECT account_id, user_id, direction, count(*) FROM faxes
      WHERE account_id = account AND user_id IS NOT NULL AND direction = 'outbound' GROUP BY account_id, user_id, direction;
  INSERT INTO fax_search_tallies (account_id, user_id, direction, status, unread, search_text, faxes)
    SELECT account_id, coalesce(user_id, ''), direction, status, direction = 'inbound' AND read_at IS NULL, search_text, count(*)
    FROM faxes WHERE account_id = account GROUP BY 1, 2, 3, 4, 5, 6;
$$;--> statement-breakpoint
DROP FUNCTION faxline_pages_used(text, int, int);
