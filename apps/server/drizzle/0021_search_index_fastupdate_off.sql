-- The search indexes take each new order's entries at once rather than in GIN's pending list.
-- With the list on (the default), orders are appended to it until it holds gin_pending_list_limit
-- (4 MB, about 3,000 orders here), and every search reads the whole list besides the index: with
-- 2,000 orders pending, a rare surname's match count on a million orders read 529 buffers in
-- 4.9 ms instead of 196 in 2.9 ms, and searches slowed and recovered in a saw-tooth with intake.
-- Writing entries at once costs an insert about a millisecond more (1,000 orders with their
-- triggers: 2.2 s with the list, 2.9-3.3 s without), which one order at a time never notices.
-- The benchmark's bulk seed drops these indexes and builds them again afterwards, so it keeps its speed.
ALTER INDEX orders_search_trgm_idx SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX orders_short_grams_idx SET (fastupdate = off);
