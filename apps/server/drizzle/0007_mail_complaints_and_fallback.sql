-- Addresses whose owner marked our mail as spam: a resend to them needs a member's confirmation.
CREATE TABLE "mail_complaints" (
	"address" text PRIMARY KEY NOT NULL,
	"mail_id" bigint,
	"complained_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_complaints" ADD CONSTRAINT "mail_complaints_mail_id_mail_messages_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_messages"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- Where the customer's reply goes (the support address of the settings when it was queued).
ALTER TABLE "mail_messages" ADD COLUMN "reply_to" text;
--> statement-breakpoint
-- A message re-sent through the other provider names the one it replaces.
ALTER TABLE "mail_messages" ADD COLUMN "fallback_of" bigint;
--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_fallback_of_mail_messages_id_fk" FOREIGN KEY ("fallback_of") REFERENCES "public"."mail_messages"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "mail_messages_fallback_of_idx" ON "mail_messages" USING btree ("fallback_of");
