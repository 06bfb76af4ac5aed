-- Edited by hand: IF EXISTS / IF NOT EXISTS, so that an installation whose audit trail is already large can build these
-- indexes beforehand with CREATE INDEX CONCURRENTLY (docs/running-at-scale-database.md) and this migration then only
-- drops the old ones, instead of holding back every audited action while it builds them (decision 061).
DROP INDEX IF EXISTS "audit_events_object_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "audit_events_actor_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "audit_events_at_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_events_at_id_idx" ON "audit_events" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_events_actor_at_idx" ON "audit_events" USING btree ("actor_user_id","at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_events_action_at_idx" ON "audit_events" USING btree ("action","at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_events_object_type_at_idx" ON "audit_events" USING btree ("object_type","at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_events_object_id_at_idx" ON "audit_events" USING btree ("object_id","at","id");