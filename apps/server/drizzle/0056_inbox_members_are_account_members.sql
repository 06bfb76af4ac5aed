-- Who belongs to an inbox is a member of its account (decision 103): rows left by people who left it first go.
DELETE FROM "inbox_members" AS m WHERE NOT EXISTS (
  SELECT 1 FROM "account_members" AS a WHERE a."account_id" = m."account_id" AND a."user_id" = m."user_id");--> statement-breakpoint
ALTER TABLE "inbox_members" ADD CONSTRAINT "inbox_members_account_member_fk" FOREIGN KEY ("account_id","user_id") REFERENCES "public"."account_members"("account_id","user_id") ON DELETE cascade ON UPDATE no action;