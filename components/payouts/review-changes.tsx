'use client';
// Owns what an approver is shown of a batch's parties and of what changed under their review: each payee's bank and
// masked account (as the beneficiaries API returns them: never more than the last four characters), and, after
// "Review again", each change per order and field, before and after — the fields from the 409 `review_outdated`
// errors[], the values from the read the approver reviewed and the read that replaced it.
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { Money } from '@/components/ui/money';
import type { Order } from './api';
import type { BeneficiaryOption } from './profile-options';

/** A payee as the review shows it: the beneficiaries API's own fields (masked by the API). */
export type Payee = Pick<BeneficiaryOption, 'name' | 'bank_name' | 'iban_last4' | 'account_number_last4'>;

/** "Commerzbank · IBAN •••• 3000": the bank and the masked account, or a dash when neither is known. */
export function PayeeAccount({ payee }: { payee: Payee | undefined }) {
  if (!payee) return <span className="text-slate-400">—</span>;
  const account = payee.iban_last4
    ? { label: 'IBAN', last4: payee.iban_last4 }
    : payee.account_number_last4
      ? { label: 'Account', last4: payee.account_number_last4 }
      : null;
  return (
    <span>
      {payee.bank_name ?? 'Bank not given'}
      {account ? (
        <>
          {' · '}
          {account.label}{' '}
          <span className="font-mono">
            <span aria-hidden="true">•••• </span>
            <span className="sr-only">ending in </span>
            {account.last4}
          </span>
        </>
      ) : null}
    </span>
  );
}

/** The read the approver reviewed, kept when they ask to review again, with the changes the server named. */
export interface ReviewedRead {
  fields: readonly string[];
  orders: readonly Order[];
  payees: ReadonlyMap<string, Payee>;
  quoteExpiresAt: string;
}

interface CurrentRead {
  orders: readonly Order[];
  payees: ReadonlyMap<string, Payee>;
  quoteExpiresAt: string;
}

interface ChangeRow {
  key: string;
  where: string;
  what: string;
  before: ReactNode;
  after: ReactNode;
}

const money = (amount: string | null, currency: string) =>
  amount === null ? '—' : <Money amount={amount} currency={currency} />;

/** One order field as the page shows it; the two profile fields of a party read as that party. */
function orderValue(field: string, order: Order | undefined, payees: ReadonlyMap<string, Payee>): ReactNode {
  if (!order) return '—';
  switch (field) {
    case 'beneficiary_amount':
      return money(order.beneficiary_amount, order.beneficiary_currency);
    case 'fee_amount':
      return money(order.fee_amount, order.beneficiary_currency);
    case 'source_amount':
      return money(order.source_amount, 'USDT');
    case 'beneficiary_currency':
      return order.beneficiary_currency;
    case 'fee_type':
      return order.fee_type;
    case 'purpose_code':
      return order.purpose_code;
    case 'beneficiary':
      return (
        <>
          {payees.get(order.beneficiary_profile_id)?.name ?? 'Unknown payee'},{' '}
          <PayeeAccount payee={payees.get(order.beneficiary_profile_id)} />
        </>
      );
    default:
      return null;
  }
}

const WHAT: Record<string, string> = {
  beneficiary_amount: 'Beneficiary receives',
  fee_amount: 'Fee',
  source_amount: 'USDT to fund',
  beneficiary_currency: 'Currency',
  fee_type: 'Fee type',
  purpose_code: 'Purpose',
  beneficiary: 'Payee and account',
  sender: 'Sender’s identity',
};

/** Each change once: a party's id and its details version are one change of that party. */
function changesSinceReview(reviewed: ReviewedRead, current: CurrentRead): ChangeRow[] {
  const rows: ChangeRow[] = [];
  const seen = new Set<string>();
  for (const field of reviewed.fields) {
    if (field === 'quote_expires_at') {
      if (seen.has(field)) continue;
      seen.add(field);
      rows.push({
        key: field,
        where: 'The quote',
        what: 'Valid until',
        before: <DateTime value={reviewed.quoteExpiresAt} />,
        after: <DateTime value={current.quoteExpiresAt} />,
      });
      continue;
    }
    const match = /^orders\.(\d+)\.(\w+)$/.exec(field);
    if (!match) continue;
    const index = Number(match[1]);
    const input = match[2]!.replace(/_(profile_id|details_version)$/, '');
    const key = `${index}.${input}`;
    if (seen.has(key) || !(input in WHAT)) continue;
    seen.add(key);
    const before = reviewed.orders[index];
    const after = current.orders[index];
    const name =
      (after && current.payees.get(after.beneficiary_profile_id)?.name) ??
      (before && reviewed.payees.get(before.beneficiary_profile_id)?.name);
    rows.push({
      key,
      where: name ? `Order ${index + 1} (${name})` : `Order ${index + 1}`,
      what: WHAT[input]!,
      // The page shows no sender details: it can say that the identity changed, not how.
      before: input === 'sender' ? 'As you reviewed it' : orderValue(input, before, reviewed.payees),
      after: input === 'sender' ? 'Changed: see the sender’s page' : orderValue(input, after, current.payees),
    });
  }
  return rows;
}

/** Shown once the approver has read the batch again: what is different from what they reviewed. */
export function ChangesSinceReview({ reviewed, current }: { reviewed: ReviewedRead; current: CurrentRead }) {
  const rows = changesSinceReview(reviewed, current);
  return (
    <section aria-labelledby="changes-since-review">
      <Card className="border-amber-300 p-4">
        <h2 id="changes-since-review" className="text-base font-semibold text-slate-900">
          What changed since you reviewed it
        </h2>
        {rows.length ? (
          // Scrolls within itself on a narrow screen rather than widening the page.
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-left text-sm text-slate-700" data-testid="changes-since-review">
              <thead>
                <tr className="text-xs uppercase tracking-wide text-slate-500">
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Where
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    What
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Before
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    Now
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key} className="border-t border-slate-100 align-top">
                    <td className="py-1 pr-3 font-medium text-slate-900">{row.where}</td>
                    <td className="py-1 pr-3">{row.what}</td>
                    <td className="py-1 pr-3">{row.before}</td>
                    <td className="py-1">{row.after}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="mt-1 text-sm text-slate-700">Nothing you can see on this page changed.</p>
        )}
        <p className="mt-2 text-sm text-slate-700">
          The batch below is as it is now: review it before confirming.
        </p>
      </Card>
    </section>
  );
}
