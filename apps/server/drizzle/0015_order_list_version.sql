-- Deep folder pages seek from anchors (every Nth row of a listing, features/orders/list-anchors.ts)
-- computed lazily and kept while no order changed. "No order changed" is read from this table in
-- the same statement as the page: every statement that writes orders or disputes adds one to a
-- slot (64 slots picked by transaction id, so concurrent writers rarely share a row), and the sum
-- of the slots only grows, so an equal sum in two snapshots means the same committed orders. The
-- slot is taken BEFORE the statement locks any order row.
CREATE TABLE IF NOT EXISTS "order_list_version" (
  "slot" smallint PRIMARY KEY,
  "changes" bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO "order_list_version" ("slot") SELECT g FROM generate_series(0, 63) AS g ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_order_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_list_version" ("slot", "changes") VALUES ((txid_current() % 64)::smallint, 1)
    ON CONFLICT ("slot") DO UPDATE SET "changes" = "order_list_version"."changes" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "orders_list_version" ON "orders";
--> statement-breakpoint
CREATE TRIGGER "orders_list_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_order_list_version"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "order_disputes_list_version" ON "order_disputes";
--> statement-breakpoint
CREATE TRIGGER "order_disputes_list_version" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "order_disputes"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_order_list_version"();
