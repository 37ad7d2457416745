CREATE TABLE "ledger_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"owner_guest_id" bigint,
	"owner_ref" text,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_owner_unique" UNIQUE NULLS NOT DISTINCT("kind","owner_guest_id","owner_ref"),
	CONSTRAINT "ledger_accounts_balance_non_negative" CHECK ("ledger_accounts"."balance_cents" >= 0 or "ledger_accounts"."kind" = 'provider-clearing'),
	CONSTRAINT "ledger_accounts_kind" CHECK ("ledger_accounts"."kind" in ('guest-wallet', 'voucher', 'platform-revenue', 'performer-earnings', 'provider-clearing')),
	CONSTRAINT "ledger_accounts_currency" CHECK ("ledger_accounts"."currency" = 'EUR')
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transfer_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"balance_after_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_transfer_account_unique" UNIQUE("transfer_id","account_id"),
	CONSTRAINT "ledger_entries_amount_non_zero" CHECK ("ledger_entries"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"reference" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfers_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_guest_id_guests_id_fk" FOREIGN KEY ("owner_guest_id") REFERENCES "public"."guests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_created_idx" ON "ledger_transfers" USING btree ("created_at");--> statement-breakpoint
-- Hand-written (docs/decisions/0011-ledger.md): the database itself keeps the double-entry rules.
-- Every transfer's entries sum to zero and are at least two, checked at commit (deferred), so a
-- transfer is written entry by entry inside one transaction and a partial one can never commit.
CREATE FUNCTION "ledger_transfer_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	total numeric;
	postings integer;
BEGIN
	SELECT coalesce(sum("amount_cents"), 0), count(*) INTO total, postings
		FROM "ledger_entries" WHERE "transfer_id" = NEW."transfer_id";
	IF total <> 0 OR postings < 2 THEN
		RAISE EXCEPTION 'ledger transfer % is not balanced: % postings summing to % cents', NEW."transfer_id", postings, total
			USING ERRCODE = 'check_violation';
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balanced" AFTER INSERT ON "ledger_entries"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_transfer_balanced"();--> statement-breakpoint
-- Entries and transfers are append-only: a correction is a new reversing transfer, never an edit.
CREATE FUNCTION "ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
	FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_transfers_append_only" BEFORE UPDATE OR DELETE ON "ledger_transfers"
	FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();
