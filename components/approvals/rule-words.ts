// Owns an approval rule in the words a finance admin reads: what it governs, when it applies ("50,000.00 USDT or more,
// paid in EUR or GBP") and who approves, in order ("2 of Ana, Ben or Cy, then 1 admin").
import type { ApprovalObject, BatchSource, StageRole } from '@/lib/approvals/contract/enums';
import type { ApprovalRuleWire } from '@/lib/approvals/contract/schemas';
import { formatMoney } from '@/lib/platform/format/money';

export type RuleConditionsWire = ApprovalRuleWire['conditions'];
export type RuleStageWire = ApprovalRuleWire['stages'][number];

export const OBJECT_WORDS: Record<ApprovalObject, { label: string; many: string; every: string }> = {
  batch: { label: 'Payout batches', many: 'payout batches', every: 'Every payout batch' },
  withdrawal: { label: 'Withdrawals', many: 'withdrawals', every: 'Every withdrawal' },
  wallet: { label: 'Wallets', many: 'new or changed wallets', every: 'Every new or changed wallet' },
  approval_rules: {
    label: 'Rule changes',
    many: 'changes to these rules',
    every: 'Every change to these rules',
  },
};

export const SOURCE_WORDS: Record<BatchSource, string> = {
  portal: 'built in the portal',
  csv: 'imported from a CSV file',
  api: 'sent through the API',
};

/** "A, B or C" (or "and"): lists read as a sentence, not as a JSON array. */
export function listWords(items: readonly string[], last: 'or' | 'and' = 'or'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;
}

const usdt = (amount: string, locale?: string) => formatMoney(amount, 'USDT', { locale });

/** Each condition as a phrase; none means the rule applies to every object of its kind. */
export function conditionWords(conditions: RuleConditionsWire, locale?: string): string[] {
  const words: string[] = [];
  const { amount_usdt_gte: from, amount_usdt_lt: below } = conditions;
  if (from !== undefined && below !== undefined)
    words.push(`from ${usdt(from, locale)} up to, not including, ${usdt(below, locale)}`);
  else if (from !== undefined) words.push(`${usdt(from, locale)} or more`);
  else if (below !== undefined) words.push(`below ${usdt(below, locale)}`);
  if (conditions.currencies?.length) words.push(`paid in ${listWords(conditions.currencies)}`);
  if (conditions.countries?.length) words.push(`paid to ${listWords(conditions.countries)}`);
  if (conditions.sources?.length)
    words.push(listWords(conditions.sources.map((source) => SOURCE_WORDS[source])));
  if (conditions.first_payment_to_beneficiary) words.push('paying a beneficiary for the first time');
  const days = conditions.details_changed_within_days;
  if (days !== undefined)
    words.push(`paying a beneficiary whose details changed in the last ${days} day${days === 1 ? '' : 's'}`);
  return words;
}

/** "Payout batches of 50,000.00 USDT or more, paid in EUR" / "Every withdrawal". */
export function appliesToWords(
  object: ApprovalObject,
  conditions: RuleConditionsWire,
  locale?: string,
): string {
  const phrases = conditionWords(conditions, locale);
  const kind = OBJECT_WORDS[object].many;
  if (phrases.length === 0) return OBJECT_WORDS[object].every;
  const [first, ...rest] = phrases;
  // Amounts read "batches of …"; the other conditions read "batches paid in …".
  const joiner =
    conditions.amount_usdt_gte !== undefined || conditions.amount_usdt_lt !== undefined ? ' of ' : ' ';
  const sentence = `${kind.charAt(0).toUpperCase()}${kind.slice(1)}${joiner}${first}`;
  return rest.length === 0 ? sentence : `${sentence}, ${listWords(rest, 'and')}`;
}

/** Who fills one stage: "1 admin", "2 approvers or admins", "2 of Ana, Ben or Cy" (names when the page has them). */
export function stageWords(stage: RuleStageWire, names?: ReadonlyMap<string, string>): string {
  if (stage.user_ids) {
    const people = stage.user_ids.map((id) => names?.get(id));
    if (people.every((name): name is string => name !== undefined)) {
      if (people.length === 1) return people[0] ?? '';
      return stage.required === people.length
        ? `all of ${listWords(people, 'and')}`
        : `${stage.required} of ${listWords(people)}`;
    }
    const count = stage.user_ids.length;
    return `${stage.required} of ${count} named ${count === 1 ? 'person' : 'people'}`;
  }
  return ROLE_STAGE_WORDS[stage.role ?? 'approver'](stage.required);
}

/** "1 admin", "2 approvers or admins": a stage that names a role (admins include approvers: STAGE_ROLE_HOLDERS). */
const ROLE_STAGE_WORDS: Record<StageRole, (required: number) => string> = {
  admin: (required) => `${required} ${required === 1 ? 'admin' : 'admins'}`,
  approver: (required) => (required === 1 ? '1 approver or admin' : `${required} approvers or admins`),
};

/** The stages in order: "2 of Ana, Ben or Cy, then 1 admin". */
export function stagesWords(stages: readonly RuleStageWire[], names?: ReadonlyMap<string, string>): string {
  return stages.map((stage) => stageWords(stage, names)).join(', then ');
}
