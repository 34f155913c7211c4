CREATE TYPE "public"."rental_unit_status" AS ENUM('available', 'rented', 'repair', 'retired');--> statement-breakpoint
CREATE TABLE "rental_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer,
	"unit_id" integer,
	"from_status" text,
	"to_status" text,
	"staff_id" integer,
	"actor_name" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_events_subject" CHECK ("rental_events"."booking_id" IS NOT NULL OR "rental_events"."unit_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "rental_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"serial_number" text NOT NULL,
	"asset_tag" text NOT NULL,
	"configuration" text DEFAULT '' NOT NULL,
	"grade" text DEFAULT 'A' NOT NULL,
	"battery_health" smallint,
	"notes" text DEFAULT '' NOT NULL,
	"status" "rental_unit_status" DEFAULT 'available' NOT NULL,
	"booking_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_units_serial_number_unique" UNIQUE("serial_number"),
	CONSTRAINT "rental_units_asset_tag_unique" UNIQUE("asset_tag"),
	CONSTRAINT "rental_units_grade" CHECK ("rental_units"."grade" IN ('A', 'B', 'C')),
	CONSTRAINT "rental_units_battery" CHECK ("rental_units"."battery_health" IS NULL OR "rental_units"."battery_health" BETWEEN 0 AND 100),
	CONSTRAINT "rental_units_booking" CHECK (("rental_units"."status" = 'rented') = ("rental_units"."booking_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "rental_bookings" ADD COLUMN "active_from" date;--> statement-breakpoint
ALTER TABLE "rental_bookings" ADD COLUMN "deductions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_events" ADD CONSTRAINT "rental_events_booking_id_rental_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."rental_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_events" ADD CONSTRAINT "rental_events_unit_id_rental_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."rental_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_units" ADD CONSTRAINT "rental_units_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_units" ADD CONSTRAINT "rental_units_booking_id_rental_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."rental_bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rental_events_booking_idx" ON "rental_events" USING btree ("booking_id","id");--> statement-breakpoint
CREATE INDEX "rental_events_unit_idx" ON "rental_events" USING btree ("unit_id","id");--> statement-breakpoint
CREATE INDEX "rental_units_product_idx" ON "rental_units" USING btree ("product_id","status");--> statement-breakpoint
CREATE INDEX "rental_units_booking_idx" ON "rental_units" USING btree ("booking_id");