ALTER TABLE "rental_bookings" ADD COLUMN "ending_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rental_events" ADD COLUMN "reason" text;