CREATE INDEX "actor_interviews_image_key_idx" ON "actor_interviews" USING btree ("image_key");--> statement-breakpoint
CREATE INDEX "actors_avatar_key_idx" ON "actors" USING btree ("avatar_key");--> statement-breakpoint
CREATE INDEX "albums_cover_key_idx" ON "albums" USING btree ("cover_key");--> statement-breakpoint
CREATE INDEX "pictures_image_key_idx" ON "pictures" USING btree ("image_key");--> statement-breakpoint
CREATE INDEX "videos_preview_key_idx" ON "videos" USING btree ("preview_key");