CREATE TABLE "withdrawal_block_counts" (
	"org_id" uuid NOT NULL,
	"chain_id" uuid NOT NULL,
	"status" text NOT NULL,
	"block" bigint NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "withdrawal_block_counts_org_id_status_chain_id_block_pk" PRIMARY KEY("org_id","status","chain_id","block"),
	CONSTRAINT "withdrawal_block_counts_non_negative" CHECK ("withdrawal_block_counts"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "withdrawal_counts" (
	"org_id" uuid NOT NULL,
	"chain_id" uuid NOT NULL,
	"status" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "withdrawal_counts_org_id_chain_id_status_pk" PRIMARY KEY("org_id","chain_id","status"),
	CONSTRAINT "withdrawal_counts_non_negative" CHECK ("withdrawal_counts"."count" >= 0)
);
--> statement-breakpoint
DROP INDEX "withdrawals_org_created_idx";--> statement-breakpoint
DROP INDEX "withdrawals_org_status_created_idx";--> statement-breakpoint
DROP INDEX "withdrawals_org_chain_created_idx";--> statement-breakpoint
DROP INDEX "wallets_org_chain_address_key";--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "usable_from" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "removed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "seq" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawal_block_counts" ADD CONSTRAINT "withdrawal_block_counts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_block_counts" ADD CONSTRAINT "withdrawal_block_counts_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_counts" ADD CONSTRAINT "withdrawal_counts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_counts" ADD CONSTRAINT "withdrawal_counts_chain_id_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chains"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_org_seq_key" ON "withdrawals" USING btree ("org_id","seq");--> statement-breakpoint
CREATE INDEX "withdrawals_org_status_seq_idx" ON "withdrawals" USING btree ("org_id","status","seq");--> statement-breakpoint
CREATE INDEX "withdrawals_org_chain_seq_idx" ON "withdrawals" USING btree ("org_id","chain_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_org_chain_address_key" ON "wallets" USING btree ("org_id","chain_id","address") WHERE "wallets"."removed_at" is null;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_usable_after_created" CHECK ("wallets"."usable_from" >= "wallets"."created_at");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_seq_positive" CHECK ("withdrawals"."seq" > 0);--> statement-breakpoint

-- Withdrawal counts per organization, chain and status (withdrawal_counts: the list's meta.total) and per block of
-- 1,024 consecutive seq values (withdrawal_block_counts: where a deep page starts), kept in the same transaction as the
-- rows they count. Statement-level triggers with transition tables: one upsert per statement, so a bulk load counts
-- as cheaply as a single insert. Status changes only move forward (SUBMITTED → PROCESSING → COMPLETED | FAILED), and
-- the old key is decremented before the new one is incremented, so concurrent changes take counter rows in one order.
CREATE FUNCTION withdrawal_counts_add(delta_rows jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- delta_rows: [{org_id, chain_id, status, seq, n}] with n = +1 or -1 per row; grouped here.
  UPDATE withdrawal_counts c SET count = c.count + d.n
    FROM (SELECT org_id, chain_id, status, sum(n) AS n
            FROM jsonb_to_recordset(delta_rows) AS x(org_id uuid, chain_id uuid, status text, seq bigint, n int)
           GROUP BY org_id, chain_id, status HAVING sum(n) < 0) d
   WHERE c.org_id = d.org_id AND c.chain_id = d.chain_id AND c.status = d.status;
  UPDATE withdrawal_block_counts c SET count = c.count + d.n
    FROM (SELECT org_id, chain_id, status, (seq - 1) / 1024 AS block, sum(n) AS n
            FROM jsonb_to_recordset(delta_rows) AS x(org_id uuid, chain_id uuid, status text, seq bigint, n int)
           GROUP BY 1, 2, 3, 4 HAVING sum(n) < 0) d
   WHERE c.org_id = d.org_id AND c.chain_id = d.chain_id AND c.status = d.status AND c.block = d.block;
  INSERT INTO withdrawal_counts AS c (org_id, chain_id, status, count)
    SELECT org_id, chain_id, status, sum(n)
      FROM jsonb_to_recordset(delta_rows) AS x(org_id uuid, chain_id uuid, status text, seq bigint, n int)
     GROUP BY org_id, chain_id, status HAVING sum(n) > 0
  ON CONFLICT (org_id, chain_id, status) DO UPDATE SET count = c.count + excluded.count;
  INSERT INTO withdrawal_block_counts AS c (org_id, status, chain_id, block, count)
    SELECT org_id, status, chain_id, (seq - 1) / 1024, sum(n)
      FROM jsonb_to_recordset(delta_rows) AS x(org_id uuid, chain_id uuid, status text, seq bigint, n int)
     GROUP BY 1, 2, 3, 4 HAVING sum(n) > 0
  ON CONFLICT (org_id, status, chain_id, block) DO UPDATE SET count = c.count + excluded.count;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION withdrawal_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO withdrawal_counts AS c (org_id, chain_id, status, count)
    SELECT org_id, chain_id, status, count(*) FROM new_rows GROUP BY org_id, chain_id, status
  ON CONFLICT (org_id, chain_id, status) DO UPDATE SET count = c.count + excluded.count;
  INSERT INTO withdrawal_block_counts AS c (org_id, status, chain_id, block, count)
    SELECT org_id, status, chain_id, (seq - 1) / 1024, count(*) FROM new_rows GROUP BY 1, 2, 3, 4
  ON CONFLICT (org_id, status, chain_id, block) DO UPDATE SET count = c.count + excluded.count;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER withdrawals_count_insert AFTER INSERT ON withdrawals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION withdrawal_counts_on_insert();
--> statement-breakpoint
CREATE FUNCTION withdrawal_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM withdrawal_counts_add(coalesce((
    SELECT jsonb_agg(d) FROM (
      SELECT o.org_id, o.chain_id, o.status, o.seq, -1 AS n
        FROM old_rows o JOIN new_rows w ON w.id = o.id
       WHERE (o.org_id, o.chain_id, o.status, o.seq) IS DISTINCT FROM (w.org_id, w.chain_id, w.status, w.seq)
      UNION ALL
      SELECT w.org_id, w.chain_id, w.status, w.seq, 1 AS n
        FROM old_rows o JOIN new_rows w ON w.id = o.id
       WHERE (o.org_id, o.chain_id, o.status, o.seq) IS DISTINCT FROM (w.org_id, w.chain_id, w.status, w.seq)
    ) d), '[]'::jsonb));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER withdrawals_count_update AFTER UPDATE ON withdrawals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION withdrawal_counts_on_update();
--> statement-breakpoint
CREATE FUNCTION withdrawal_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM withdrawal_counts_add(coalesce((
    SELECT jsonb_agg(d) FROM (SELECT org_id, chain_id, status, seq, -1 AS n FROM old_rows) d), '[]'::jsonb));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER withdrawals_count_delete AFTER DELETE ON withdrawals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION withdrawal_counts_on_delete();
