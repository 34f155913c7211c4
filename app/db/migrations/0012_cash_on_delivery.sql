ALTER TABLE "orders" ADD COLUMN "shipping_method" text DEFAULT 'Standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promised_by" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text DEFAULT 'PhonePe' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_collected" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_collected_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_collected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "method" text DEFAULT 'PHONEPE' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "shipping_method" text DEFAULT 'Standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "shipping_fee" integer DEFAULT 10000 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "promised_by" date;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "cod_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method" CHECK (payment_method IN ('PhonePe', 'Cash on delivery'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_method" CHECK (shipping_method IN ('Standard', 'Express'));--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_method" CHECK (method IN ('PHONEPE', 'COD'));