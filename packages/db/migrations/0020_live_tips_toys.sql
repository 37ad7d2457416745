CREATE TABLE "live_tips" (
	"session_id" uuid NOT NULL,
	"tip_id" uuid NOT NULL,
	"guest_id" bigint NOT NULL,
	"actor_id" integer NOT NULL,
	"coins" integer NOT NULL,
	"cents" integer NOT NULL,
	"transfer_id" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_tips_session_id_tip_id_pk" PRIMARY KEY("session_id","tip_id"),
	CONSTRAINT "live_tips_amount_check" CHECK ("live_tips"."coins" > 0 and "live_tips"."cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "toys" (
	"actor_id" integer PRIMARY KEY NOT NULL,
	"provider" text DEFAULT 'simulated' NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "toy_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" integer NOT NULL,
	"guest_id" bigint NOT NULL,
	"context" text NOT NULL,
	"action_id" uuid NOT NULL,
	"preset" text NOT NULL,
	"level" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"cents" integer NOT NULL,
	"transfer_id" bigint NOT NULL,
	"status" text NOT NULL,
	"refund_transfer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "toy_actions_status_check" CHECK ("toy_actions"."status" in ('done', 'refunded')),
	CONSTRAINT "toy_actions_level_check" CHECK ("toy_actions"."level" between 1 and 20 and "toy_actions"."duration_ms" > 0 and "toy_actions"."cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "live_tips" ADD CONSTRAINT "live_tips_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_tips" ADD CONSTRAINT "live_tips_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_tips" ADD CONSTRAINT "live_tips_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toys" ADD CONSTRAINT "toys_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toy_actions" ADD CONSTRAINT "toy_actions_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toy_actions" ADD CONSTRAINT "toy_actions_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_tips_session_idx" ON "live_tips" USING btree ("session_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "toy_actions_context_action_unique" ON "toy_actions" USING btree ("context","action_id");--> statement-breakpoint
CREATE INDEX "toy_actions_actor_idx" ON "toy_actions" USING btree ("actor_id","created_at");
