CREATE TABLE "conversion_chat_countdowns" (
	"guest_id" bigint PRIMARY KEY NOT NULL,
	"enabled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "conversion_chat_countdowns_ends" CHECK ("conversion_chat_countdowns"."ends_at" > "conversion_chat_countdowns"."enabled_at")
);
--> statement-breakpoint
CREATE TABLE "conversion_chat_actors" (
	"actor_id" integer PRIMARY KEY NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversion_chat_countdowns" ADD CONSTRAINT "conversion_chat_countdowns_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_chat_actors" ADD CONSTRAINT "conversion_chat_actors_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;
