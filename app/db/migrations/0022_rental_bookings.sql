CREATE TYPE "public"."rental_booking_status" AS ENUM('requested', 'verified', 'rejected', 'approved', 'paid', 'delivered', 'active', 'return_requested', 'picked_up', 'inspected', 'settled', 'withdrawn', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."rental_document_purpose" AS ENUM('id_proof', 'address_proof', 'purchase_order');--> statement-breakpoint
CREATE TABLE "rental_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"product_id" integer,
	"title" text NOT NULL,
	"months" smallint NOT NULL,
	"units" smallint NOT NULL,
	"monthly_rent" integer NOT NULL,
	"deposit" integer NOT NULL,
	"start_date" date NOT NULL,
	"address" jsonb NOT NULL,
	"business_name" text,
	"business_gstin" text,
	"terms_version" text NOT NULL,
	"status" "rental_booking_status" DEFAULT 'requested' NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_bookings_months" CHECK ("rental_bookings"."months" BETWEEN 1 AND 36),
	CONSTRAINT "rental_bookings_units" CHECK ("rental_bookings"."units" BETWEEN 1 AND 20),
	CONSTRAINT "rental_bookings_rent" CHECK ("rental_bookings"."monthly_rent" > 0),
	CONSTRAINT "rental_bookings_deposit" CHECK ("rental_bookings"."deposit" >= 0),
	CONSTRAINT "rental_bookings_business" CHECK (("rental_bookings"."business_gstin" IS NULL) = ("rental_bookings"."business_name" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "rental_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"purpose" "rental_document_purpose" NOT NULL,
	"kind" text NOT NULL,
	"media_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_documents_media_type" CHECK ("rental_documents"."media_type" IN ('application/pdf', 'image/jpeg', 'image/png')),
	CONSTRAINT "rental_documents_size" CHECK ("rental_documents"."size" BETWEEN 1 AND 5242880 AND "rental_documents"."size" = octet_length("rental_documents"."content"))
);
--> statement-breakpoint
ALTER TABLE "rental_bookings" ADD CONSTRAINT "rental_bookings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_bookings" ADD CONSTRAINT "rental_bookings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_documents" ADD CONSTRAINT "rental_documents_booking_id_rental_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."rental_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rental_bookings_customer_idx" ON "rental_bookings" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "rental_bookings_status_idx" ON "rental_bookings" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rental_documents_booking_purpose_idx" ON "rental_documents" USING btree ("booking_id","purpose");