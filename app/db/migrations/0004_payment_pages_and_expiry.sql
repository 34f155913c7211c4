ALTER TABLE "payment_attempts" ADD COLUMN "payment_url" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "expire_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "last_asked_at" timestamp with time zone;