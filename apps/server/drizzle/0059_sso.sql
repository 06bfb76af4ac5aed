CREATE TABLE "sso_connections" (
	"account_id" text PRIMARY KEY NOT NULL,
	"protocol" text NOT NULL,
	"oidc_issuer" text,
	"oidc_client_id" text,
	"oidc_client_secret" text,
	"saml_entity_id" text,
	"saml_sso_url" text,
	"saml_certificate" text,
	"default_role" text DEFAULT 'user' NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_domains" (
	"account_id" text NOT NULL,
	"domain" text NOT NULL,
	"token" text NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"protocol" text NOT NULL,
	"nonce" text,
	"code_verifier" text,
	"browser_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_used_assertions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso_connections" ADD CONSTRAINT "sso_connections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_requests" ADD CONSTRAINT "sso_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domains_account_domain_idx" ON "sso_domains" USING btree ("account_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domains_verified_idx" ON "sso_domains" USING btree ("domain") WHERE "sso_domains"."verified_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sso_requests_expires_idx" ON "sso_requests" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sso_used_assertions_expires_idx" ON "sso_used_assertions" USING btree ("expires_at");