CREATE TABLE "account_security_policies" (
	"account_id" text PRIMARY KEY NOT NULL,
	"password_min_length" integer NOT NULL,
	"require_two_factor" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_required_by_account" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_change_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "account_security_policies" ADD CONSTRAINT "account_security_policies_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_account_at_idx" ON "audit_events" USING btree ("account_id","at","id");--> statement-breakpoint
-- custom SQL (kept by hand)
-- A session ended (signed out, ended from another device, its person deleted) or a person changed in a way a page must
-- see at once is told to every process, so that none answers from a signed copy it checked earlier (decision 109).
CREATE FUNCTION "faxline_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('faxline_sessions', 'session:' || OLD."id");
  ELSE
    PERFORM pg_notify('faxline_sessions', 'user:' || NEW."id");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_ended_notify" AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "faxline_session_changed"();--> statement-breakpoint
CREATE TRIGGER "users_sign_in_rules_notify" AFTER UPDATE OF "password_change_required", "two_factor_required_by_account" ON "users"
  FOR EACH ROW WHEN (OLD."password_change_required" IS DISTINCT FROM NEW."password_change_required"
    OR OLD."two_factor_required_by_account" IS DISTINCT FROM NEW."two_factor_required_by_account")
  EXECUTE FUNCTION "faxline_session_changed"();--> statement-breakpoint
-- A password set by any path (a change, a reset, the back office) ends the request to choose another: every path checks
-- the new one against the account's policy first.
CREATE FUNCTION "faxline_password_set"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "password_change_required" = false WHERE "id" = NEW."user_id" AND "password_change_required";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "auth_credentials_password_set" AFTER INSERT OR UPDATE OF "password" ON "auth_credentials"
  FOR EACH ROW WHEN (NEW."password" IS NOT NULL) EXECUTE FUNCTION "faxline_password_set"();--> statement-breakpoint
-- Accounts already on a HIPAA plan start with its defaults: 12 characters and two-factor sign-in for everyone.
INSERT INTO "account_security_policies" ("account_id", "password_min_length", "require_two_factor")
  SELECT a."id", 12, true FROM "accounts" a JOIN "plans" p ON p."id" = a."plan_id" WHERE p."is_hipaa"
  ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "users" SET "two_factor_required_by_account" = true WHERE "id" IN (
  SELECT m."user_id" FROM "account_members" m JOIN "account_security_policies" s ON s."account_id" = m."account_id"
  WHERE s."require_two_factor");
