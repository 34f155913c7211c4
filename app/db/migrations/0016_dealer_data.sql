CREATE TABLE "backup_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"trigger" text NOT NULL,
	"scheduled_for" date,
	"status" text DEFAULT 'running' NOT NULL,
	"file_name" text,
	"bytes" bigint,
	"host" text NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "backup_runs_scheduled_for_unique" UNIQUE("scheduled_for"),
	CONSTRAINT "backup_runs_status" CHECK ("backup_runs"."status" IN ('running', 'ok', 'failed')),
	CONSTRAINT "backup_runs_trigger" CHECK ("backup_runs"."trigger" IN ('schedule', 'owner', 'command'))
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "grievance_name" text DEFAULT 'Grievance Officer, Kaveri Computers' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "grievance_email" text DEFAULT 'grievance@kavericomputers.in' NOT NULL;--> statement-breakpoint
CREATE INDEX "backup_runs_started_idx" ON "backup_runs" USING btree ("started_at");