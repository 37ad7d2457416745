CREATE TABLE "chat_tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"guest_id" bigint NOT NULL,
	"show_id" integer NOT NULL,
	"status" text DEFAULT 'bought' NOT NULL,
	"price_cents" integer NOT NULL,
	"transfer_id" bigint,
	"refund_transfer_id" bigint,
	"promo_code" text,
	"creation_type" text DEFAULT 'C' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "chat_tickets_status" CHECK ("chat_tickets"."status" in ('bought', 'refunded', 'removed')),
	CONSTRAINT "chat_tickets_price" CHECK ("chat_tickets"."price_cents" >= 0),
	CONSTRAINT "chat_tickets_creation_type" CHECK ("chat_tickets"."creation_type" = 'C'),
	CONSTRAINT "chat_tickets_refund_state" CHECK (("chat_tickets"."status" = 'bought') = ("chat_tickets"."refunded_at" is null))
);
--> statement-breakpoint
ALTER TABLE "cam_shows" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_tickets" ADD CONSTRAINT "chat_tickets_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_tickets" ADD CONSTRAINT "chat_tickets_show_id_cam_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."cam_shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_tickets" ADD CONSTRAINT "chat_tickets_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_tickets" ADD CONSTRAINT "chat_tickets_refund_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("refund_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_tickets_live_unique" ON "chat_tickets" USING btree ("guest_id","show_id") WHERE "chat_tickets"."status" = 'bought';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_tickets_transfer_unique" ON "chat_tickets" USING btree ("transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_tickets_refund_transfer_unique" ON "chat_tickets" USING btree ("refund_transfer_id");--> statement-breakpoint
CREATE INDEX "chat_tickets_show_idx" ON "chat_tickets" USING btree ("show_id","status");--> statement-breakpoint
CREATE INDEX "chat_tickets_guest_idx" ON "chat_tickets" USING btree ("guest_id","created_at");
