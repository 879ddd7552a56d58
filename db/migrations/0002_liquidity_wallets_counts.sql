CREATE TABLE "withdrawal_counts" (
	"org_id" uuid NOT NULL,
	"chain_id" uuid NOT NULL,
	"status" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "withdrawal_counts_org_id_chain_id_status_pk" PRIMARY KEY("org_id","chain_id","status"),
	CONSTRAINT "withdrawal_counts_non_negative" CHECK ("withdrawal_counts"."count" >= 0)
);
--> statement-breakpoint
DROP INDEX "wallets_org_chain_address_key";--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "usable_from" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "removed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "withdrawal_counts" ADD CONSTRAINT "withdrawal_counts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_counts" ADD CONSTRAINT "withdrawal_counts_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_org_chain_address_key" ON "wallets" USING btree ("org_id","chain_id","address") WHERE "wallets"."removed_at" is null;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_usable_after_created" CHECK ("wallets"."usable_from" >= "wallets"."created_at");--> statement-breakpoint

-- Withdrawal counts per organization, chain and status, kept in the same transaction as the rows they count, so
-- the withdrawals list answers meta.total from a handful of rows. Statement-level triggers with transition tables
-- cost one upsert per statement, so a bulk load counts as fast as a single insert.
CREATE FUNCTION withdrawal_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO withdrawal_counts AS c (org_id, chain_id, status, count)
    SELECT org_id, chain_id, status, count(*) FROM new_rows GROUP BY org_id, chain_id, status
  ON CONFLICT (org_id, chain_id, status) DO UPDATE SET count = c.count + excluded.count;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER withdrawals_count_insert AFTER INSERT ON withdrawals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION withdrawal_counts_on_insert();
--> statement-breakpoint
CREATE FUNCTION withdrawal_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Old key first, then new: withdrawals only move forward (SUBMITTED → PROCESSING → COMPLETED | FAILED), so
  -- concurrent status changes take the counter rows in one order and cannot deadlock on them.
  UPDATE withdrawal_counts c SET count = c.count - m.n
    FROM (
      SELECT o.org_id, o.chain_id, o.status, count(*) AS n
        FROM old_rows o JOIN new_rows n ON n.id = o.id
       WHERE (o.org_id, o.chain_id, o.status) IS DISTINCT FROM (n.org_id, n.chain_id, n.status)
       GROUP BY o.org_id, o.chain_id, o.status
    ) m
   WHERE c.org_id = m.org_id AND c.chain_id = m.chain_id AND c.status = m.status;
  INSERT INTO withdrawal_counts AS c (org_id, chain_id, status, count)
    SELECT n.org_id, n.chain_id, n.status, count(*)
      FROM old_rows o JOIN new_rows n ON n.id = o.id
     WHERE (o.org_id, o.chain_id, o.status) IS DISTINCT FROM (n.org_id, n.chain_id, n.status)
     GROUP BY n.org_id, n.chain_id, n.status
  ON CONFLICT (org_id, chain_id, status) DO UPDATE SET count = c.count + excluded.count;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER withdrawals_count_update AFTER UPDATE ON withdrawals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION withdrawal_counts_on_update();
--> statement-breakpoint
CREATE FUNCTION withdrawal_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE withdrawal_counts c SET count = c.count - m.n
    FROM (SELECT org_id, chain_id, status, count(*) AS n FROM old_rows GROUP BY org_id, chain_id, status) m
   WHERE c.org_id = m.org_id AND c.chain_id = m.chain_id AND c.status = m.status;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER withdrawals_count_delete AFTER DELETE ON withdrawals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION withdrawal_counts_on_delete();
