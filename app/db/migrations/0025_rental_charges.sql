CREATE TABLE "rental_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"month" smallint NOT NULL,
	"rent" integer NOT NULL,
	"deposit" integer DEFAULT 0 NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"due_on" date NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_by" text,
	"payment_attempt_id" integer,
	"due_notice_at" timestamp with time zone,
	"overdue_notice_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_charges_status" CHECK ("rental_charges"."status" IN ('due', 'paid', 'void')),
	CONSTRAINT "rental_charges_amounts" CHECK ("rental_charges"."rent" > 0 AND "rental_charges"."deposit" >= 0),
	CONSTRAINT "rental_charges_month_range" CHECK ("rental_charges"."month" BETWEEN 1 AND 36),
	CONSTRAINT "rental_charges_paid" CHECK (("rental_charges"."status" = 'paid') = ("rental_charges"."paid_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "tax_documents" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "rental_charge_id" integer;--> statement-breakpoint
ALTER TABLE "rental_bookings" ADD COLUMN "deposit_returned_by" text;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "rental_charge_id" integer;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "rental_booking_id" integer;--> statement-breakpoint
ALTER TABLE "rental_charges" ADD CONSTRAINT "rental_charges_booking_id_rental_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."rental_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rental_charges_month" ON "rental_charges" USING btree ("booking_id","month");--> statement-breakpoint
CREATE INDEX "rental_charges_due_idx" ON "rental_charges" USING btree ("status","due_on");--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_rental_charge_id_rental_charges_id_fk" FOREIGN KEY ("rental_charge_id") REFERENCES "public"."rental_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_rental_charge_id_rental_charges_id_fk" FOREIGN KEY ("rental_charge_id") REFERENCES "public"."rental_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_rental_booking_id_rental_bookings_id_fk" FOREIGN KEY ("rental_booking_id") REFERENCES "public"."rental_bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_attempts_rental_charge_idx" ON "payment_attempts" USING btree ("rental_charge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_one_per_rental_charge" ON "tax_documents" USING btree ("rental_charge_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_one_per_rental_settlement" ON "tax_documents" USING btree ("rental_booking_id","kind");--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_one_subject" CHECK (num_nonnulls("tax_documents"."order_id", "tax_documents"."rental_charge_id", "tax_documents"."rental_booking_id") = 1);