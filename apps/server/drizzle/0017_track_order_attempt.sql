-- One visitor look-up (track-order) in one call: the per-address, per-(address, order) and per-order
-- throttle counters, then the audit row and, for the right e-mail, the counters cleared. The
-- counters are counted in this order and a refused look-up stops at the first limit passed, as
-- the separate statements did (see apps/server/src/features/visitor/track-order.ts). One round trip
-- and one commit instead of up to seven; the commit does not wait for the WAL flush (decisions.md,
-- 2026-11-26): a PostgreSQL crash may forget the last fraction of a second of counts and rows.
CREATE OR REPLACE FUNCTION rate_counter_hit(p_key text, p_window_s double precision, OUT hits integer, OUT ends_at timestamptz)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  INSERT INTO rate_counters AS r (key, count, reset_at)
  VALUES (p_key, 1, now() + make_interval(secs => p_window_s))
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.count + 1 END,
    reset_at = CASE WHEN r.reset_at <= now() THEN now() + make_interval(secs => p_window_s) ELSE r.reset_at END
  RETURNING r.count, r.reset_at INTO hits, ends_at;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION track_order_attempt(
  p_ip_key text, p_pair_key text, p_order_key text,
  p_ip_window_s double precision, p_order_window_s double precision,
  p_ip_limit integer, p_pair_limit integer, p_lock_after integer,
  p_matched boolean, p_target text, p_ip text,
  OUT outcome text, OUT until_at timestamptz)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  counted record;
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  SELECT * INTO counted FROM rate_counter_hit(p_ip_key, p_ip_window_s);
  IF counted.hits > p_ip_limit THEN
    outcome := 'throttled'; until_at := counted.ends_at; RETURN;
  END IF;
  SELECT * INTO counted FROM rate_counter_hit(p_pair_key, p_order_window_s);
  IF counted.hits > p_pair_limit THEN
    outcome := 'throttled'; until_at := counted.ends_at; RETURN;
  END IF;
  SELECT * INTO counted FROM rate_counter_hit(p_order_key, p_order_window_s);
  IF counted.hits > p_lock_after THEN
    outcome := 'throttled'; until_at := counted.ends_at; RETURN;
  END IF;
  IF NOT p_matched THEN
    INSERT INTO audit_log (action, target, ip, outcome) VALUES ('visitor-track', p_target, p_ip, 'failed');
    outcome := 'not-found'; RETURN;
  END IF;
  DELETE FROM rate_counters WHERE key IN (p_pair_key, p_order_key);
  INSERT INTO audit_log (action, target, ip, outcome) VALUES ('visitor-track', p_target, p_ip, 'ok');
  outcome := 'found';
END $$;
