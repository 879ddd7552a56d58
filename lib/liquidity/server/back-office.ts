// Owns the support lead's liquidity back office: one organization's loans, repayments, settlement routes with their
// proofs and utilization, and producing each through the liquidity staff services (lib/liquidity), every change an
// event naming the staff member. Everything the organization's liquidity pages show can be made here.
import { asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '@/db/client';
import { organizations } from '@/db/schema/identity/organizations';
import { utilizationProofs } from '@/db/schema/liquidity';
import { chains } from '@/db/schema/platform/chains';
import { corridors } from '@/db/schema/pricing';
import type { LoanRepaymentWire, LoanWire, SettlementRouteWire } from '@/lib/liquidity/contract/schemas';
import type {
  attachProofFields,
  backOfficeSchema,
  createLoanBody,
  createRouteBody,
  recordRepaymentBody,
  recordUtilizationBody,
  updateRouteBody,
} from '@/lib/liquidity/contract/support-schemas';
import type { StaffActor } from '@/lib/platform/actor/actor';
import { assertNotViewing } from '@/lib/platform/actor/read-only-view';
import { ApiError } from '@/lib/platform/errors/api-error';
import { userAuditActor } from '@/lib/platform/events/audit-actor';
import type { UploadedFile } from '@/lib/platform/operations/operation';
import { createLoan, listLoanRepayments, listLoans, recordLoanRepayment } from './loans';
import { attachProofOfSettlement, listRouteProofs } from './proofs';
import { createSettlementRoute, listSettlementRoutes, setSettlementRouteStatus } from './routes';
import { recordUtilizationProof } from './utilization';

type BackOffice = z.input<typeof backOfficeSchema>;

/** The most recent records the page shows (a back office, not an archive: the portal pages page through all). */
const SHOWN = { limit: 100, page: 1 };

async function organizationName(executor: Executor, orgId: string): Promise<string> {
  const [org] = await executor
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  if (!org) throw ApiError.notFound('Organization');
  return org.name;
}

const staff = (actor: StaffActor) => userAuditActor(actor.userId, true);

export async function getBackOffice(executor: Executor, orgId: string): Promise<BackOffice> {
  const orgName = await organizationName(executor, orgId);
  const [loanPage, repaymentPage, routePage, utilization, chainRows, corridorRows] = await Promise.all([
    listLoans(executor, orgId, SHOWN),
    listLoanRepayments(executor, orgId, SHOWN),
    listSettlementRoutes(executor, orgId, SHOWN),
    executor
      .select()
      .from(utilizationProofs)
      .where(eq(utilizationProofs.orgId, orgId))
      .orderBy(desc(utilizationProofs.createdAt), desc(utilizationProofs.id))
      .limit(SHOWN.limit),
    executor
      .select({ id: chains.id, code: chains.code, name: chains.name })
      .from(chains)
      .orderBy(asc(chains.name)),
    executor
      .select({
        id: corridors.id,
        name: corridors.name,
        currency: corridors.currency,
        status: corridors.status,
      })
      .from(corridors)
      .orderBy(asc(corridors.currency), asc(corridors.name)),
  ]);
  const routes = await Promise.all(
    routePage.items.map(async (route) => ({
      ...route,
      proofs: await listRouteProofs(executor, orgId, route.id),
    })),
  );
  return {
    org_id: orgId,
    org_name: orgName,
    loans: loanPage.items,
    repayments: repaymentPage.items,
    routes,
    utilization_proofs: utilization.map((row) => ({
      id: row.id,
      amount: Number(row.amount),
      currency: row.currency,
      route_id: row.routeId,
      reference: row.reference,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    })),
    chains: chainRows,
    corridors: corridorRows,
  };
}

export async function staffCreateLoan(
  executor: Executor,
  actor: StaffActor,
  orgId: string,
  body: z.output<typeof createLoanBody>,
): Promise<LoanWire> {
  assertNotViewing(actor);
  await organizationName(executor, orgId);
  return createLoan(executor, {
    orgId,
    principal: body.principal,
    currency: body.currency,
    interestRatePercent: body.interest_rate_percent,
    drawnAmount: body.drawn_amount,
    status: body.status,
    startsOn: body.starts_on,
    dueOn: body.due_on,
    actor: staff(actor),
  });
}

export async function staffRecordRepayment(
  executor: Executor,
  actor: StaffActor,
  orgId: string,
  loanId: string,
  body: z.output<typeof recordRepaymentBody>,
): Promise<LoanRepaymentWire> {
  assertNotViewing(actor);
  await organizationName(executor, orgId);
  return recordLoanRepayment(executor, {
    orgId,
    loanId,
    amount: body.amount,
    paidAt: new Date(body.paid_at),
    reference: body.reference ?? null,
    loanStatus: body.loan_status,
    actor: staff(actor),
  });
}

export async function staffCreateRoute(
  executor: Executor,
  actor: StaffActor,
  orgId: string,
  body: z.output<typeof createRouteBody>,
): Promise<SettlementRouteWire> {
  assertNotViewing(actor);
  await organizationName(executor, orgId);
  return createSettlementRoute(executor, {
    orgId,
    name: body.name,
    corridorId: body.corridor_id,
    chainId: body.chain_id,
    counterparty: body.counterparty,
    status: body.status,
    actor: staff(actor),
  });
}

export async function staffUpdateRoute(
  executor: Executor,
  actor: StaffActor,
  orgId: string,
  routeId: string,
  body: z.output<typeof updateRouteBody>,
): Promise<SettlementRouteWire> {
  assertNotViewing(actor);
  await organizationName(executor, orgId);
  return setSettlementRouteStatus(executor, { orgId, routeId, status: body.status, actor: staff(actor) });
}

export async function staffAttachProof(
  executor: Executor,
  actor: StaffActor,
  input: {
    orgId: string;
    routeId: string;
    fields: z.output<typeof attachProofFields>;
    file: UploadedFile;
  },
) {
  assertNotViewing(actor);
  await organizationName(executor, input.orgId);
  const content = Buffer.from(input.file.bytes);
  return attachProofOfSettlement(executor, {
    orgId: input.orgId,
    routeId: input.routeId,
    fileName: input.file.name,
    content,
    recordedAt: new Date(input.fields.recorded_at),
    batchId: input.fields.batch_id ?? null,
    transactionHash: input.fields.transaction_hash ?? null,
    actor: staff(actor),
    uploadedByUserId: actor.userId,
  });
}

export async function staffRecordUtilization(
  executor: Executor,
  actor: StaffActor,
  orgId: string,
  body: z.output<typeof recordUtilizationBody>,
) {
  assertNotViewing(actor);
  await organizationName(executor, orgId);
  return recordUtilizationProof(executor, {
    orgId,
    amount: body.amount,
    currency: body.currency,
    routeId: body.route_id ?? null,
    reference: body.reference ?? null,
    actor: staff(actor),
  });
}
