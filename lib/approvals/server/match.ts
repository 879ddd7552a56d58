// Owns which rules match an object (DESIGN "Rules"): every condition a rule gives must hold for the subject; a rule
// with none matches every object of its kind. Pure, so the engine and its tests share one reading of a rule.
import type { ApprovalObject, BatchSource } from '@/lib/approvals/contract/enums';
import type { RuleConditions } from '@/lib/approvals/contract/schemas';
import { dec } from '@/lib/platform/money';

/** What rules look at. Only a batch has currencies, countries, a source and payees. */
export interface ApprovalSubject {
  object: ApprovalObject;
  /** The total in USDT (a batch's `source_amount_total`, a withdrawal's amount); none for wallets and rule changes. */
  amountUsdt?: string;
  currencies?: readonly string[];
  countries?: readonly string[];
  source?: BatchSource;
  /** Whether it pays a beneficiary never paid before. */
  firstPaymentToBeneficiary?: boolean;
  /** The latest change of a paid beneficiary's identity or bank details (null: none known). */
  detailsChangedAt?: Date | null;
  /** The business time it goes to approval at. */
  at: Date;
}

const DAY_MS = 86_400_000;

export function ruleMatches(conditions: RuleConditions, subject: ApprovalSubject): boolean {
  const { amountUsdt } = subject;
  if (conditions.amount_usdt_gte !== undefined) {
    if (amountUsdt === undefined || dec(amountUsdt).lt(conditions.amount_usdt_gte)) return false;
  }
  if (conditions.amount_usdt_lt !== undefined) {
    if (amountUsdt === undefined || dec(amountUsdt).gte(conditions.amount_usdt_lt)) return false;
  }
  if (conditions.currencies && !(subject.currencies ?? []).some((c) => conditions.currencies!.includes(c)))
    return false;
  if (conditions.countries && !(subject.countries ?? []).some((c) => conditions.countries!.includes(c)))
    return false;
  if (conditions.sources && (subject.source === undefined || !conditions.sources.includes(subject.source)))
    return false;
  if (conditions.first_payment_to_beneficiary && subject.firstPaymentToBeneficiary !== true) return false;
  if (conditions.details_changed_within_days !== undefined) {
    const changed = subject.detailsChangedAt;
    if (!changed) return false;
    if (subject.at.getTime() - changed.getTime() > conditions.details_changed_within_days * DAY_MS)
      return false;
  }
  return true;
}
