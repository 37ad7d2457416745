CREATE TABLE "voice_calls" (
	"id" text PRIMARY KEY NOT NULL,
	"provider_call_id" text NOT NULL,
	"from_e164" text NOT NULL,
	"actor_id" integer NOT NULL,
	"guest_id" bigint,
	"status" text DEFAULT 'active' NOT NULL,
	"token_hash" text,
	"claimed_session_id" bigint,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"exit_code" smallint,
	"billed_minutes" integer,
	"billed_cents" integer,
	CONSTRAINT "voice_calls_provider_call_unique" UNIQUE("provider_call_id"),
	CONSTRAINT "voice_calls_status" CHECK ("voice_calls"."status" in ('active', 'ended')),
	CONSTRAINT "voice_calls_exit_code" CHECK ("voice_calls"."exit_code" is null or "voice_calls"."exit_code" in (903, 904)),
	CONSTRAINT "voice_calls_ended_consistent" CHECK (("voice_calls"."status" = 'ended') = ("voice_calls"."ended_at" is not null and "voice_calls"."exit_code" is not null)),
	CONSTRAINT "voice_calls_billed" CHECK ("voice_calls"."billed_cents" is null or "voice_calls"."billed_cents" >= 0),
	CONSTRAINT "voice_calls_caller" CHECK (("voice_calls"."guest_id" is null) = ("voice_calls"."token_hash" is not null))
);
--> statement-breakpoint
ALTER TABLE "voice_calls" ADD CONSTRAINT "voice_calls_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_calls" ADD CONSTRAINT "voice_calls_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_calls" ADD CONSTRAINT "voice_calls_claimed_session_id_guest_sessions_id_fk" FOREIGN KEY ("claimed_session_id") REFERENCES "public"."guest_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "voice_calls_token_unique" ON "voice_calls" USING btree ("token_hash") WHERE "voice_calls"."status" = 'active';--> statement-breakpoint
CREATE INDEX "voice_calls_token_idx" ON "voice_calls" USING btree ("token_hash","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "voice_calls_guest_active_unique" ON "voice_calls" USING btree ("guest_id") WHERE "voice_calls"."status" = 'active' and "voice_calls"."guest_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "voice_calls_from_active_unique" ON "voice_calls" USING btree ("from_e164") WHERE "voice_calls"."status" = 'active';--> statement-breakpoint
CREATE INDEX "voice_calls_session_idx" ON "voice_calls" USING btree ("claimed_session_id");--> statement-breakpoint
CREATE INDEX "voice_calls_actor_idx" ON "voice_calls" USING btree ("actor_id","status");
