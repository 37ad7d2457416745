ALTER TABLE "rate_limit_counters" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "rate_limit_counters" SET "expires_at" = "window_start" + interval '1 hour';--> statement-breakpoint
ALTER TABLE "rate_limit_counters" ALTER COLUMN "expires_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limit_counters_expires_idx" ON "rate_limit_counters" USING btree ("expires_at");
