-- Report rollups: orders per UTC month and per UTC day × nationality × processing mode, and
-- delivered orders per UTC month and day × processor, kept by trigger inside the writing
-- transaction. Days are UTC so the rollups do not depend on BUSINESS_TZ: a report range
-- (business-zone days) reads the whole months it covers from the monthly table, the whole days
-- around them from the daily one, and the partial days at its two edges from the orders' own
-- indexes (features/reports/report-range.ts).
CREATE TABLE IF NOT EXISTS "report_country_daily" (
  "day" date NOT NULL,
  "nationality" text NOT NULL,
  "processing_mode" text NOT NULL,
  "count" integer NOT NULL,
  PRIMARY KEY ("day", "nationality", "processing_mode")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "report_country_monthly" (
  "month" date NOT NULL,
  "nationality" text NOT NULL,
  "processing_mode" text NOT NULL,
  "count" integer NOT NULL,
  PRIMARY KEY ("month", "nationality", "processing_mode")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "report_processed_monthly" (
  "month" date NOT NULL,
  "processed_by" text NOT NULL,
  "count" integer NOT NULL,
  PRIMARY KEY ("month", "processed_by")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "report_processed_daily" (
  "day" date NOT NULL,
  "processed_by" text NOT NULL,
  "count" integer NOT NULL,
  PRIMARY KEY ("day", "processed_by")
);
--> statement-breakpoint
-- The country report leaves Deleted orders out and names a blank nationality 'Unknown'.
CREATE OR REPLACE FUNCTION report_country_apply(p_created timestamptz, p_nationality text, p_mode text, p_status text, p_delta integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_day date := (p_created AT TIME ZONE 'UTC')::date;
  v_nationality text := coalesce(nullif(trim(p_nationality), ''), 'Unknown');
BEGIN
  IF p_created IS NULL OR p_status = 'Deleted' THEN
    RETURN;
  END IF;
  INSERT INTO report_country_daily AS r (day, nationality, processing_mode, count)
  VALUES (v_day, v_nationality, p_mode, p_delta)
  ON CONFLICT (day, nationality, processing_mode) DO UPDATE SET count = r.count + EXCLUDED.count;
  INSERT INTO report_country_monthly AS r (month, nationality, processing_mode, count)
  VALUES (date_trunc('month', v_day)::date, v_nationality, p_mode, p_delta)
  ON CONFLICT (month, nationality, processing_mode) DO UPDATE SET count = r.count + EXCLUDED.count;
END $$;
--> statement-breakpoint
-- The processed report counts orders in a delivered status (DELIVERED_STATUSES in
-- packages/domain/src/lifecycle.ts; report-rollups.test.ts fails if the two lists part).
CREATE OR REPLACE FUNCTION report_processed_apply(p_at timestamptz, p_by text, p_status text, p_delta integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_day date := (p_at AT TIME ZONE 'UTC')::date;
BEGIN
  IF p_at IS NULL OR p_by IS NULL OR p_status NOT IN ('Completed', 'Customer Called', 'ChargeBack', 'Refunds') THEN
    RETURN;
  END IF;
  INSERT INTO report_processed_daily AS r (day, processed_by, count)
  VALUES (v_day, p_by, p_delta)
  ON CONFLICT (day, processed_by) DO UPDATE SET count = r.count + EXCLUDED.count;
  INSERT INTO report_processed_monthly AS r (month, processed_by, count)
  VALUES (date_trunc('month', v_day)::date, p_by, p_delta)
  ON CONFLICT (month, processed_by) DO UPDATE SET count = r.count + EXCLUDED.count;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollup_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND OLD.created_at IS NOT DISTINCT FROM NEW.created_at
     AND OLD.nationality IS NOT DISTINCT FROM NEW.nationality
     AND OLD.processing_mode IS NOT DISTINCT FROM NEW.processing_mode
     AND OLD.process_status IS NOT DISTINCT FROM NEW.process_status
     AND OLD.processed_at IS NOT DISTINCT FROM NEW.processed_at
     AND OLD.processed_by IS NOT DISTINCT FROM NEW.processed_by THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM report_country_apply(OLD.created_at, OLD.nationality, OLD.processing_mode, OLD.process_status, -1);
    PERFORM report_processed_apply(OLD.processed_at, OLD.processed_by, OLD.process_status, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM report_country_apply(NEW.created_at, NEW.nationality, NEW.processing_mode, NEW.process_status, 1);
    PERFORM report_processed_apply(NEW.processed_at, NEW.processed_by, NEW.process_status, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_report_rollup AFTER INSERT OR UPDATE OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION report_rollup_trigger();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollup_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_country_daily;
  DELETE FROM report_country_monthly;
  DELETE FROM report_processed_daily;
  DELETE FROM report_processed_monthly;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_report_rollup_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_truncate();
--> statement-breakpoint
-- Rebuilds both rollups from the orders in two statements: after a bulk load with the trigger
-- off (seed.ts), and once here for the orders that exist already.
CREATE OR REPLACE FUNCTION report_rollup_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_country_daily;
  DELETE FROM report_country_monthly;
  DELETE FROM report_processed_daily;
  DELETE FROM report_processed_monthly;
  INSERT INTO report_country_daily (day, nationality, processing_mode, count)
  SELECT (created_at AT TIME ZONE 'UTC')::date, coalesce(nullif(trim(nationality), ''), 'Unknown'), processing_mode, count(*)::int
  FROM orders WHERE process_status <> 'Deleted' GROUP BY 1, 2, 3;
  INSERT INTO report_processed_daily (day, processed_by, count)
  SELECT (processed_at AT TIME ZONE 'UTC')::date, processed_by, count(*)::int
  FROM orders
  WHERE processed_at IS NOT NULL AND processed_by IS NOT NULL
    AND process_status IN ('Completed', 'Customer Called', 'ChargeBack', 'Refunds')
  GROUP BY 1, 2;
  INSERT INTO report_country_monthly (month, nationality, processing_mode, count)
  SELECT date_trunc('month', day)::date, nationality, processing_mode, sum(count)::int
  FROM report_country_daily GROUP BY 1, 2, 3;
  INSERT INTO report_processed_monthly (month, processed_by, count)
  SELECT date_trunc('month', day)::date, processed_by, sum(count)::int
  FROM report_processed_daily GROUP BY 1, 2;
END $$;
--> statement-breakpoint
SELECT report_rollup_rebuild();
