CREATE TABLE "guest_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"guest_id" bigint,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" text,
	"ip" text,
	CONSTRAINT "guest_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "guests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"screen_name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"restricted" boolean DEFAULT false NOT NULL,
	"restriction_level" smallint DEFAULT 0 NOT NULL,
	"avs_status" text DEFAULT 'unknown' NOT NULL,
	"avs_reject_message" text,
	"preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"newsletter_bits" integer DEFAULT 0 NOT NULL,
	"notification_settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"signup_origin" text,
	"show_data_protection" boolean DEFAULT false NOT NULL,
	CONSTRAINT "guests_email_lower" CHECK ("guests"."email" = lower("guests"."email"))
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_counters_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
ALTER TABLE "guest_sessions" ADD CONSTRAINT "guest_sessions_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_sessions_guest_idx" ON "guest_sessions" USING btree ("guest_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guests_screen_name_lower_idx" ON "guests" USING btree (lower("screen_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "guests_email_idx" ON "guests" USING btree ("email");