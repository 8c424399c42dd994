CREATE TABLE "offer_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_category_cities" (
	"category_id" text NOT NULL,
	"city_code" text NOT NULL,
	CONSTRAINT "offer_category_cities_category_id_city_code_pk" PRIMARY KEY("category_id","city_code")
);
--> statement-breakpoint
CREATE TABLE "offer_category_offers" (
	"category_id" text NOT NULL,
	"offer_id" text NOT NULL,
	CONSTRAINT "offer_category_offers_category_id_offer_id_pk" PRIMARY KEY("category_id","offer_id")
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"less" text DEFAULT '' NOT NULL,
	"inclusions" text[] DEFAULT '{}' NOT NULL,
	"freebies" text[] DEFAULT '{}' NOT NULL,
	"actual_price_centavos" integer NOT NULL,
	"final_price_centavos" integer NOT NULL,
	"sort_priority" integer DEFAULT 0 NOT NULL,
	"active_from" timestamp with time zone,
	"active_until" timestamp with time zone,
	CONSTRAINT "offers_prices_check" CHECK ("offers"."final_price_centavos" >= 0 and "offers"."final_price_centavos" <= "offers"."actual_price_centavos"),
	CONSTRAINT "offers_window_check" CHECK ("offers"."active_from" is null or "offers"."active_until" is null or "offers"."active_from" < "offers"."active_until")
);
--> statement-breakpoint
CREATE TABLE "voucher_offers" (
	"voucher_code" text NOT NULL,
	"offer_id" text NOT NULL,
	CONSTRAINT "voucher_offers_voucher_code_offer_id_pk" PRIMARY KEY("voucher_code","offer_id")
);
--> statement-breakpoint
CREATE TABLE "voucher_redemptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"voucher_code" text NOT NULL,
	"account_id" uuid NOT NULL,
	"order_id" text,
	"redeemed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "voucher_redemptions_voucher_order_unique" UNIQUE("voucher_code","order_id")
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"code" text PRIMARY KEY NOT NULL,
	"voucher_name" text NOT NULL,
	"discount_kind" text NOT NULL,
	"discount_centavos" integer,
	"discount_percent" integer,
	"max_discount_centavos" integer,
	"freebie" text,
	"freebie_3pp" text,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"per_account_limit" integer DEFAULT 1 NOT NULL,
	"total_limit" integer,
	"redeemed_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vouchers_code_check" CHECK ("vouchers"."code" = upper("vouchers"."code") and "vouchers"."code" <> ''),
	CONSTRAINT "vouchers_discount_check" CHECK (("vouchers"."discount_kind" = 'amount' and "vouchers"."discount_centavos" > 0 and "vouchers"."discount_percent" is null)
        or ("vouchers"."discount_kind" = 'percent' and "vouchers"."discount_percent" between 1 and 100 and "vouchers"."discount_centavos" is null)),
	CONSTRAINT "vouchers_window_check" CHECK ("vouchers"."valid_from" < "vouchers"."valid_until"),
	CONSTRAINT "vouchers_per_account_check" CHECK ("vouchers"."per_account_limit" >= 1),
	CONSTRAINT "vouchers_redeemed_check" CHECK ("vouchers"."redeemed_count" >= 0 and ("vouchers"."total_limit" is null or "vouchers"."redeemed_count" <= "vouchers"."total_limit"))
);
--> statement-breakpoint
CREATE TABLE "page_configs" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"content" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referral_codes_account_id_unique" UNIQUE("account_id")
);
--> statement-breakpoint
CREATE TABLE "referral_uses" (
	"referred_account_id" uuid PRIMARY KEY NOT NULL,
	"referral_code" text NOT NULL,
	"order_id" text,
	"used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offer_category_cities" ADD CONSTRAINT "offer_category_cities_category_id_offer_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."offer_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_category_cities" ADD CONSTRAINT "offer_category_cities_city_code_cities_code_fk" FOREIGN KEY ("city_code") REFERENCES "public"."cities"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_category_offers" ADD CONSTRAINT "offer_category_offers_category_id_offer_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."offer_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_category_offers" ADD CONSTRAINT "offer_category_offers_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_offers" ADD CONSTRAINT "voucher_offers_voucher_code_vouchers_code_fk" FOREIGN KEY ("voucher_code") REFERENCES "public"."vouchers"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_offers" ADD CONSTRAINT "voucher_offers_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_voucher_code_vouchers_code_fk" FOREIGN KEY ("voucher_code") REFERENCES "public"."vouchers"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_uses" ADD CONSTRAINT "referral_uses_referred_account_id_accounts_id_fk" FOREIGN KEY ("referred_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_uses" ADD CONSTRAINT "referral_uses_referral_code_referral_codes_code_fk" FOREIGN KEY ("referral_code") REFERENCES "public"."referral_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_category_cities_city_idx" ON "offer_category_cities" USING btree ("city_code");--> statement-breakpoint
CREATE INDEX "offer_category_offers_offer_idx" ON "offer_category_offers" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "voucher_redemptions_voucher_account_idx" ON "voucher_redemptions" USING btree ("voucher_code","account_id");