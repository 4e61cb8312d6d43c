-- Erasure of an order's personal data (DESIGN §2) also clears the client address and details of
-- the order's audit rows; action, actor, target and time stay. Every other change or removal of an
-- audit row is still refused. The erasure sets nzeta.erasure = 'on' for its own statement only.
DROP TRIGGER audit_log_append_only ON audit_log;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE DELETE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_erasure_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('nzeta.erasure', true), '') = 'on'
     AND NEW.id = OLD.id AND NEW.at = OLD.at AND NEW.action = OLD.action
     AND NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id AND NEW.actor_name IS NOT DISTINCT FROM OLD.actor_name
     AND NEW.target IS NOT DISTINCT FROM OLD.target AND NEW.outcome = OLD.outcome
     AND NEW.ip IS NULL AND NEW.detail IS NULL THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: UPDATE refused' USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_erasure_only BEFORE UPDATE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_erasure_only();
