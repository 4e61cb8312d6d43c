CREATE SEQUENCE "public"."order_id_seq" INCREMENT BY 1 MINVALUE 100001 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"file1" text NOT NULL,
	"original_name" text,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"customer_name" text,
	"mail_service_provider" text,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_file1_unique" UNIQUE("file1")
);
--> statement-breakpoint
CREATE TABLE "download_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"file1" text,
	"ip" text,
	"user_agent" text,
	"browser" text,
	"browser_version" text,
	"os" text,
	"device" text,
	"device_type" text,
	"timezone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"document_id" bigint,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"transport" text,
	"provider_message_id" text,
	"idempotency_key" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_messages_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "order_activity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"from_value" text,
	"to_value" text,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remarks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"staff_id" integer,
	"remark_name" text NOT NULL,
	"remark" text NOT NULL,
	"whatsapp" text DEFAULT 'N' NOT NULL,
	"telephone" text DEFAULT 'N' NOT NULL,
	"status_refund" text DEFAULT 'N' NOT NULL,
	"voided" text DEFAULT 'N' NOT NULL,
	"chargeback" text DEFAULT 'N' NOT NULL,
	"report_error" text DEFAULT 'N' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_other_names" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"different_first_name" text,
	"different_last_name" text
);
--> statement-breakpoint
CREATE TABLE "order_rollup" (
	"status" text NOT NULL,
	"mode" text NOT NULL,
	"assigned_to" integer NOT NULL,
	"processing_date" date NOT NULL,
	"count" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"order_id" bigint PRIMARY KEY DEFAULT nextval('order_id_seq') NOT NULL,
	"intake_reference" text,
	"email" text,
	"confirm_email" text,
	"first_name" text,
	"last_name" text,
	"full_name" text,
	"different_name" text,
	"gender" text,
	"birth_date" text,
	"birth_month" text,
	"birth_year" text,
	"place_of_birth" text,
	"territory_of_birth" text,
	"national_identity_number" text,
	"country_code" text,
	"phone_number" text,
	"nationality" text,
	"issuing_country" text,
	"passport_number" text,
	"expiry_date" text,
	"expiry_month" text,
	"expiry_year" text,
	"australian_permanent_resident" text,
	"australian_permanent_resident_two" text,
	"travelling_to_new_zealand" text,
	"transit_passenger_passing" text,
	"stayind_in_new_zealand" text,
	"medical_consultation" text,
	"another_country" text,
	"prohibited_from_entering" text,
	"any_offence" text,
	"more_imprisonment" text,
	"convicted_of_an_offence" text,
	"profile_image" text,
	"processing_mode" text DEFAULT 'Standard' NOT NULL,
	"process_status" text DEFAULT 'New' NOT NULL,
	"previous_status" text,
	"processing_date" date,
	"process_month" text,
	"assigned_to" integer,
	"processed_by_id" integer,
	"processed_by" text,
	"processed_at" timestamp with time zone,
	"refund_date" timestamp with time zone,
	"transaction_id" text,
	"merchant_name" text,
	"amount" numeric(10, 2),
	"currency" text,
	"payment_gateway" text,
	"paid_at" timestamp with time zone,
	"erased_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(order_id::text || ' ' || coalesce(full_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone_number, '') || ' ' || coalesce(passport_number, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_name" text,
	"action" text NOT NULL,
	"target" text,
	"ip" text,
	"outcome" text DEFAULT 'ok' NOT NULL,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"staff_id" integer,
	"route" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_gateways" (
	"id" serial PRIMARY KEY NOT NULL,
	"gateway_name" text NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_gateways_gateway_name_unique" UNIQUE("gateway_name")
);
--> statement-breakpoint
CREATE TABLE "rate_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"type" text NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"mfa_secret" text,
	"mfa_enabled" boolean DEFAULT false NOT NULL,
	"mfa_last_step" bigint,
	"recovery_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_staff_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_history" ADD CONSTRAINT "download_history_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_activity" ADD CONSTRAINT "order_activity_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_activity" ADD CONSTRAINT "order_activity_actor_id_staff_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remarks" ADD CONSTRAINT "remarks_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remarks" ADD CONSTRAINT "remarks_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_other_names" ADD CONSTRAINT "order_other_names_order_id_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_assigned_to_staff_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_processed_by_id_staff_id_fk" FOREIGN KEY ("processed_by_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_order_idx" ON "documents" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "download_history_order_idx" ON "download_history" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_order_idx" ON "mail_messages" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_due_idx" ON "mail_messages" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "order_activity_order_idx" ON "order_activity" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "remarks_order_idx" ON "remarks" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_other_names_order_idx" ON "order_other_names" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_rollup_key_idx" ON "order_rollup" USING btree ("status","mode","assigned_to","processing_date");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_intake_reference_idx" ON "orders" USING btree ("intake_reference");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("process_status","created_at" DESC NULLS LAST,"order_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST,"order_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_assigned_idx" ON "orders" USING btree ("assigned_to","process_status") WHERE "orders"."assigned_to" is not null;--> statement-breakpoint
CREATE INDEX "orders_processing_date_idx" ON "orders" USING btree ("process_status","processing_date") WHERE "orders"."processing_date" is not null;--> statement-breakpoint
CREATE INDEX "orders_processed_at_idx" ON "orders" USING btree ("processed_at") WHERE "orders"."processed_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_email_prefix_idx" ON "orders" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_name_prefix_idx" ON "orders" USING btree (lower("full_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_id_prefix_idx" ON "orders" USING btree (("order_id"::text) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "audit_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_action_idx" ON "audit_log" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "rate_counters_reset_idx" ON "rate_counters" USING btree ("reset_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_email_active_idx" ON "staff" USING btree (lower("email")) WHERE "staff"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "staff_name_idx" ON "staff" USING btree ("name");