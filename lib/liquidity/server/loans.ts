// Owns liquidity loans and their repayments: the client's lists, and the service staff (and the seed) create them with.
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { type LoanStatus, loanRepayments, loans } from '@/db/schema/liquidity';
import type { LoanRepaymentWire, LoanWire } from '@/lib/liquidity/contract/schemas';
import { businessNow } from '@/lib/platform/clock';
import { ApiError } from '@/lib/platform/errors/api-error';
import { recordEvent } from '@/lib/platform/events/record-event';
import { Decimal, dec, formatFiat, formatUsdt, isFiatCurrency } from '@/lib/platform/money';
import { type ListEnvelope, listEnvelope, type PageRequest, pageOffset } from '@/lib/platform/pagination';
import { type AuditActor, idFor, SYSTEM_ACTOR } from './common';

/** An amount in a loan's currency: USDT with 2–6 decimals, a fiat currency at its minor units. */
export function formatLoanAmount(value: string | Decimal, currency: string): string {
  return isFiatCurrency(currency) ? formatFiat(value, currency) : formatUsdt(value);
}

type LoanRow = typeof loans.$inferSelect;

export function loanToWire(row: LoanRow): LoanWire {
  const outstanding = Decimal.max(dec(row.drawnAmount).minus(row.repaidAmount), 0);
  return {
    id: row.id,
    principal: formatLoanAmount(row.principal, row.currency),
    currency: row.currency,
    interest_rate_percent: dec(row.interestRatePercent).toFixed(),
    drawn_amount: formatLoanAmount(row.drawnAmount, row.currency),
    repaid_amount: formatLoanAmount(row.repaidAmount, row.currency),
    outstanding_amount: formatLoanAmount(outstanding, row.currency),
    status: row.status,
    starts_on: row.startsOn,
    due_on: row.dueOn,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export interface LoanFilters extends PageRequest {
  status?: LoanStatus;
}

/** Newest first (created_at, then id, descending). */
export async function listLoans(
  executor: Executor,
  orgId: string,
  filters: LoanFilters,
): Promise<ListEnvelope<LoanWire>> {
  const conditions: SQL[] = [eq(loans.orgId, orgId)];
  if (filters.status) conditions.push(eq(loans.status, filters.status));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    executor
      .select()
      .from(loans)
      .where(where)
      .orderBy(desc(loans.createdAt), desc(loans.id))
      .limit(filters.limit)
      .offset(pageOffset(filters)),
    executor.select({ n: count() }).from(loans).where(where),
  ]);
  return listEnvelope(rows.map(loanToWire), filters, total?.n ?? 0);
}

export interface RepaymentFilters extends PageRequest {
  loanId?: string;
}

/** Newest payment first (paid_at, then id, descending). */
export async function listLoanRepayments(
  executor: Executor,
  orgId: string,
  filters: RepaymentFilters,
): Promise<ListEnvelope<LoanRepaymentWire>> {
  const conditions: SQL[] = [eq(loanRepayments.orgId, orgId)];
  if (filters.loanId) conditions.push(eq(loanRepayments.loanId, filters.loanId));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    executor
      .select({ repayment: loanRepayments, currency: loans.currency })
      .from(loanRepayments)
      .innerJoin(loans, eq(loans.id, loanRepayments.loanId))
      .where(where)
      .orderBy(desc(loanRepayments.paidAt), desc(loanRepayments.id))
      .limit(filters.limit)
      .offset(pageOffset(filters)),
    executor.select({ n: count() }).from(loanRepayments).where(where),
  ]);
  return listEnvelope(
    rows.map(({ repayment, currency }) => ({
      id: repayment.id,
      loan_id: repayment.loanId,
      amount: formatLoanAmount(repayment.amount, currency),
      currency,
      paid_at: repayment.paidAt.toISOString(),
      reference: repayment.reference,
      created_at: repayment.createdAt.toISOString(),
    })),
    filters,
    total?.n ?? 0,
  );
}

export interface CreateLoanInput {
  orgId: string;
  principal: string;
  currency?: string;
  interestRatePercent: string;
  drawnAmount?: string;
  status?: LoanStatus;
  startsOn: string;
  dueOn: string;
  actor?: AuditActor;
  at?: Date;
}

/** Staff (support_lead) and the seed: a loan extended to the organization. */
export async function createLoan(executor: Executor, input: CreateLoanInput): Promise<LoanWire> {
  return executor.transaction(async (tx) => {
    const at = input.at ?? (await businessNow(tx, input.orgId));
    const [row] = await tx
      .insert(loans)
      .values({
        id: idFor(input.at),
        orgId: input.orgId,
        principal: input.principal,
        currency: input.currency ?? 'USDT',
        interestRatePercent: input.interestRatePercent,
        drawnAmount: input.drawnAmount ?? '0',
        status: input.status ?? 'PENDING',
        startsOn: input.startsOn,
        dueOn: input.dueOn,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    const wire = loanToWire(row!);
    await recordEvent(tx, {
      orgId: input.orgId,
      type: 'loan.created',
      actor: input.actor ?? SYSTEM_ACTOR,
      subjectId: row!.id,
      data: wire,
      createdAt: input.at,
    });
    return wire;
  });
}

export interface RecordRepaymentInput {
  orgId: string;
  loanId: string;
  amount: string;
  paidAt: Date;
  reference?: string | null;
  /** The loan's status after this repayment (e.g. REPAID for the last one); unchanged when omitted. */
  loanStatus?: LoanStatus;
  actor?: AuditActor;
  at?: Date;
}

/** Staff and the seed: a repayment, with the loan's repaid total updated in the same transaction. */
export async function recordLoanRepayment(
  executor: Executor,
  input: RecordRepaymentInput,
): Promise<LoanRepaymentWire> {
  return executor.transaction(async (tx) => {
    const at = input.at ?? (await businessNow(tx, input.orgId));
    const [loan] = await tx
      .update(loans)
      .set({
        repaidAmount: sql`${loans.repaidAmount} + ${input.amount}::numeric`,
        ...(input.loanStatus ? { status: input.loanStatus } : {}),
        updatedAt: at,
      })
      .where(and(eq(loans.orgId, input.orgId), eq(loans.id, input.loanId)))
      .returning();
    if (!loan)
      throw ApiError.businessRule('loan_id: no such loan', { code: 'loan_not_found', param: 'loan_id' });
    const [row] = await tx
      .insert(loanRepayments)
      .values({
        id: idFor(input.at ?? input.paidAt),
        orgId: input.orgId,
        loanId: input.loanId,
        amount: input.amount,
        paidAt: input.paidAt,
        reference: input.reference ?? null,
        createdAt: at,
      })
      .returning();
    const wire: LoanRepaymentWire = {
      id: row!.id,
      loan_id: row!.loanId,
      amount: formatLoanAmount(row!.amount, loan.currency),
      currency: loan.currency,
      paid_at: row!.paidAt.toISOString(),
      reference: row!.reference,
      created_at: row!.createdAt.toISOString(),
    };
    await recordEvent(tx, {
      orgId: input.orgId,
      type: 'loan.repayment_recorded',
      actor: input.actor ?? SYSTEM_ACTOR,
      subjectId: loan.id,
      data: wire,
      createdAt: input.at,
    });
    return wire;
  });
}
