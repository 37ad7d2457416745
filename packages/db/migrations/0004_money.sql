CREATE TABLE "bonus_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"reward" jsonb NOT NULL,
	"max_redemptions" integer,
	"redemption_count" integer DEFAULT 0 NOT NULL,
	"on_top" boolean DEFAULT false NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "bonus_codes_code_upper" CHECK ("bonus_codes"."code" = upper("bonus_codes"."code")),
	CONSTRAINT "bonus_codes_max" CHECK ("bonus_codes"."max_redemptions" is null or "bonus_codes"."max_redemptions" > 0),
	CONSTRAINT "bonus_codes_count" CHECK ("bonus_codes"."redemption_count" >= 0 and ("bonus_codes"."max_redemptions" is null or "bonus_codes"."redemption_count" <= "bonus_codes"."max_redemptions"))
);
--> statement-breakpoint
CREATE TABLE "bonus_redemptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code_id" bigint NOT NULL,
	"guest_id" bigint NOT NULL,
	"transfer_id" bigint,
	"charge_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_redemptions_code_guest_unique" UNIQUE("code_id","guest_id")
);
--> statement-breakpoint
CREATE TABLE "payment_callbacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"charge_id" bigint NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_callbacks_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE TABLE "payment_charges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"guest_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"flow" text NOT NULL,
	"paytype" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"decline_code" text,
	"method_id" bigint,
	"provider_ref" text,
	"transfer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_charges_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "payment_charges_guest_key_unique" UNIQUE("guest_id","idempotency_key"),
	CONSTRAINT "payment_charges_amount_positive" CHECK ("payment_charges"."amount_cents" > 0),
	CONSTRAINT "payment_charges_paytype" CHECK ("payment_charges"."paytype" in ('CC', 'LS', 'Voice', 'carrier')),
	CONSTRAINT "payment_charges_status" CHECK ("payment_charges"."status" in ('created', 'requires_action', 'pending', 'succeeded', 'declined', 'failed')),
	CONSTRAINT "payment_charges_succeeded_has_transfer" CHECK (("payment_charges"."status" = 'succeeded') = ("payment_charges"."transfer_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"guest_id" bigint NOT NULL,
	"paytype" text NOT NULL,
	"label" text NOT NULL,
	"provider_ref" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_paytype" CHECK ("payment_methods"."paytype" in ('CC', 'LS')),
	CONSTRAINT "payment_methods_status" CHECK ("payment_methods"."status" in ('active', 'replaced'))
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"guest_id" bigint NOT NULL,
	"item_type" text NOT NULL,
	"item_id" integer NOT NULL,
	"price_cents" bigint NOT NULL,
	"transfer_id" bigint,
	"voucher_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_guest_item_unique" UNIQUE("guest_id","item_type","item_id"),
	CONSTRAINT "purchases_item_type" CHECK ("purchases"."item_type" in ('video', 'album')),
	CONSTRAINT "purchases_paid_once" CHECK (("purchases"."transfer_id" is null) <> ("purchases"."voucher_id" is null))
);
--> statement-breakpoint
CREATE TABLE "subscription_periods" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" bigint NOT NULL,
	"period_index" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"charged_cents" bigint NOT NULL,
	"transfer_id" bigint,
	"value_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_periods_index_unique" UNIQUE("subscription_id","period_index"),
	CONSTRAINT "subscription_periods_charged" CHECK ("subscription_periods"."charged_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"guest_id" bigint NOT NULL,
	"product" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"trial" boolean DEFAULT false NOT NULL,
	"price_cents" bigint NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"offer_accepted_at" timestamp with time zone,
	"end_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_product" CHECK ("subscriptions"."product" in ('vip', 'tv')),
	CONSTRAINT "subscriptions_status" CHECK ("subscriptions"."status" in ('active', 'cancelled', 'ended')),
	CONSTRAINT "subscriptions_price" CHECK ("subscriptions"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"guest_id" bigint NOT NULL,
	"type" smallint NOT NULL,
	"actor_id" integer,
	"amount" integer NOT NULL,
	"remaining" integer NOT NULL,
	"source" text NOT NULL,
	"source_ref" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_type" CHECK ("vouchers"."type" between 1 and 10),
	CONSTRAINT "vouchers_amount" CHECK ("vouchers"."amount" > 0),
	CONSTRAINT "vouchers_remaining" CHECK ("vouchers"."remaining" >= 0 and "vouchers"."remaining" <= "vouchers"."amount")
);
--> statement-breakpoint
CREATE TABLE "wallet_settings" (
	"guest_id" bigint PRIMARY KEY NOT NULL,
	"one_click_enabled" boolean DEFAULT false NOT NULL,
	"auto_recharge_enabled" boolean DEFAULT false NOT NULL,
	"auto_recharge_threshold_cents" bigint DEFAULT 500 NOT NULL,
	"auto_recharge_amount_cents" bigint DEFAULT 2000 NOT NULL,
	"monthly_limit_cents" bigint,
	"auto_recharge_teaser_mode" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_settings_threshold" CHECK ("wallet_settings"."auto_recharge_threshold_cents" >= 0),
	CONSTRAINT "wallet_settings_amount" CHECK ("wallet_settings"."auto_recharge_amount_cents" > 0),
	CONSTRAINT "wallet_settings_limit" CHECK ("wallet_settings"."monthly_limit_cents" is null or "wallet_settings"."monthly_limit_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_balance_non_negative";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind";--> statement-breakpoint
ALTER TABLE "bonus_redemptions" ADD CONSTRAINT "bonus_redemptions_code_id_bonus_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."bonus_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_redemptions" ADD CONSTRAINT "bonus_redemptions_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_redemptions" ADD CONSTRAINT "bonus_redemptions_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_redemptions" ADD CONSTRAINT "bonus_redemptions_charge_id_payment_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."payment_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_callbacks" ADD CONSTRAINT "payment_callbacks_charge_id_payment_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."payment_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_charges" ADD CONSTRAINT "payment_charges_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_charges" ADD CONSTRAINT "payment_charges_method_id_payment_methods_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_charges" ADD CONSTRAINT "payment_charges_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_periods" ADD CONSTRAINT "subscription_periods_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_periods" ADD CONSTRAINT "subscription_periods_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_settings" ADD CONSTRAINT "wallet_settings_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonus_redemptions_guest_idx" ON "bonus_redemptions" USING btree ("guest_id");--> statement-breakpoint
CREATE INDEX "payment_callbacks_charge_idx" ON "payment_callbacks" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "payment_charges_guest_idx" ON "payment_charges" USING btree ("guest_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_active_idx" ON "payment_methods" USING btree ("guest_id","paytype") WHERE "payment_methods"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_running_idx" ON "subscriptions" USING btree ("guest_id","product") WHERE "subscriptions"."status" in ('active', 'cancelled');--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("status","current_period_end");--> statement-breakpoint
CREATE INDEX "vouchers_guest_idx" ON "vouchers" USING btree ("guest_id","type");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_balance_non_negative" CHECK ("ledger_accounts"."balance_cents" >= 0 or "ledger_accounts"."kind" in ('provider-clearing', 'promotions'));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind" CHECK ("ledger_accounts"."kind" in ('guest-wallet', 'voucher', 'platform-revenue', 'performer-earnings', 'provider-clearing', 'promotions'));