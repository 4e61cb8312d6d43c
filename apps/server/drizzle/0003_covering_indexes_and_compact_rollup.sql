-- Measured on a million orders (bench/, README "Benchmarks").
--
-- 1. Covering indexes. A deep page of Order History skips half a million rows and both reports
--    aggregate a year of orders: with the columns they read in the index, PostgreSQL answers them
--    from the index alone (index-only scans) instead of visiting the table's rows.
DROP INDEX IF EXISTS "orders_created_idx";
--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST, "order_id" DESC NULLS LAST) INCLUDE ("process_status", "processing_mode", "nationality");
--> statement-breakpoint
DROP INDEX IF EXISTS "orders_processed_at_idx";
--> statement-breakpoint
CREATE INDEX "orders_processed_at_idx" ON "orders" USING btree ("processed_at") INCLUDE ("processed_by") WHERE "orders"."processed_at" is not null;
--> statement-breakpoint
-- 2. A compact rollup. Only open work (status New) is split by assignee and processing date: no
--    folder rule reads them for any other status (FOLDER_RULES in packages/domain). Keeping them
--    for every status grew the rollup with each processing date ever used (about 12,000 rows for
--    a million orders), and the folder counts read every row on each request.
CREATE OR REPLACE FUNCTION order_rollup_assignee(p_status text, p_assigned integer) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_status = 'New' THEN coalesce(p_assigned, 0) ELSE 0 END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_rollup_date(p_status text, p_date date) RETURNS date
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_status = 'New' THEN coalesce(p_date, DATE '0001-01-01') ELSE DATE '0001-01-01' END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_rollup_apply(p_status text, p_mode text, p_assigned integer, p_date date, p_delta integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_rollup AS r (status, mode, assigned_to, processing_date, count)
  VALUES (p_status, p_mode, order_rollup_assignee(p_status, p_assigned), order_rollup_date(p_status, p_date), p_delta)
  ON CONFLICT (status, mode, assigned_to, processing_date) DO UPDATE SET count = r.count + EXCLUDED.count;
END $$;
--> statement-breakpoint
-- Recounts the rollup from the orders in one statement (bulk loads disable the trigger, then call it).
CREATE OR REPLACE FUNCTION order_rollup_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM order_rollup;
  INSERT INTO order_rollup (status, mode, assigned_to, processing_date, count)
  SELECT process_status, processing_mode, order_rollup_assignee(process_status, assigned_to),
    order_rollup_date(process_status, processing_date), count(*)
  FROM orders
  GROUP BY 1, 2, 3, 4;
$$;
--> statement-breakpoint
SELECT order_rollup_rebuild();
