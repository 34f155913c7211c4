CREATE TABLE "product_specs" (
	"product_id" integer NOT NULL,
	"attribute" text NOT NULL,
	"kind" text NOT NULL,
	"number" numeric(12, 2),
	"option" text,
	CONSTRAINT "product_specs_value_of_kind" CHECK (CASE WHEN "product_specs"."kind" = 'number' THEN "product_specs"."number" IS NOT NULL AND "product_specs"."option" IS NULL ELSE "product_specs"."option" IS NOT NULL AND "product_specs"."number" IS NULL END)
);
--> statement-breakpoint
CREATE TABLE "spec_attributes" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"unit" text,
	"min" numeric(12, 2),
	"max" numeric(12, 2),
	CONSTRAINT "spec_attributes_kind" CHECK ("spec_attributes"."kind" IN ('number', 'choice', 'choices')),
	CONSTRAINT "spec_attributes_number_range" CHECK (("spec_attributes"."kind" = 'number') = ("spec_attributes"."min" IS NOT NULL AND "spec_attributes"."max" IS NOT NULL AND "spec_attributes"."unit" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "spec_options" (
	"attribute" text NOT NULL,
	"code" text NOT NULL,
	CONSTRAINT "spec_options_attribute_code_pk" PRIMARY KEY("attribute","code")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "spec_attributes_code_kind" ON "spec_attributes" USING btree ("code","kind");--> statement-breakpoint
ALTER TABLE "product_specs" ADD CONSTRAINT "product_specs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_specs" ADD CONSTRAINT "product_specs_attribute_kind" FOREIGN KEY ("attribute","kind") REFERENCES "public"."spec_attributes"("code","kind") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_specs" ADD CONSTRAINT "product_specs_option" FOREIGN KEY ("attribute","option") REFERENCES "public"."spec_options"("attribute","code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spec_options" ADD CONSTRAINT "spec_options_attribute_spec_attributes_code_fk" FOREIGN KEY ("attribute") REFERENCES "public"."spec_attributes"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_specs_one_value" ON "product_specs" USING btree ("product_id","attribute") WHERE "product_specs"."kind" <> 'choices';--> statement-breakpoint
CREATE UNIQUE INDEX "product_specs_one_option" ON "product_specs" USING btree ("product_id","attribute","option") WHERE "product_specs"."kind" = 'choices';--> statement-breakpoint
CREATE INDEX "product_specs_product_idx" ON "product_specs" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_specs_option_idx" ON "product_specs" USING btree ("attribute","option","product_id");--> statement-breakpoint
CREATE INDEX "product_specs_number_idx" ON "product_specs" USING btree ("attribute","number","product_id");--> statement-breakpoint
-- A number outside its attribute's range is refused by the database too, not only by the form.
CREATE FUNCTION product_specs_in_range() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  low numeric;
  high numeric;
BEGIN
  IF NEW.kind = 'number' THEN
    SELECT min, max INTO low, high FROM spec_attributes WHERE code = NEW.attribute;
    IF NEW.number < low OR NEW.number > high THEN
      RAISE EXCEPTION 'product_specs: % = % is outside % to %', NEW.attribute, NEW.number, low, high
        USING ERRCODE = 'check_violation', CONSTRAINT = 'product_specs_in_range';
    END IF;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_specs_in_range BEFORE INSERT OR UPDATE ON product_specs
  FOR EACH ROW EXECUTE FUNCTION product_specs_in_range();--> statement-breakpoint
-- The definitions of app/features/catalogue/specs/definitions.ts at this migration.
INSERT INTO "spec_attributes" ("code", "kind", "unit", "min", "max") VALUES
  ('cpu', 'choice', NULL, NULL, NULL),
  ('cpu_generation', 'number', 'generation', 1, 20),
  ('ram_gb', 'number', 'GB', 1, 256),
  ('ram_type', 'choice', NULL, NULL, NULL),
  ('storage_kind', 'choice', NULL, NULL, NULL),
  ('storage_gb', 'number', 'GB', 16, 16384),
  ('screen_in', 'number', 'inch', 10, 34),
  ('resolution', 'choice', NULL, NULL, NULL),
  ('graphics', 'choice', NULL, NULL, NULL),
  ('gpu', 'choice', NULL, NULL, NULL),
  ('os', 'choice', NULL, NULL, NULL),
  ('weight_kg', 'number', 'kg', 0.5, 30),
  ('warranty_months', 'number', 'months', 0, 60),
  ('grade', 'choice', NULL, NULL, NULL),
  ('cctv_tech', 'choice', NULL, NULL, NULL),
  ('cctv_form', 'choice', NULL, NULL, NULL),
  ('megapixels', 'number', 'MP', 0.3, 16),
  ('channels', 'number', 'channels', 1, 128),
  ('ir_range_m', 'number', 'm', 0, 300),
  ('placement', 'choice', NULL, NULL, NULL),
  ('audio', 'choice', NULL, NULL, NULL),
  ('bio_methods', 'choices', NULL, NULL, NULL),
  ('user_capacity', 'number', 'users', 10, 100000),
  ('bio_connectivity', 'choices', NULL, NULL, NULL),
  ('bio_use', 'choice', NULL, NULL, NULL),
  ('accessory_kind', 'choice', NULL, NULL, NULL),
  ('interface', 'choices', NULL, NULL, NULL),
  ('connection', 'choice', NULL, NULL, NULL);--> statement-breakpoint
INSERT INTO "spec_options" ("attribute", "code") VALUES
  ('cpu', 'celeron'),
  ('cpu', 'pentium'),
  ('cpu', 'core-i3'),
  ('cpu', 'core-i5'),
  ('cpu', 'core-i7'),
  ('cpu', 'core-i9'),
  ('cpu', 'core-ultra-5'),
  ('cpu', 'core-ultra-7'),
  ('cpu', 'ryzen-3'),
  ('cpu', 'ryzen-5'),
  ('cpu', 'ryzen-7'),
  ('cpu', 'ryzen-9'),
  ('cpu', 'apple-m1'),
  ('cpu', 'apple-m2'),
  ('cpu', 'apple-m3'),
  ('cpu', 'apple-m4'),
  ('ram_type', 'ddr3'),
  ('ram_type', 'ddr4'),
  ('ram_type', 'ddr5'),
  ('ram_type', 'lpddr4x'),
  ('ram_type', 'lpddr5'),
  ('ram_type', 'unified'),
  ('storage_kind', 'ssd'),
  ('storage_kind', 'hdd'),
  ('storage_kind', 'ssd-hdd'),
  ('resolution', 'hd'),
  ('resolution', 'fhd'),
  ('resolution', 'wuxga'),
  ('resolution', 'qhd'),
  ('resolution', 'retina'),
  ('resolution', 'uhd'),
  ('graphics', 'integrated'),
  ('graphics', 'dedicated'),
  ('gpu', 'intel-uhd'),
  ('gpu', 'intel-iris-xe'),
  ('gpu', 'intel-arc'),
  ('gpu', 'amd-radeon'),
  ('gpu', 'apple-gpu'),
  ('gpu', 'gtx-1650'),
  ('gpu', 'rtx-3050'),
  ('gpu', 'rtx-4050'),
  ('gpu', 'rtx-4060'),
  ('gpu', 'rtx-4070'),
  ('os', 'windows-11-home'),
  ('os', 'windows-11-pro'),
  ('os', 'windows-10-pro'),
  ('os', 'macos'),
  ('os', 'linux'),
  ('os', 'dos'),
  ('os', 'none'),
  ('grade', 'a'),
  ('grade', 'b'),
  ('grade', 'c'),
  ('cctv_tech', 'hd-analogue'),
  ('cctv_tech', 'ip-poe'),
  ('cctv_tech', 'wifi'),
  ('cctv_form', 'dome'),
  ('cctv_form', 'bullet'),
  ('cctv_form', 'ptz'),
  ('cctv_form', 'kit'),
  ('cctv_form', 'dvr'),
  ('cctv_form', 'nvr'),
  ('placement', 'indoor'),
  ('placement', 'outdoor'),
  ('audio', 'yes'),
  ('audio', 'no'),
  ('bio_methods', 'fingerprint'),
  ('bio_methods', 'face'),
  ('bio_methods', 'card'),
  ('bio_methods', 'palm'),
  ('bio_methods', 'pin'),
  ('bio_connectivity', 'tcp-ip'),
  ('bio_connectivity', 'wifi'),
  ('bio_connectivity', 'usb'),
  ('bio_connectivity', 'rs485'),
  ('bio_connectivity', 'cellular'),
  ('bio_use', 'attendance'),
  ('bio_use', 'access-control'),
  ('bio_use', 'both'),
  ('accessory_kind', 'mouse'),
  ('accessory_kind', 'keyboard'),
  ('accessory_kind', 'keyboard-mouse'),
  ('accessory_kind', 'headset'),
  ('accessory_kind', 'speaker'),
  ('accessory_kind', 'webcam'),
  ('accessory_kind', 'monitor'),
  ('accessory_kind', 'storage'),
  ('accessory_kind', 'ups'),
  ('accessory_kind', 'printer'),
  ('accessory_kind', 'networking'),
  ('accessory_kind', 'cable'),
  ('accessory_kind', 'bag'),
  ('accessory_kind', 'other'),
  ('interface', 'usb-a'),
  ('interface', 'usb-c'),
  ('interface', 'bluetooth'),
  ('interface', 'wireless-2-4ghz'),
  ('interface', 'hdmi'),
  ('interface', 'displayport'),
  ('interface', 'audio-jack'),
  ('interface', 'lan'),
  ('connection', 'wired'),
  ('connection', 'wireless');
--> statement-breakpoint
-- A product's specification shows on catalogue pages and in the store's facets, so changing it is a change of the catalogue.
CREATE CONSTRAINT TRIGGER "product_specs_catalogue_version" AFTER INSERT OR UPDATE OR DELETE ON "product_specs" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "product_specs_truncated_catalogue_version" AFTER TRUNCATE ON "product_specs" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
