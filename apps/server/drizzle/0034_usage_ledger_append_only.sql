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
