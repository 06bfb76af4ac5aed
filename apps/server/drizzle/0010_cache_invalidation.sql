-- Written by hand (drizzle-kit does not write triggers).
-- The plan catalogue and the platform settings are cached in memory by every API process. Any change to them, by the
-- back office or anyone else with access to the database, notifies every process at its commit (LISTEN/NOTIFY, see
-- platform/db/notified-cache.ts): one notification per changed table and transaction, whatever the number of rows.
CREATE FUNCTION notify_table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER plans_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON plans FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed('plans_changed');
--> statement-breakpoint
CREATE TRIGGER system_settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON system_settings FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed('system_settings_changed');
