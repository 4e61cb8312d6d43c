-- Keeps order_rollup in step with orders inside the same transaction, so folder counts are read
-- from a few hundred rollup rows instead of counting the orders table (DESIGN §1).
CREATE OR REPLACE FUNCTION order_rollup_apply(p_status text, p_mode text, p_assigned integer, p_date date, p_delta integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_rollup AS r (status, mode, assigned_to, processing_date, count)
  VALUES (p_status, p_mode, coalesce(p_assigned, 0), coalesce(p_date, DATE '0001-01-01'), p_delta)
  ON CONFLICT (status, mode, assigned_to, processing_date) DO UPDATE SET count = r.count + EXCLUDED.count;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_rollup_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.process_status IS NOT DISTINCT FROM NEW.process_status
       AND OLD.processing_mode IS NOT DISTINCT FROM NEW.processing_mode
       AND OLD.assigned_to IS NOT DISTINCT FROM NEW.assigned_to
       AND OLD.processing_date IS NOT DISTINCT FROM NEW.processing_date THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM order_rollup_apply(OLD.process_status, OLD.processing_mode, OLD.assigned_to, OLD.processing_date, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM order_rollup_apply(NEW.process_status, NEW.processing_mode, NEW.assigned_to, NEW.processing_date, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_rollup AFTER INSERT OR UPDATE OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION order_rollup_trigger();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_rollup_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_rollup;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_rollup_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_rollup_truncate();
