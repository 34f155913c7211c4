ALTER TABLE "rental_bookings" ADD COLUMN "offer" jsonb;--> statement-breakpoint
ALTER TABLE "rental_bookings" ADD COLUMN "closure_charge" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_bookings" ADD COLUMN "ending_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rental_events" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "rental_bookings" ADD CONSTRAINT "rental_bookings_closure_charge" CHECK ("rental_bookings"."closure_charge" >= 0);