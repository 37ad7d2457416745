CREATE TABLE "live_free_chat_uses" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"guest_id" bigint NOT NULL,
	"day" date NOT NULL,
	"ms" integer NOT NULL,
	CONSTRAINT "live_free_chat_uses_ms_check" CHECK ("live_free_chat_uses"."ms" >= 0)
);
--> statement-breakpoint
CREATE TABLE "live_preview_declines" (
	"guest_id" bigint PRIMARY KEY NOT NULL,
	"declined_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_preview_units" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"guest_id" bigint NOT NULL,
	"actor_id" integer NOT NULL,
	"used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_free_chat_uses" ADD CONSTRAINT "live_free_chat_uses_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_free_chat_uses" ADD CONSTRAINT "live_free_chat_uses_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_preview_declines" ADD CONSTRAINT "live_preview_declines_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_preview_units" ADD CONSTRAINT "live_preview_units_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_preview_units" ADD CONSTRAINT "live_preview_units_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_preview_units" ADD CONSTRAINT "live_preview_units_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_free_chat_uses_guest_day_idx" ON "live_free_chat_uses" USING btree ("guest_id","day");--> statement-breakpoint
CREATE INDEX "live_preview_units_guest_idx" ON "live_preview_units" USING btree ("guest_id","used_at");--> statement-breakpoint
CREATE UNIQUE INDEX "live_sessions_guest_preview_unique" ON "live_sessions" USING btree ("guest_id") WHERE status in ('requested', 'starting', 'running', 'ending') and "live_sessions"."type" = 'live-preview';