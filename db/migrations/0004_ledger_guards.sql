-- The ledger's last doors (issue 14): what an account is cannot change, ledger tables cannot be truncated,
-- and one ledger transaction moves one organization's money (plus the provider's system accounts).

-- 1. An account's owner, type, currency and right to go negative are fixed at creation. Flipping
--    allow_negative would switch off the no-negative-balance CHECK for that account.
CREATE FUNCTION ledger_guard_account_identity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.allow_negative IS DISTINCT FROM OLD.allow_negative
     OR NEW.org_id IS DISTINCT FROM OLD.org_id
     OR NEW.type IS DISTINCT FROM OLD.type
     OR NEW.currency IS DISTINCT FROM OLD.currency THEN
    RAISE EXCEPTION 'ledger account % cannot change its owner, type, currency or allow_negative', OLD.id
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_identity_guard BEFORE UPDATE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_guard_account_identity();
--> statement-breakpoint

-- 2. TRUNCATE fires no row triggers, so it gets its own refusal.
CREATE FUNCTION ledger_refuse_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger table % cannot be truncated', TG_TABLE_NAME
    USING ERRCODE = 'integrity_constraint_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_truncate();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_truncate();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_truncate();
--> statement-breakpoint

-- 3. At commit (with the balance check): the client accounts a transaction touches belong to one
--    organization, and to the transaction's own organization when it names one.
CREATE OR REPLACE FUNCTION ledger_assert_balanced(txn_id uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  entry_count integer;
  org_count integer;
  txn_org uuid;
BEGIN
  SELECT count(*) INTO entry_count FROM ledger_entries WHERE transaction_id = txn_id;
  IF entry_count < 2 THEN
    RAISE EXCEPTION 'ledger transaction % has % entries; at least two are required', txn_id, entry_count
      USING ERRCODE = 'integrity_constraint_violation', CONSTRAINT = 'ledger_transaction_balanced';
  END IF;
  IF EXISTS (
    SELECT 1 FROM ledger_entries WHERE transaction_id = txn_id GROUP BY currency HAVING sum(amount) <> 0
  ) THEN
    RAISE EXCEPTION 'ledger transaction % does not sum to zero', txn_id
      USING ERRCODE = 'integrity_constraint_violation', CONSTRAINT = 'ledger_transaction_balanced';
  END IF;
  SELECT org_id INTO txn_org FROM ledger_transactions WHERE id = txn_id;
  SELECT count(DISTINCT a.org_id) INTO org_count
    FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
    WHERE e.transaction_id = txn_id AND a.org_id IS NOT NULL;
  IF org_count > 1 OR (org_count = 1 AND NOT EXISTS (
    SELECT 1 FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
    WHERE e.transaction_id = txn_id AND a.org_id IS NOT NULL AND a.org_id = txn_org
  )) THEN
    RAISE EXCEPTION 'ledger transaction % touches accounts of another organization', txn_id
      USING ERRCODE = 'integrity_constraint_violation', CONSTRAINT = 'ledger_transaction_one_organization';
  END IF;
END;
$$;
