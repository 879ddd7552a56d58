// Owns the wire shapes the liquidity pages read (as the API documents them).
export interface Page<T> {
  items: T[];
  meta: { limit: number; page: number; total: number };
}

export interface Withdrawal {
  id: string;
  amount: string;
  chain_id: string;
  wallet_id: string;
  org_id: string;
  org_name: string;
  wallet_address: string;
  transaction_hash: string | null;
  custody_transaction_id: string | null;
  status: 'SUBMITTED' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
  sub_status: string;
  failure_reason: string | null;
  withdrawal_request_id: string;
  created_at: string;
  updated_at: string;
}

export interface Wallet {
  id: string;
  chain_id: string;
  chain: string;
  address: string;
  label: string | null;
  status: 'COOLING_OFF' | 'ACTIVE' | 'REMOVED';
  usable_from: string;
  created_at: string;
}

export interface Chain {
  id: string;
  code: string;
  name: string;
  token_standard: string;
  status: 'ACTIVE' | 'DISABLED';
}

export interface Balance {
  available: string;
  held: string;
  total: string;
}

export interface SettlementRoute {
  id: string;
  name: string;
  currency: string;
  chain: string;
  counterparty: string;
  status: string;
}

export interface ProofOfSettlement {
  id: string;
  route_id: string;
  file_name: string;
  mime_type: string;
  url: string;
  file_size: number;
  hash_sha256: string;
  recorded_at: string;
}

export interface UtilizationProof {
  id: string;
  amount: number;
  currency: string;
  created_at: string;
}

export interface Loan {
  id: string;
  principal: string;
  currency: string;
  interest_rate_percent: string;
  drawn_amount: string;
  repaid_amount: string;
  outstanding_amount: string;
  status: string;
  starts_on: string;
  due_on: string;
}

export interface LoanRepayment {
  id: string;
  loan_id: string;
  amount: string;
  currency: string;
  paid_at: string;
  reference: string | null;
}

export const WITHDRAWALS_PATH = '/api/v2/liquidity/management/withdrawals';
export const WALLETS_PATH = '/api/v2/liquidity/management/wallets';
export const CHAINS_PATH = '/api/v2/liquidity/management/chains';
