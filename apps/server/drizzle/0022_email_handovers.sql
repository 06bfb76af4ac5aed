CREATE TABLE "email_handovers" (
	"message_id" text PRIMARY KEY NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"interrupted_tries" integer DEFAULT 0 NOT NULL,
	"try_started_at" timestamp with time zone,
	"try_ended_at" timestamp with time zone,
	"last_error" text,
	"handed_over_at" timestamp with time zone
);
