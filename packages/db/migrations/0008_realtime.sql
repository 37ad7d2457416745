CREATE TABLE "favorite_albums" (
	"guest_id" bigint NOT NULL,
	"album_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_albums_guest_id_album_id_pk" PRIMARY KEY("guest_id","album_id")
);
--> statement-breakpoint
CREATE TABLE "favorite_pictures" (
	"guest_id" bigint NOT NULL,
	"picture_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_pictures_guest_id_picture_id_pk" PRIMARY KEY("guest_id","picture_id")
);
--> statement-breakpoint
CREATE TABLE "favorite_sedcards" (
	"guest_id" bigint NOT NULL,
	"actor_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_sedcards_guest_id_actor_id_pk" PRIMARY KEY("guest_id","actor_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"guest_id" bigint NOT NULL,
	"type" smallint NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"url" text,
	"unread" boolean DEFAULT true NOT NULL,
	"unseen" boolean DEFAULT true NOT NULL,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "web_push_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"guest_id" bigint NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"language" text DEFAULT 'de' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone,
	CONSTRAINT "web_push_subscriptions_token_unique" UNIQUE("token"),
	CONSTRAINT "web_push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
ALTER TABLE "favorite_albums" ADD CONSTRAINT "favorite_albums_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_albums" ADD CONSTRAINT "favorite_albums_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_pictures" ADD CONSTRAINT "favorite_pictures_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_pictures" ADD CONSTRAINT "favorite_pictures_picture_id_pictures_id_fk" FOREIGN KEY ("picture_id") REFERENCES "public"."pictures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_sedcards" ADD CONSTRAINT "favorite_sedcards_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_sedcards" ADD CONSTRAINT "favorite_sedcards_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_push_subscriptions" ADD CONSTRAINT "web_push_subscriptions_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favorite_albums_guest_newest_idx" ON "favorite_albums" USING btree ("guest_id","created_at");--> statement-breakpoint
CREATE INDEX "favorite_pictures_guest_newest_idx" ON "favorite_pictures" USING btree ("guest_id","created_at");--> statement-breakpoint
CREATE INDEX "favorite_sedcards_guest_newest_idx" ON "favorite_sedcards" USING btree ("guest_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_guest_newest_idx" ON "notifications" USING btree ("guest_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_guest_unread_idx" ON "notifications" USING btree ("guest_id") WHERE "notifications"."unread";--> statement-breakpoint
CREATE INDEX "notifications_guest_unseen_idx" ON "notifications" USING btree ("guest_id") WHERE "notifications"."unseen";--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_guest_dedupe_idx" ON "notifications" USING btree ("guest_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "web_push_subscriptions_guest_idx" ON "web_push_subscriptions" USING btree ("guest_id");