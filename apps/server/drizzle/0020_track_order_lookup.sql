-- The whole visitor look-up in one call: the order is read and the e-mail compared inside the
-- database, then the counters and the audit row of track_order_attempt (0017) follow in the same
-- transaction. One round trip instead of two: on a shared two-core host each write to the
-- database's socket cost about as much as the rest of the request (benchmark of 27 November,
-- decisions.md). An unknown id, an erased or deleted order and a wrong e-mail still take the same
-- path and leave the same rows. The e-mail is compared case-insensitively by the database's
-- lower() on both sides; stored addresses lose surrounding blanks here, typed ones in the caller.
CREATE OR REPLACE FUNCTION track_order_lookup(
  p_order_id bigint, p_email text,
  p_ip_key text, p_pair_key text, p_order_key text,
  p_ip_window_s double precision, p_order_window_s double precision,
  p_ip_limit integer, p_pair_limit integer, p_lock_after integer,
  p_target text, p_ip text,
  OUT outcome text, OUT until_at timestamptz)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  matched boolean;
BEGIN
  SELECT lower(btrim(o.email, E' \t\n\r')) = lower(p_email)
      AND o.erased_at IS NULL
      AND o.process_status IS DISTINCT FROM 'Deleted'
    INTO matched
    FROM orders o WHERE o.order_id = p_order_id;
  SELECT a.outcome, a.until_at INTO outcome, until_at
    FROM track_order_attempt(p_ip_key, p_pair_key, p_order_key, p_ip_window_s, p_order_window_s,
      p_ip_limit, p_pair_limit, p_lock_after, coalesce(matched, false), p_target, p_ip) a;
END $$;
