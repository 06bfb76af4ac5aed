-- Written by hand (drizzle-kit does not write triggers). The revenue history is append-only (decision 092): a line is
-- never changed or removed, not even with its account, so that what an account deleted since paid still counts in
-- the months it began and ended. TRUNCATE is refused too.
CREATE FUNCTION subscription_revenue_changes_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'subscription_revenue_changes is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER subscription_revenue_changes_no_update_or_delete BEFORE UPDATE OR DELETE ON subscription_revenue_changes FOR EACH ROW EXECUTE FUNCTION subscription_revenue_changes_append_only();
--> statement-breakpoint
CREATE TRIGGER subscription_revenue_changes_no_truncate BEFORE TRUNCATE ON subscription_revenue_changes FOR EACH STATEMENT EXECUTE FUNCTION subscription_revenue_changes_append_only();
--> statement-breakpoint
-- The subscriptions in force before the history began: an opening line each, at their plan's list price, so that
-- their later change or end is measured from it. They began at no moment the history knows, so they count as new
-- in no month (decision 092).
INSERT INTO subscription_revenue_changes (account_id, provider, subscription_id, kind, plan_id, interval, currency, mrr_before_cents, mrr_after_cents, at)
SELECT s.account_id, s.provider, s.subscription_id, 'opening', s.plan_id, s.interval, p.currency, 0,
       CASE WHEN s.interval = 'year' THEN round(coalesce(p.yearly_monthly_price_cents, 0) * 12 / 12.0)::int
            ELSE coalesce(p.monthly_price_cents, 0) END,
       now()
FROM subscriptions AS s
JOIN plans AS p ON p.id = s.plan_id
WHERE s.status IN ('active', 'past_due');
