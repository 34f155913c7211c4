CREATE TABLE "phonepe_simulator_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_order_id" text NOT NULL,
	"order_id" text NOT NULL,
	"amount" integer NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"redirect_url" text NOT NULL,
	"message" text,
	"meta_info" jsonb,
	"expire_at" timestamp with time zone NOT NULL,
	"transaction_id" text,
	"payment_mode" text,
	"attempted_at" timestamp with time zone,
	"error_code" text,
	"detailed_error_code" text,
	"settle_at" timestamp with time zone,
	"settle_state" text,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phonepe_simulator_orders_merchant_order_id_unique" UNIQUE("merchant_order_id"),
	CONSTRAINT "phonepe_simulator_orders_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "phonepe_simulator_orders_refund_check" CHECK ("phonepe_simulator_orders"."refunded_amount" <= "phonepe_simulator_orders"."amount")
);
--> statement-breakpoint
CREATE TABLE "phonepe_simulator_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_refund_id" text NOT NULL,
	"refund_id" text NOT NULL,
	"original_merchant_order_id" text NOT NULL,
	"amount" integer NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"transaction_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phonepe_simulator_refunds_merchant_refund_id_unique" UNIQUE("merchant_refund_id"),
	CONSTRAINT "phonepe_simulator_refunds_refund_id_unique" UNIQUE("refund_id")
);
--> statement-breakpoint
ALTER TABLE "phonepe_simulator_refunds" ADD CONSTRAINT "phonepe_simulator_refunds_original_merchant_order_id_phonepe_simulator_orders_merchant_order_id_fk" FOREIGN KEY ("original_merchant_order_id") REFERENCES "public"."phonepe_simulator_orders"("merchant_order_id") ON DELETE cascade ON UPDATE no action;