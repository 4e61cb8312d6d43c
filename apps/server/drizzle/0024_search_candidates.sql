-- The orders whose search text holds a rare term, found through the trigram index by a plan made
-- once per connection. Planning the same statement for each term cost more than a fifth of a rare
-- search's database time (0.45 ms of 2.2 on a million orders): the planner tests the LIKE pattern
-- against the 2,000 sampled texts of the column's statistics (migration 0019) to estimate its
-- share, and the caller has already judged the term rare from the same sample (folder-search.ts).
-- A generic plan asks the trigram index for whatever pattern it is given, which is the plan a rare
-- term wants. p_pattern is a LIKE pattern (escape '\'), p_term the lowered term checked whole.
CREATE OR REPLACE FUNCTION search_candidates(p_pattern text, p_term text)
RETURNS SETOF bigint
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN QUERY
    SELECT o.order_id FROM orders o
    WHERE o.search_text LIKE p_pattern ESCAPE '\' AND strpos(o.search_text, p_term) > 0;
END $$;
