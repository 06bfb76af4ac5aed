CREATE TABLE "usage_hourly_pages" (
	"account_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"pages" integer NOT NULL,
	CONSTRAINT "usage_hourly_pages_account_id_hour_pk" PRIMARY KEY("account_id","hour")
);
--> statement-breakpoint
ALTER TABLE "usage_hourly_pages" ADD CONSTRAINT "usage_hourly_pages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand (drizzle-kit does not write functions or triggers). The ledger's pages by account and UTC hour
-- (decision 150), added in the transaction that writes the lines, once per statement; the ledger being append-only
-- (0037), a line is never taken back but with its account, whose hours go with it (the foreign key's cascade). Keys are
-- written in order, so that two transactions adding to the same hours wait for each other instead of deadlocking.
CREATE FUNCTION usage_hourly_pages_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO usage_hourly_pages AS t (account_id, hour, pages)
  SELECT account_id, date_trunc('hour', at, 'UTC'), sum(pages)::int FROM new_rows
  WHERE kind <> 'international' GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (account_id, hour) DO UPDATE SET pages = t.pages + EXCLUDED.pages;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER usage_ledger_hourly_pages AFTER INSERT ON usage_ledger REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION usage_hourly_pages_add();
--> statement-breakpoint
-- The lines written before.
INSERT INTO usage_hourly_pages (account_id, hour, pages)
SELECT account_id, date_trunc('hour', at, 'UTC'), sum(pages)::int FROM usage_ledger
WHERE kind <> 'international' GROUP BY 1, 2;
