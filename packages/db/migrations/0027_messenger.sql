-- The messenger (issue 19, docs/decisions/0054-messenger.md): channels (one per guest and performer),
-- messages, the performers' messaging prices, the gift catalogue, the gifts a guest owns and the
-- operator's gift grants.
CREATE TABLE "messenger_channels" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"guest_id" bigint NOT NULL,
	"actor_id" integer NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"blocked_by_guest" boolean DEFAULT false NOT NULL,
	"blocked_by_actor" boolean DEFAULT false NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"last_viewed_at" timestamp with time zone,
	"last_message_id" bigint,
	"last_message_at" timestamp with time zone,
	"free_messages_left" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messenger_channels_unread_check" CHECK ("messenger_channels"."unread_count" >= 0),
	CONSTRAINT "messenger_channels_free_check" CHECK ("messenger_channels"."free_messages_left" >= 0)
);
--> statement-breakpoint
CREATE TABLE "messenger_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel_id" bigint NOT NULL,
	"guest_id" bigint NOT NULL,
	"sender" text NOT NULL,
	"message_type" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"gifts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"is_videochat" boolean DEFAULT false NOT NULL,
	"is_freechat" boolean DEFAULT false NOT NULL,
	"media_id" bigint,
	"idempotency_key" text,
	"transfer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messenger_messages_sender_check" CHECK ("messenger_messages"."sender" in ('guest', 'actor')),
	CONSTRAINT "messenger_messages_type_check" CHECK ("messenger_messages"."message_type" in ('text', 'new_gift', 'media', 'toy')),
	CONSTRAINT "messenger_messages_price_check" CHECK ("messenger_messages"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "messenger_actor_settings" (
	"actor_id" integer PRIMARY KEY NOT NULL,
	"free_messages" integer DEFAULT 0 NOT NULL,
	"message_price_cents" integer DEFAULT 0 NOT NULL,
	"multichat_price_cents" integer DEFAULT 0 NOT NULL,
	"is_messaging_free" boolean DEFAULT false NOT NULL,
	CONSTRAINT "messenger_actor_settings_check" CHECK ("messenger_actor_settings"."free_messages" >= 0 and "messenger_actor_settings"."message_price_cents" >= 0 and "messenger_actor_settings"."multichat_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"price_cents" integer NOT NULL,
	"image_key" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"vip" boolean DEFAULT false NOT NULL,
	"category_id" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "gifts_price_check" CHECK ("gifts"."price_cents" > 0),
	CONSTRAINT "gifts_category_check" CHECK ("gifts"."category_id" > 0)
);
--> statement-breakpoint
CREATE TABLE "guest_gifts" (
	"guest_id" bigint NOT NULL,
	"gift_id" integer NOT NULL,
	"owned" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "guest_gifts_guest_id_gift_id_pk" PRIMARY KEY("guest_id","gift_id"),
	CONSTRAINT "guest_gifts_owned_check" CHECK ("guest_gifts"."owned" >= 0)
);
--> statement-breakpoint
CREATE TABLE "gift_grants" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"guest_id" bigint NOT NULL,
	"gift_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messenger_channels" ADD CONSTRAINT "messenger_channels_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_channels" ADD CONSTRAINT "messenger_channels_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_messages" ADD CONSTRAINT "messenger_messages_channel_id_messenger_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."messenger_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_messages" ADD CONSTRAINT "messenger_messages_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_actor_settings" ADD CONSTRAINT "messenger_actor_settings_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_gifts" ADD CONSTRAINT "guest_gifts_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_gifts" ADD CONSTRAINT "guest_gifts_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_grants" ADD CONSTRAINT "gift_grants_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_grants" ADD CONSTRAINT "gift_grants_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "messenger_channels_guest_actor_unique" ON "messenger_channels" USING btree ("guest_id","actor_id");--> statement-breakpoint
CREATE INDEX "messenger_channels_guest_time_idx" ON "messenger_channels" USING btree ("guest_id","last_message_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "messenger_channels_actor_idx" ON "messenger_channels" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "messenger_messages_channel_idx" ON "messenger_messages" USING btree ("channel_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "messenger_messages_guest_key_unique" ON "messenger_messages" USING btree ("guest_id","idempotency_key");
