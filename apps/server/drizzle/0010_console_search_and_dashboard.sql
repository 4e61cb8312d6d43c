-- The operations console (header search, dashboard).
-- 1. The header search matches a passport number exactly, in any case.
CREATE INDEX IF NOT EXISTS "orders_passport_upper_idx" ON "orders" USING btree (upper("passport_number"));
--> statement-breakpoint
-- 2. The dashboard's "deliveries failing" tile counts and lists recent failed or bounced mail
--    without reading the whole outbox (get-dashboard.ts spells the same predicate).
CREATE INDEX IF NOT EXISTS "mail_failing_idx" ON "mail_messages" USING btree ("created_at" DESC) WHERE ("state" = 'failed' or "delivery_state" in ('bounced', 'dropped'));
