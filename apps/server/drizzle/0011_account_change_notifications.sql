-- Written by hand (drizzle-kit does not write triggers).
-- Each API process keeps accounts' fax history pages in memory (faxes/history-cache.ts). Any change to an account's
-- faxes, their counts or its members, by any process or anyone else with access to the database, notifies every process
-- at its commit with the account's id: one notification per account and statement, whatever the number of rows. A
-- TRUNCATE says '' (every account), with 0010's notify_table_changed.
CREATE FUNCTION notify_accounts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT account_id FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT account_id FROM old_rows'
    ELSE 'SELECT account_id FROM new_rows UNION SELECT account_id FROM old_rows' END;
BEGIN
  EXECUTE format('SELECT pg_notify(%L, account_id) FROM (SELECT DISTINCT account_id FROM (%s) AS c) AS d', TG_ARGV[0], changed);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER faxes_changed_on_insert AFTER INSERT ON faxes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_accounts_changed('account_changed');
--> statement-breakpoint
CREATE TRIGGER faxes_changed_on_update AFTER UPDATE ON faxes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_accounts_changed('account_changed');
--> statement-breakpoint
CREATE TRIGGER faxes_changed_on_delete AFTER DELETE ON faxes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_accounts_changed('account_changed');
--> statement-breakpoint
CREATE TRIGGER faxes_changed_on_truncate AFTER TRUNCATE ON faxes
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed('account_changed');
--> statement-breakpoint
CREATE TRIGGER fax_tallies_changed_on_insert AFTER INSERT ON fax_tallies REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_accounts_changed('account_changed');
--> statement-breakpoint
CREATE TRIGGER fax_tallies_changed_on_update AFTER UPDATE ON fax_tallies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_accounts_changed('account_changed');
--> statement-breakpoint
CREATE TRIGGER fax_tallies_changed_on_delete AFTER DELETE ON fax_tallies REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_accounts_changed('account_changed');
--> statement-breakpoint
CREATE TRIGGER fax_tallies_changed_on_truncate AFTER TRUNCATE ON fax_tallies
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed('account_changed');
--> statement-breakpoint
CREATE TRIGGER account_members_changed_on_insert AFTER INSERT ON account_members REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_accounts_changed('account_changed');
--> statement-breakpoint
CREATE TRIGGER account_members_changed_on_update AFTER UPDATE ON account_members REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_accounts_changed('account_changed');
--> statement-breakpoint
CREATE TRIGGER account_members_changed_on_delete AFTER DELETE ON account_members REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_accounts_changed('account_changed');
--> statement-breakpoint
CREATE TRIGGER account_members_changed_on_truncate AFTER TRUNCATE ON account_members
  FOR EACH STATEMENT EXECUTE FUNCTION notify_table_changed('account_changed');
