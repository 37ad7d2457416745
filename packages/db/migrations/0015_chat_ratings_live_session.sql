ALTER TABLE "chat_ratings" ADD COLUMN "live_session_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_ratings_live_session_unique" ON "chat_ratings" USING btree ("live_session_id");