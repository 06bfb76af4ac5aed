ALTER TABLE "faxes" ADD COLUMN "file_names" text;--> statement-breakpoint
ALTER TABLE "faxes" drop column "search_text";--> statement-breakpoint
ALTER TABLE "faxes" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(to_number, '') || chr(31) || coalesce(from_number, '') || chr(31) || coalesce(recipient_name, '') || chr(31) || coalesce(sender_name, '') || chr(31) || status || chr(31) || coalesce(failure_reason, '') || chr(31) || left(coalesce(cover_subject, ''), 150) || chr(31) || left(coalesce(file_names, ''), 500))) STORED;--> statement-breakpoint
-- custom SQL (kept by hand)
-- drizzle-kit writes the ADD COLUMN "file_names" after the generated column that reads it: it must come first (above).
-- The history's search also reads the cover subject, the file names and the failure reason (decision 111). Dropping
-- the generated column dropped 0009's trigram index on it: made again. The file names of the faxes sent so far, from
-- their files (a fax's content deleted for good has none left, and so no names).
UPDATE faxes AS f SET file_names = named.names
  FROM (SELECT fax_id, string_agg(name, chr(31) ORDER BY position) AS names FROM fax_files GROUP BY fax_id) AS named
  WHERE f.id = named.fax_id;--> statement-breakpoint
CREATE INDEX "faxes_account_search_trgm_idx" ON "faxes" USING gin ("account_id", "search_text" gin_trgm_ops);--> statement-breakpoint
-- The search tallies are keyed by search_text (0012, faxline_search_key of 0054, which reads the new column by name):
-- rebuilt from the faxes as they now read.
SELECT faxline_recount_account(id) FROM accounts;
