CREATE TABLE "document_sequences" (
	"kind" text NOT NULL,
	"financial_year" smallint NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "document_sequences_kind_financial_year_pk" PRIMARY KEY("kind","financial_year")
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"financial_year" smallint NOT NULL,
	"sequence" integer NOT NULL,
	"order_id" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"issued_on" date NOT NULL,
	"document" jsonb NOT NULL,
	"buyer_gstin" text,
	"place_of_supply" text NOT NULL,
	"amount" integer NOT NULL,
	"taxable" integer NOT NULL,
	"cgst" integer NOT NULL,
	"sgst" integer NOT NULL,
	"igst" integer NOT NULL,
	CONSTRAINT "tax_documents_number_unique" UNIQUE("number"),
	CONSTRAINT "tax_documents_kind" CHECK ("tax_documents"."kind" IN ('invoice', 'credit-note')),
	CONSTRAINT "tax_documents_adds_up" CHECK ("tax_documents"."taxable" + "tax_documents"."cgst" + "tax_documents"."sgst" + "tax_documents"."igst" = "tax_documents"."amount")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "business_gstin" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "business_name" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "hsn" text DEFAULT '8471' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "gst_rate" smallint DEFAULT 18 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_gstin" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_business_name" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "buyer_gstin" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "buyer_business_name" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn" text DEFAULT '8471' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gst_rate" smallint DEFAULT 18 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "legal_name" text DEFAULT 'Kaveri Computers Private Limited' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "trade_name" text DEFAULT 'Kaveri Computers' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "gstin" text DEFAULT '29AAHCK4591M1ZS' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "gstin_is_sample" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "gst_state" text DEFAULT 'Karnataka' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "invoice_prefix" text DEFAULT 'KC' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "credit_note_prefix" text DEFAULT 'CN' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "b2cl_threshold" integer DEFAULT 10000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_one_per_order" ON "tax_documents" USING btree ("order_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_series" ON "tax_documents" USING btree ("kind","financial_year","sequence");--> statement-breakpoint
CREATE INDEX "tax_documents_issued_idx" ON "tax_documents" USING btree ("issued_on");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_hsn" CHECK ("products"."hsn" ~ '^[0-9]{4}([0-9]{2}){0,2}$');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_gst_rate" CHECK ("products"."gst_rate" IN (0, 5, 18, 40));--> statement-breakpoint
-- The catalogue's products get the HSN codes app/lib/hsn.ts gives new ones (all at 18 %); the dealer edits them after.
UPDATE "products" SET "hsn" = CASE
  WHEN "product_type" = 'rental' THEN '997319'
  WHEN "title" ~* '\mprinter\M' THEN '8443'
  WHEN "title" ~* '\mcable\M' THEN '8544'
  WHEN "category" = 'CCTV' AND "title" ~* '\mkit\M' THEN '8525'
  WHEN "title" ~* '\m(hard (disk|drive)|ssd)\M' AND "category" <> 'Laptops' THEN '8471'
  WHEN "title" ~* '\m(dvr|nvr)\M' THEN '8521'
  WHEN "title" ~* '\mmonitor\M' AND "category" = 'Accessories' THEN '8528'
  WHEN "title" ~* '\mrouter\M' THEN '8517'
  WHEN "title" ~* '\mups\M' THEN '8504'
  WHEN "title" ~* '\m(pen drive|usb flash)\M' THEN '8523'
  WHEN "category" = 'CCTV' OR "title" ~* '\mwebcam\M' THEN '8525'
  ELSE '8471'
END;
