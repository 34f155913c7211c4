CREATE TABLE "delivery_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"pin_list" text NOT NULL,
	"delivers" boolean DEFAULT true NOT NULL,
	"standard_days_min" smallint NOT NULL,
	"standard_days_max" smallint NOT NULL,
	"express_days_min" smallint,
	"express_days_max" smallint,
	"cash_on_delivery" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_zones_days" CHECK (standard_days_min BETWEEN 0 AND 60 AND standard_days_max BETWEEN standard_days_min AND 60 AND (express_days_min IS NULL) = (express_days_max IS NULL) AND (express_days_min IS NULL OR (express_days_min BETWEEN 0 AND 60 AND express_days_max BETWEEN express_days_min AND 60)))
);
--> statement-breakpoint
CREATE TABLE "shop_holidays" (
	"day" date PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"hotline" text NOT NULL,
	"whatsapp" text NOT NULL,
	"address" text NOT NULL,
	"pin_code" text NOT NULL,
	"cutoff_minutes" smallint DEFAULT 960 NOT NULL,
	"business_weekdays" smallint[] DEFAULT '{1,2,3,4,5}'::smallint[] NOT NULL,
	"express_fee" integer,
	"cash_on_delivery" boolean DEFAULT true NOT NULL,
	"cod_ceiling" integer DEFAULT 5000000 NOT NULL,
	"cod_fee" integer DEFAULT 0 NOT NULL,
	"holidays_seeded_through" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "shop_settings_one_row" CHECK (id = 1),
	CONSTRAINT "shop_settings_cutoff" CHECK (cutoff_minutes BETWEEN 0 AND 1439),
	CONSTRAINT "shop_settings_money" CHECK ((express_fee IS NULL OR express_fee >= 0) AND cod_ceiling >= 0 AND cod_fee >= 0)
);
--> statement-breakpoint
-- Today's constants as the seeded defaults (app/lib/shop.ts and the shipping policy); the dealer edits them in
-- the back office. WhatsApp starts on the hotline's number until the dealer sets the one they use.
INSERT INTO "shop_settings" ("id", "hotline", "whatsapp", "address", "pin_code")
VALUES (1, '+91 80 4125 6789', '918041256789', E'No. 42, 1st Floor, Sree Lakshmi Complex\nSP Road, Bengaluru\nKarnataka 560002, India', '560002')
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The policy: all of India, standard 5-7 and express 2-3 business days; not the islands, which no courier
-- the dealer uses reaches.
INSERT INTO "delivery_zones" ("name", "pin_list", "delivers", "standard_days_min", "standard_days_max", "express_days_min", "express_days_max", "cash_on_delivery")
VALUES
  ('All of India', '1 2 3 4 5 6 7 8 9', true, 5, 7, 2, 3, true),
  ('Andaman and Nicobar Islands', '744', false, 5, 7, NULL, NULL, false),
  ('Lakshadweep', '682551-682559', false, 5, 7, NULL, NULL, false);--> statement-breakpoint
-- Pages visitors get from the page cache show the hotline and the WhatsApp link: a change renews them.
CREATE CONSTRAINT TRIGGER "shop_settings_catalogue_version" AFTER INSERT OR UPDATE OR DELETE ON "shop_settings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalogue_version"();
