ALTER TABLE "sessions" ADD COLUMN "kind" text DEFAULT 'cookie' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_kind" CHECK ("sessions"."kind" IN ('cookie', 'api'));