-- Search for 1-2 characters anywhere in the order id, name or e-mail (issue 18), served by an
-- index: the trigram index on search_text cannot serve a term shorter than three characters.
-- order_short_grams lists every character and every pair of neighbouring characters of the
-- lower-cased id, full name and e-mail (pairs never span two fields), so
-- "order_short_grams(...) @> ARRAY[lower(term)]" holds exactly when one of the fields contains
-- the term. The GIN index on it finds the orders of a rare pair directly; a common one ("sh")
-- is found sooner by walking the newest orders, where folder-search.ts checks the cheap LIKEs
-- first so the function runs only on rows that match. Measured alternatives: docs/decisions.md.
CREATE OR REPLACE FUNCTION order_short_grams(id bigint, name text, email text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  grams text[] := '{}';
  field text;
  i integer;
BEGIN
  FOREACH field IN ARRAY ARRAY[id::text, lower(name), lower(email)] LOOP
    CONTINUE WHEN field IS NULL OR field = '';
    grams := grams || string_to_array(field, NULL);
    FOR i IN 1 .. length(field) - 1 LOOP
      grams := grams || substr(field, i, 2);
    END LOOP;
  END LOOP;
  RETURN grams;
END
$$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_short_grams_idx" ON "orders" USING gin (order_short_grams("order_id", "full_name", "email"));
