-- Decision 087: what the cards of /pricing and /fax-plans say each starting plan includes becomes its fields. Plans an
-- operator made keep everything they gave until now (nothing was enforced): the back office narrows them.
UPDATE "plans" SET
  "api_access" = "slug" IN ('business', 'enterprise'),
  "webhooks" = "slug" IN ('business', 'enterprise'),
  "fax_to_email" = "slug" IN ('professional', 'business', 'enterprise'),
  "max_users" = CASE WHEN "slug" IN ('business', 'enterprise') THEN NULL ELSE 1 END
WHERE "slug" IN ('basic', 'professional', 'business', 'enterprise', 'hipaa-basic', 'hipaa-plus');
--> statement-breakpoint
UPDATE "plans" SET "api_access" = true, "webhooks" = true, "fax_to_email" = true, "max_users" = NULL
WHERE "slug" NOT IN ('basic', 'professional', 'business', 'enterprise', 'hipaa-basic', 'hipaa-plus');
--> statement-breakpoint
-- "Mobile app access" waits for the mobile issue: no card lists it, in any language, until it exists.
UPDATE "plans" SET "text" = (
  SELECT jsonb_object_agg(
    "language",
    CASE WHEN jsonb_typeof("content" -> 'features') = 'array' THEN jsonb_set("content", '{features}', COALESCE((
      SELECT jsonb_agg("feature" ORDER BY "position")
      FROM jsonb_array_elements("content" -> 'features') WITH ORDINALITY AS f("feature", "position")
      WHERE "feature" #>> '{}' NOT IN ('Mobile app access', 'Acceso desde la aplicación móvil', 'Accès depuis l’application mobile')
    ), '[]'::jsonb)) ELSE "content" END
  )
  FROM jsonb_each("plans"."text") AS t("language", "content")
)
WHERE "text"::text LIKE ANY (ARRAY['%Mobile app access%', '%aplicación móvil%', '%application mobile%']);
