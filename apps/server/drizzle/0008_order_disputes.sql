-- One card dispute (chargeback) per order: the deadline, the reason, the state and the outcome.
CREATE TABLE "order_disputes" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"gateway_dispute_id" text,
	"network" text DEFAULT 'Other' NOT NULL,
	"reason_code" text,
	"amount" numeric(12, 2),
	"currency" text,
	"opened_at" date,
	"respond_by" date,
	"state" text DEFAULT 'needs_response' NOT NULL,
	"outcome_at" date,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_disputes_gateway_dispute_id_unique" UNIQUE("gateway_dispute_id")
);
--> statement-breakpoint
ALTER TABLE "order_disputes" ADD CONSTRAINT "order_disputes_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "order_disputes_respond_by_idx" ON "order_disputes" USING btree ("respond_by");
--> statement-breakpoint
CREATE INDEX "order_disputes_opened_at_idx" ON "order_disputes" USING btree ("opened_at");
--> statement-breakpoint
CREATE INDEX "orders_transaction_id_idx" ON "orders" USING btree ("transaction_id");
