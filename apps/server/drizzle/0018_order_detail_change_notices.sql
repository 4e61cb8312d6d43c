-- The staff order detail is answered from memory (OrderDetailCache); any change to a row it shows
-- is announced on 'order_detail_changes' with the order's id, whoever writes it (the app, another
-- instance, a script). A statement that touches more than 100 orders (a bulk load, a script)
-- announces '*' once instead: every kept detail ends. Statement-level triggers over transition
-- tables cost one call per statement, not per row; a new order needs no notice (an unknown order
-- is never kept). The assignee's name comes from staff: its notices are migration 0014's.
CREATE OR REPLACE FUNCTION notify_order_detail_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
  id bigint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('order_detail_changes', '*');
    RETURN NULL;
  END IF;
  -- changed_rows: the new rows of an insert or update, the old rows of a delete; old_rows: the
  -- old rows of an update (a row may move to another order).
  IF TG_TABLE_NAME = 'mail_events' AND TG_OP = 'UPDATE' THEN
    SELECT array_agg(o) INTO ids FROM (
      SELECT DISTINCT m.order_id AS o FROM mail_messages m
      WHERE m.order_id IS NOT NULL
        AND m.id IN (SELECT mail_id FROM changed_rows UNION SELECT mail_id FROM old_rows)
      LIMIT 101) s;
  ELSIF TG_TABLE_NAME = 'mail_events' THEN
    SELECT array_agg(o) INTO ids FROM (
      SELECT DISTINCT m.order_id AS o FROM mail_messages m
      WHERE m.order_id IS NOT NULL AND m.id IN (SELECT mail_id FROM changed_rows)
      LIMIT 101) s;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(o) INTO ids FROM (
      SELECT order_id AS o FROM changed_rows WHERE order_id IS NOT NULL
      UNION SELECT order_id FROM old_rows WHERE order_id IS NOT NULL
      LIMIT 101) s;
  ELSE
    SELECT array_agg(o) INTO ids FROM (
      SELECT DISTINCT order_id AS o FROM changed_rows WHERE order_id IS NOT NULL LIMIT 101) s;
  END IF;
  IF cardinality(ids) > 100 THEN
    PERFORM pg_notify('order_detail_changes', '*');
  ELSIF ids IS NOT NULL THEN
    FOREACH id IN ARRAY ids LOOP
      PERFORM pg_notify('order_detail_changes', id::text);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_detail_update_notice AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_order_detail_change();
--> statement-breakpoint
CREATE TRIGGER orders_detail_delete_notice AFTER DELETE ON orders
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_order_detail_change();
--> statement-breakpoint
CREATE TRIGGER orders_detail_truncate_notice AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION notify_order_detail_change();
--> statement-breakpoint
CREATE TRIGGER order_other_names_detail_insert_notice AFTER INSERT ON order_other_names
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_order_detail_change();
--> statement-breakpoint
CREATE TRIGGER order_other_names_detail_update_notice AFTER UPDATE ON order_other_names
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_order_detail_change();
--> statement-breakpoint
CREATE TRIGGER order_other_names_detail_delete_notice AFTER DELETE ON order_other_names
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_order_detail_change();
--> statement-breakpoint
CREATE TRIGGER order_other_names_detail_truncate_notice AFTER TRUNCATE ON order_other_names
  FOR EACH STATEMENT EXECUTE FUNCTION notify_order_detail_change();
--> statement-breakpoint
CREATE TRIGGER documents_detail_insert_notice AFTER INSERT ON documents
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_order_detail_change();
--> statement-breakpoint
CREATE TRIGGER documents_detail_update_notice AFTER UPDATE ON documents
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_order_detail_change();
--> statement-breakpoint
CREATE TRIGGER documents_detail_delete_notice AFTER DELETE ON documents
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_order_detail_change();
--> statement-breakpoint
CREATE TRIGGER documents_detail_truncate_notice AFTER TRUNCATE ON documents
  FOR EACH STATEMENT EXECUTE FUNCTION notify_order_detail_change();
--> statement-breakpoint
CREATE TRIGGER mail_messages_detail_insert_notice AFTER INSERT ON mail_messages
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_order_detail_change();
--> statement-breakpoint
CREATE TRIGGER mail_messages_detail_update_notice AFTER UPDATE ON mail_messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_order_detail_change();
--> statement-breakpoint
CREATE TRIGGER mail_messages_detail_delete_notice AFTER DELETE ON mail_messages
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_order_detail_change();
--> statement-breakpoint
CREATE TRIGGER mail_messages_detail_truncate_notice AFTER TRUNCATE ON mail_messages
  FOR EACH STATEMENT EXECUTE FUNCTION notify_order_detail_change();
--> statement-breakpoint
CREATE TRIGGER mail_events_detail_insert_notice AFTER INSERT ON mail_events
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_order_detail_change();
--> statement-breakpoint
CREATE TRIGGER mail_events_detail_update_notice AFTER UPDATE ON mail_events
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_order_detail_change();
--> statement-breakpoint
CREATE TRIGGER mail_events_detail_delete_notice AFTER DELETE ON mail_events
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_order_detail_change();
--> statement-breakpoint
CREATE TRIGGER mail_events_detail_truncate_notice AFTER TRUNCATE ON mail_events
  FOR EACH STATEMENT EXECUTE FUNCTION notify_order_detail_change();
--> statement-breakpoint
CREATE TRIGGER download_history_detail_insert_notice AFTER INSERT ON download_history
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_order_detail_change();
--> statement-breakpoint
CREATE TRIGGER download_history_detail_update_notice AFTER UPDATE ON download_history
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_order_detail_change();
--> statement-breakpoint
CREATE TRIGGER download_history_detail_delete_notice AFTER DELETE ON download_history
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_order_detail_change();
--> statement-breakpoint
CREATE TRIGGER download_history_detail_truncate_notice AFTER TRUNCATE ON download_history
  FOR EACH STATEMENT EXECUTE FUNCTION notify_order_detail_change();
--> statement-breakpoint
CREATE TRIGGER remarks_detail_insert_notice AFTER INSERT ON remarks
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_order_detail_change();
--> statement-breakpoint
CREATE TRIGGER remarks_detail_update_notice AFTER UPDATE ON remarks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_order_detail_change();
--> statement-breakpoint
CREATE TRIGGER remarks_detail_delete_notice AFTER DELETE ON remarks
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_order_detail_change();
--> statement-breakpoint
CREATE TRIGGER remarks_detail_truncate_notice AFTER TRUNCATE ON remarks
  FOR EACH STATEMENT EXECUTE FUNCTION notify_order_detail_change();
--> statement-breakpoint
CREATE TRIGGER order_activity_detail_insert_notice AFTER INSERT ON order_activity
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_order_detail_change();
--> statement-breakpoint
CREATE TRIGGER order_activity_detail_update_notice AFTER UPDATE ON order_activity
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_order_detail_change();
--> statement-breakpoint
CREATE TRIGGER order_activity_detail_delete_notice AFTER DELETE ON order_activity
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_order_detail_change();
--> statement-breakpoint
CREATE TRIGGER order_activity_detail_truncate_notice AFTER TRUNCATE ON order_activity
  FOR EACH STATEMENT EXECUTE FUNCTION notify_order_detail_change();
