CREATE TABLE "live_minutes" (
	"session_id" uuid NOT NULL,
	"minute_index" integer NOT NULL,
	"paid_with" text NOT NULL,
	"cents" integer NOT NULL,
	"partial" boolean NOT NULL,
	"charged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_minutes_session_id_minute_index_pk" PRIMARY KEY("session_id","minute_index"),
	CONSTRAINT "live_minutes_paid_with_check" CHECK ("live_minutes"."paid_with" in ('coins', 'voucher')),
	CONSTRAINT "live_minutes_cents_check" CHECK ("live_minutes"."cents" >= 0 and "live_minutes"."minute_index" >= 0)
);
--> statement-breakpoint
ALTER TABLE "live_messages" ADD COLUMN "message_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD COLUMN "start_key" text;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD COLUMN "rating" text;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD COLUMN "rated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_minutes" ADD CONSTRAINT "live_minutes_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_messages_session_message_unique" ON "live_messages" USING btree ("session_id","message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_sessions_guest_start_key_unique" ON "live_sessions" USING btree ("guest_id","start_key");--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_rating_check" CHECK ("live_sessions"."rating" in ('BAD', 'GREAT'));