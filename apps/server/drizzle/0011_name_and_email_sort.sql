-- Sorting a list by Name or E-mail (list-ordering.ts) walks one of these in order and stops at the
-- page instead of sorting every matching row. The key is the one the sort spells,
-- coalesce(lower(...), ''), never NULL; order_id breaks ties like the keyset cursor does.
-- 1. A folder (and Order History filtered by status) is one status: status first.
CREATE INDEX IF NOT EXISTS "orders_status_name_sort_idx" ON "orders" USING btree ("process_status", (coalesce(lower("full_name"), '')), "order_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_status_email_sort_idx" ON "orders" USING btree ("process_status", (coalesce(lower("email"), '')), "order_id");
--> statement-breakpoint
-- 2. Order History without a status filter sorts every order.
CREATE INDEX IF NOT EXISTS "orders_name_sort_idx" ON "orders" USING btree ((coalesce(lower("full_name"), '')), "order_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_email_sort_idx" ON "orders" USING btree ((coalesce(lower("email"), '')), "order_id");
