-- What a fax's every change costs the database in its triggers, less (decision 142): the tallies' trigger (0054) skips
-- the updates that move no fax from one tally to another; the notice of a changed account (0011) is static SQL,
-- planned once per trigger instead of at every statement; the search tallies' deltas (0012) keep one plan.
CREATE OR REPLACE FUNCTION faxline_fax_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  columns text := 'account_id, user_id, direction, faxline_inbound_key(filed_at, inbox_id) AS inbox_key';
  changes text;
BEGIN
  -- An update that leaves every fax under the keys it was counted by (a status, a page count, a station id announced:
  -- nearly every update a fax's sending makes) changes no tally: return before building and planning the statement
  -- below (its text included), which costs the database more than the update itself. The look is a statement of its
  -- own, planned once; in an IF of its own, as an insert's trigger has no old_rows to plan it against.
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT account_id, user_id, direction, faxline_inbound_key(filed_at, inbox_id) FROM new_rows
      EXCEPT ALL
      SELECT account_id, user_id, direction, faxline_inbound_key(filed_at, inbox_id) FROM old_rows
    ) THEN
      RETURN NULL;
    END IF;
  END IF;
  changes := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %s, 1 AS sign FROM new_rows', columns)
    WHEN 'DELETE' THEN format('SELECT %s, -1 AS sign FROM old_rows', columns)
    ELSE format('SELECT %s, 1 AS sign FROM new_rows UNION ALL SELECT %s, -1 AS sign FROM old_rows', columns, columns) END;
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
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_accounts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One branch per operation: a statement names only the transition tables its trigger has.
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify(TG_ARGV[0], account_id) FROM (SELECT DISTINCT account_id FROM new_rows) AS d;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify(TG_ARGV[0], account_id) FROM (SELECT DISTINCT account_id FROM old_rows) AS d;
  ELSE
    PERFORM pg_notify(TG_ARGV[0], account_id) FROM (SELECT account_id FROM new_rows UNION SELECT account_id FROM old_rows) AS d;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Its statements join the tallies to the few deltas of a change: PostgreSQL otherwise plans them again at every call
-- (a plan for an array it cannot see into looks dearer than one for the array at hand), which cost more than running them.
ALTER FUNCTION faxline_apply_search_deltas(fax_search_delta[]) SET plan_cache_mode = force_generic_plan;
