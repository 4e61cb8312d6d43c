-- The member check every staff request runs is answered from memory (MemberCache); any change
-- that could make it answer differently is announced on 'staff_changes', whoever writes it (the
-- app, another instance, a script): 'member:<id>' ends that member's entries, '*' every entry.
-- The last-seen time moving forward (a request's touch) announces nothing.
CREATE OR REPLACE FUNCTION notify_staff_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' OR TG_TABLE_NAME = 'settings' THEN
    PERFORM pg_notify('staff_changes', '*');
  ELSIF TG_TABLE_NAME = 'staff' THEN
    PERFORM pg_notify('staff_changes', 'member:' || OLD.id);
  ELSE
    PERFORM pg_notify('staff_changes', 'member:' || OLD.staff_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER staff_change_notice AFTER UPDATE ON staff FOR EACH ROW
  WHEN (OLD.token_version IS DISTINCT FROM NEW.token_version OR OLD.type IS DISTINCT FROM NEW.type
    OR OLD.name IS DISTINCT FROM NEW.name OR OLD.mfa_enabled IS DISTINCT FROM NEW.mfa_enabled
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION notify_staff_change();
--> statement-breakpoint
CREATE TRIGGER staff_delete_notice AFTER DELETE ON staff FOR EACH ROW EXECUTE FUNCTION notify_staff_change();
--> statement-breakpoint
CREATE TRIGGER staff_truncate_notice AFTER TRUNCATE ON staff FOR EACH STATEMENT EXECUTE FUNCTION notify_staff_change();
--> statement-breakpoint
CREATE TRIGGER staff_session_change_notice AFTER UPDATE ON staff_sessions FOR EACH ROW
  WHEN (NEW.last_seen_at < OLD.last_seen_at OR OLD.id IS DISTINCT FROM NEW.id OR OLD.staff_id IS DISTINCT FROM NEW.staff_id)
  EXECUTE FUNCTION notify_staff_change();
--> statement-breakpoint
CREATE TRIGGER staff_session_delete_notice AFTER DELETE ON staff_sessions FOR EACH ROW
  EXECUTE FUNCTION notify_staff_change();
--> statement-breakpoint
CREATE TRIGGER staff_session_truncate_notice AFTER TRUNCATE ON staff_sessions FOR EACH STATEMENT
  EXECUTE FUNCTION notify_staff_change();
--> statement-breakpoint
CREATE TRIGGER require_mfa_insert_notice AFTER INSERT ON settings FOR EACH ROW
  WHEN (NEW.key = 'requireMfa') EXECUTE FUNCTION notify_staff_change();
--> statement-breakpoint
CREATE TRIGGER require_mfa_update_notice AFTER UPDATE ON settings FOR EACH ROW
  WHEN ((NEW.key = 'requireMfa' OR OLD.key = 'requireMfa') AND (OLD.key, OLD.value) IS DISTINCT FROM (NEW.key, NEW.value))
  EXECUTE FUNCTION notify_staff_change();
--> statement-breakpoint
CREATE TRIGGER require_mfa_delete_notice AFTER DELETE ON settings FOR EACH ROW
  WHEN (OLD.key = 'requireMfa') EXECUTE FUNCTION notify_staff_change();
--> statement-breakpoint
CREATE TRIGGER settings_truncate_notice AFTER TRUNCATE ON settings FOR EACH STATEMENT
  EXECUTE FUNCTION notify_staff_change();
