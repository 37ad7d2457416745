-- The voicecall module (decision 0051): whether the provider checked the caller's age on the line, and the
-- anonymous caller's stand-in guest (created at the 2000 claim; it owns the call's live session).
ALTER TABLE "voice_calls" ADD COLUMN "line_age_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "voice_calls" ADD COLUMN "caller_guest_id" bigint;--> statement-breakpoint
ALTER TABLE "voice_calls" ADD CONSTRAINT "voice_calls_caller_guest_id_guests_id_fk" FOREIGN KEY ("caller_guest_id") REFERENCES "public"."guests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_calls" ADD CONSTRAINT "voice_calls_stand_in" CHECK ("voice_calls"."caller_guest_id" is null or "voice_calls"."guest_id" is null);--> statement-breakpoint
CREATE UNIQUE INDEX "voice_calls_stand_in_unique" ON "voice_calls" USING btree ("caller_guest_id");
