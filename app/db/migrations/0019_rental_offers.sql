CREATE TYPE "public"."rental_early_closure" AS ENUM('reprice', 'fee');--> statement-breakpoint
CREATE TABLE "rental_offers" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"deposit" integer NOT NULL,
	"minimum_months" smallint NOT NULL,
	"early_closure" "rental_early_closure" NOT NULL,
	"closure_fee_months" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "rental_offers_deposit" CHECK ("rental_offers"."deposit" >= 0),
	CONSTRAINT "rental_offers_minimum_months" CHECK ("rental_offers"."minimum_months" BETWEEN 1 AND 36),
	CONSTRAINT "rental_offers_closure_fee" CHECK (CASE WHEN "rental_offers"."early_closure" = 'fee' THEN "rental_offers"."closure_fee_months" BETWEEN 1 AND 3 ELSE "rental_offers"."closure_fee_months" = 0 END)
);
--> statement-breakpoint
CREATE TABLE "rental_plans" (
	"product_id" integer NOT NULL,
	"months" smallint NOT NULL,
	"monthly_rent" integer NOT NULL,
	CONSTRAINT "rental_plans_product_id_months_pk" PRIMARY KEY("product_id","months"),
	CONSTRAINT "rental_plans_months" CHECK ("rental_plans"."months" BETWEEN 1 AND 36),
	CONSTRAINT "rental_plans_rent" CHECK ("rental_plans"."monthly_rent" > 0)
);
--> statement-breakpoint
ALTER TABLE "rental_offers" ADD CONSTRAINT "rental_offers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_plans" ADD CONSTRAINT "rental_plans_product_id_rental_offers_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."rental_offers"("product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A rental's plans and deposit show on catalogue pages, so changing them is a change of the catalogue.
CREATE CONSTRAINT TRIGGER "rental_offers_catalogue_version" AFTER INSERT OR UPDATE OR DELETE ON "rental_offers" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "rental_offers_truncated_catalogue_version" AFTER TRUNCATE ON "rental_offers" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "rental_plans_catalogue_version" AFTER INSERT OR UPDATE OR DELETE ON "rental_plans" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "rental_plans_truncated_catalogue_version" AFTER TRUNCATE ON "rental_plans" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
