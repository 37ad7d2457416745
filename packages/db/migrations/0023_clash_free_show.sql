CREATE TABLE "clashes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_a" integer NOT NULL,
	"actor_b" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"end_announced" boolean DEFAULT false NOT NULL,
	CONSTRAINT "clashes_actors_check" CHECK ("clashes"."actor_a" <> "clashes"."actor_b"),
	CONSTRAINT "clashes_window_check" CHECK ("clashes"."ends_at" > "clashes"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "clash_votes" (
	"clash_id" bigint NOT NULL,
	"guest_id" bigint NOT NULL,
	"actor_id" integer NOT NULL,
	"voted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clash_votes_clash_id_guest_id_pk" PRIMARY KEY("clash_id","guest_id")
);
--> statement-breakpoint
CREATE TABLE "free_shows" (
	"actor_id" integer PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clashes" ADD CONSTRAINT "clashes_actor_a_actors_id_fk" FOREIGN KEY ("actor_a") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clashes" ADD CONSTRAINT "clashes_actor_b_actors_id_fk" FOREIGN KEY ("actor_b") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clash_votes" ADD CONSTRAINT "clash_votes_clash_id_clashes_id_fk" FOREIGN KEY ("clash_id") REFERENCES "public"."clashes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clash_votes" ADD CONSTRAINT "clash_votes_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clash_votes" ADD CONSTRAINT "clash_votes_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_shows" ADD CONSTRAINT "free_shows_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clashes_open_idx" ON "clashes" USING btree ("ends_at") WHERE "clashes"."end_announced" = false;
