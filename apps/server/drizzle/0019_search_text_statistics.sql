-- A larger statistics sample for the search column. Whether a search term is common decides how
-- its matches are counted (folder-search.ts): a common surname (7 % of a million orders) reaches
-- the count's cap within ~15,000 rows read in order, while the trigram index must first collect
-- all ~70,000 of its matches (24 ms against 7 ms). The planner judges "common" from the column's
-- histogram. With the default 100 entries, seven ANALYZEs of the same million orders estimated
-- one surname (7.0 % of them) at 2 % to 12 %, and the plan followed: the benchmark's common-surname
-- search fell from 229 to 86 req/s after one re-analyse. With 1,000 entries seven estimates lay
-- between 6.0 % and 8.6 %. ANALYZE then samples 300,000 rows (about 1.4 s on a million orders).
ALTER TABLE orders ALTER COLUMN search_text SET STATISTICS 1000;
--> statement-breakpoint
ANALYZE orders (search_text);
