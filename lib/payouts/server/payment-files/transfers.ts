// Owns what a payment file says about its transactions, whatever its format: the amount with exactly the currency's
// ISO 4217 fraction digits (decimal.js, never a number), the charge bearer DESIGN fixes, the groups (one per charge
// bearer) and their exact counts and sums.
import { Decimal, isFiatCurrency, minorUnits } from '@/lib/platform/money';

export type ChargeBearer = 'SLEV' | 'DEBT' | 'SHAR';

export interface Transfer {
  orderId: string;
  orgId: string;
  uetr: string;
  /** In the major unit with exactly the currency's fraction digits ("1250.00", "980" JPY). */
  amount: string;
  chargeBearer: ChargeBearer;
  creditorName: string;
  creditorCountry: string;
  creditorIban: string | null;
  creditorAccountNumber: string | null;
  creditorBic: string | null;
  bankName: string | null;
  routingCode: string | null;
  routingCodeType: string | null;
  /** The client's reference for the payment (remittance information). */
  remittance: string | null;
}

export interface TransferGroup {
  number: number;
  chargeBearer: ChargeBearer;
  transactions: Transfer[];
  count: number;
  sum: string;
}

/** The amount in the file: exactly the currency's fraction digits; a fraction it cannot carry is refused, not rounded. */
export function fileAmount(amount: string, currency: string): string {
  if (!isFiatCurrency(currency)) throw new Error(`${currency} is not an ISO 4217 fiat currency`);
  const digits = minorUnits(currency);
  const value = new Decimal(amount);
  if (value.decimalPlaces() > digits)
    throw new Error(`${amount} ${currency} has more than ${digits} decimals`);
  return value.toFixed(digits);
}

/** DESIGN "Payment files": SEPA (EUR to an IBAN) → SLEV; otherwise the order's fee type, OUR → DEBT, SHA → SHAR. */
export function chargeBearerOf(currency: string, iban: string | null, feeType: 'OUR' | 'SHA'): ChargeBearer {
  if (currency === 'EUR' && iban) return 'SLEV';
  return feeType === 'OUR' ? 'DEBT' : 'SHAR';
}

/** The sum of amounts with the currency's digits. */
export function sumOf(amounts: readonly string[], currency: string): string {
  const total = amounts.reduce((sum, amount) => sum.plus(amount), new Decimal(0));
  return fileAmount(total.toFixed(), currency);
}

const BEARER_ORDER: readonly ChargeBearer[] = ['SLEV', 'SHAR', 'DEBT'];

/** One group per charge bearer (numbered from 1 in a fixed order), transactions in the order given. */
export function groupTransfers(transfers: readonly Transfer[], currency: string): TransferGroup[] {
  const groups: TransferGroup[] = [];
  for (const bearer of BEARER_ORDER) {
    const transactions = transfers.filter((t) => t.chargeBearer === bearer);
    if (transactions.length === 0) continue;
    groups.push({
      number: groups.length + 1,
      chargeBearer: bearer,
      transactions,
      count: transactions.length,
      sum: sumOf(
        transactions.map((t) => t.amount),
        currency,
      ),
    });
  }
  return groups;
}
