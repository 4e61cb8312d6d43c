-- Delivery events reported by the mail providers (SendGrid Event Webhook, SES through SNS).
CREATE TABLE "mail_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mail_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"event" text NOT NULL,
	"provider_event_id" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"reason" text,
	"bounce_type" text,
	"url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_events_provider_event_id_unique" UNIQUE("provider","provider_event_id")
);
--> statement-breakpoint
ALTER TABLE "mail_events" ADD CONSTRAINT "mail_events_mail_id_mail_messages_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_messages"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "mail_events_mail_idx" ON "mail_events" USING btree ("mail_id","occurred_at");
--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "delivery_state" text;
--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "delivery_state_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "delivery_reason" text;
--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "opened_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "clicked_at" timestamp with time zone;
