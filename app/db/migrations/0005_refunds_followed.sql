ALTER TABLE "payment_attempts" ADD COLUMN "refund_state" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "refund_check_at" timestamp with time zone;