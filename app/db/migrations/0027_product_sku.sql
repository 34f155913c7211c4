CREATE SEQUENCE "public"."product_sku_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku" text;--> statement-breakpoint
UPDATE "products" SET "sku" = 'KC-' || lpad("id"::text, 5, '0');--> statement-breakpoint
SELECT setval('"public"."product_sku_seq"', (SELECT coalesce(max("id"), 0) + 1 FROM "products"), false);--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "sku" SET DEFAULT ('KC-' || lpad(nextval('product_sku_seq')::text, 5, '0'));--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "sku" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku" ON "products" USING btree ("sku");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sku_shape" CHECK ("products"."sku" ~ '^[A-Z0-9][A-Z0-9._/-]{0,39}$');
