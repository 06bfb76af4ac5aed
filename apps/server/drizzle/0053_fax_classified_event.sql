-- Written by hand (drizzle-kit does not write triggers). The outbox (0021) also records `fax.classified` when a
-- received fax's class is first found or changed (decision 102): by the reading job, or by a member's correction. In
-- the same transaction as the change, whatever code made it, like every other fax event.
CREATE OR REPLACE FUNCTION faxline_record_fax_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  recorded int;
  classified int;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO fax_events (account_id, fax_id, user_id, type)
    SELECT account_id, id, user_id, faxline_fax_event_type(status) FROM new_rows
    WHERE faxline_fax_event_type(status) IS NOT NULL;
    GET DIAGNOSTICS recorded = ROW_COUNT;
  ELSE
    INSERT INTO fax_events (account_id, fax_id, user_id, type)
    SELECT n.account_id, n.id, n.user_id, faxline_fax_event_type(n.status)
    FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
    WHERE n.status IS DISTINCT FROM o.status AND faxline_fax_event_type(n.status) IS NOT NULL;
    GET DIAGNOSTICS recorded = ROW_COUNT;
    INSERT INTO fax_events (account_id, fax_id, user_id, type)
    SELECT n.account_id, n.id, n.user_id, 'fax.classified'
    FROM new_rows AS n JOIN old_rows AS o ON o.id = n.id
    WHERE n.document_class IS NOT NULL AND n.document_class IS DISTINCT FROM o.document_class;
    GET DIAGNOSTICS classified = ROW_COUNT;
    recorded := recorded + classified;
  END IF;
  -- Wakes the relay at commit (one notification per transaction: PostgreSQL folds identical ones).
  IF recorded > 0 THEN PERFORM pg_notify('faxline_fax_events', ''); END IF;
  RETURN NULL;
END $$;
