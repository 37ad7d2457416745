-- The guests module (decision 0051): a guest row's kind. `voice-caller` is the stand-in of an anonymous
-- voice caller's call; its screen name ("Caller 1234") may repeat, a person's name stays unique.
ALTER TABLE "guests" ADD COLUMN "kind" text DEFAULT 'registered' NOT NULL;--> statement-breakpoint
ALTER TABLE "guests" ADD CONSTRAINT "guests_kind" CHECK ("guests"."kind" in ('registered', 'voice-caller'));--> statement-breakpoint
DROP INDEX "guests_screen_name_lower_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "guests_screen_name_lower_idx" ON "guests" USING btree (lower("screen_name")) WHERE "guests"."kind" = 'registered';
