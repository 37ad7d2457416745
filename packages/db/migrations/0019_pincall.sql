CREATE TABLE "pincall_verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"guest_id" bigint NOT NULL,
	"phone_e164" text NOT NULL,
	"type" text NOT NULL,
	"language" text NOT NULL,
	"pin_hash" text NOT NULL,
	"code_length" smallint NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'started' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	CONSTRAINT "pincall_verifications_type" CHECK ("pincall_verifications"."type" in ('mobile', 'landline')),
	CONSTRAINT "pincall_verifications_state" CHECK ("pincall_verifications"."state" in ('started', 'verified', 'failed', 'expired')),
	CONSTRAINT "pincall_verifications_code_length" CHECK ("pincall_verifications"."code_length" between 4 and 8),
	CONSTRAINT "pincall_verifications_attempts" CHECK ("pincall_verifications"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "verified_phones" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone_e164" text NOT NULL,
	"guest_id" bigint NOT NULL,
	"type" text NOT NULL,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verified_phones_phone_unique" UNIQUE("phone_e164"),
	CONSTRAINT "verified_phones_type" CHECK ("verified_phones"."type" in ('mobile', 'landline'))
);
--> statement-breakpoint
ALTER TABLE "pincall_verifications" ADD CONSTRAINT "pincall_verifications_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verified_phones" ADD CONSTRAINT "verified_phones_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pincall_verifications_guest_idx" ON "pincall_verifications" USING btree ("guest_id","created_at");--> statement-breakpoint
CREATE INDEX "pincall_verifications_phone_idx" ON "pincall_verifications" USING btree ("phone_e164","created_at");--> statement-breakpoint
CREATE INDEX "verified_phones_guest_idx" ON "verified_phones" USING btree ("guest_id");