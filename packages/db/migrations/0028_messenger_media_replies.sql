CREATE TABLE "messenger_media" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel_id" bigint NOT NULL,
	"guest_id" bigint NOT NULL,
	"actor_id" integer NOT NULL,
	"kind" text NOT NULL,
	"price_cents" integer NOT NULL,
	"asset_key" text NOT NULL,
	"age_rating" integer DEFAULT 18 NOT NULL,
	"transfer_id" bigint,
	"bought_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messenger_media_kind_check" CHECK ("messenger_media"."kind" in ('photo', 'clip')),
	CONSTRAINT "messenger_media_price_check" CHECK ("messenger_media"."price_cents" > 0),
	CONSTRAINT "messenger_media_bought_check" CHECK (("messenger_media"."bought_at" is null) = ("messenger_media"."transfer_id" is null))
);
--> statement-breakpoint
CREATE TABLE "messenger_pending_replies" (
	"message_id" bigint PRIMARY KEY NOT NULL,
	"channel_id" bigint NOT NULL,
	"guest_id" bigint NOT NULL,
	"actor_id" integer NOT NULL,
	"language" text NOT NULL,
	"kind" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	CONSTRAINT "messenger_pending_replies_kind_check" CHECK ("messenger_pending_replies"."kind" in ('text', 'gift'))
);
--> statement-breakpoint
ALTER TABLE "messenger_media" ADD CONSTRAINT "messenger_media_channel_id_messenger_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."messenger_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_media" ADD CONSTRAINT "messenger_media_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_media" ADD CONSTRAINT "messenger_media_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_pending_replies" ADD CONSTRAINT "messenger_pending_replies_channel_id_messenger_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."messenger_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_pending_replies" ADD CONSTRAINT "messenger_pending_replies_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_pending_replies" ADD CONSTRAINT "messenger_pending_replies_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messenger_media_channel_idx" ON "messenger_media" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "messenger_media_bought_idx" ON "messenger_media" USING btree ("guest_id","kind","bought_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messenger_pending_replies_due_idx" ON "messenger_pending_replies" USING btree ("due_at");
