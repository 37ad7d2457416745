CREATE TABLE "live_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"sender" text NOT NULL,
	"text" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_messages_sender_check" CHECK ("live_messages"."sender" in ('guest', 'performer'))
);
--> statement-breakpoint
CREATE TABLE "live_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"guest_id" bigint NOT NULL,
	"actor_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"exclusive" boolean NOT NULL,
	"state" jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"owner_node" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"next_deadline" timestamp with time zone,
	"exit_code" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "live_sessions_status_check" CHECK ("live_sessions"."status" in ('requested', 'starting', 'running', 'ending', 'ended'))
);
--> statement-breakpoint
ALTER TABLE "live_messages" ADD CONSTRAINT "live_messages_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_messages_session_idx" ON "live_messages" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "live_sessions_status_lease_idx" ON "live_sessions" USING btree ("status","lease_until");--> statement-breakpoint
CREATE UNIQUE INDEX "live_sessions_actor_exclusive_unique" ON "live_sessions" USING btree ("actor_id") WHERE "live_sessions"."exclusive" and status in ('requested', 'starting', 'running', 'ending');--> statement-breakpoint
CREATE UNIQUE INDEX "live_sessions_guest_live_unique" ON "live_sessions" USING btree ("guest_id") WHERE status in ('requested', 'starting', 'running', 'ending') and "live_sessions"."type" <> 'live-preview';