-- Ledger integrity: what must never break is held by the database itself, whatever code writes.

-- 1. Each entry updates its account's cached balance in the same statement; the account's CHECK
--    (ledger_accounts_no_negative_balance) refuses a client account going below zero, and the row
--    update serializes concurrent movements on one account.
CREATE FUNCTION ledger_apply_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts SET balance = balance + NEW.amount, updated_at = now() WHERE id = NEW.account_id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_apply AFTER INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_apply_entry();
--> statement-breakpoint

-- 2. Entries are facts: corrections are new, balancing transactions, never edits.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger % rows are immutable', TG_TABLE_NAME USING ERRCODE = 'integrity_constraint_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_immutable BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_immutable BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint

-- 3. At commit, every transaction touched must have at least two entries summing to zero per currency.
--    Deferred so that the entries of one transaction may be inserted by several statements.
CREATE FUNCTION ledger_assert_balanced(txn_id uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  entry_count integer;
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
END;
$$;
--> statement-breakpoint
CREATE FUNCTION ledger_check_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_assert_balanced(NEW.transaction_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION ledger_check_transaction_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_assert_balanced(NEW.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_entry_balanced();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_transactions_balanced AFTER INSERT ON ledger_transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_transaction_balanced();
--> statement-breakpoint

-- 4. The cached balance is only ever written by the entry trigger above.
CREATE FUNCTION ledger_guard_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.balance IS DISTINCT FROM OLD.balance AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'ledger account balances change only through ledger entries'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_balance_guard BEFORE UPDATE OF balance ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_guard_balance();
--> statement-breakpoint
CREATE FUNCTION ledger_refuse_initial_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.balance <> 0 THEN
    RAISE EXCEPTION 'ledger accounts start at zero' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_start_at_zero BEFORE INSERT ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_initial_balance();
