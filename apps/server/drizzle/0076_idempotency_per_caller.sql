ALTER TABLE "api_idempotency" DROP CONSTRAINT "api_idempotency_api_key_id_api_keys_id_fk";
