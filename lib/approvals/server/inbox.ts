// Owns the approvals inbox (DESIGN "Inbox"): the organization's approval requests — waiting for the caller, pending,
// or decided — newest first with cursors, read from this area's table alone (never the objects' areas).
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { approvalRequests } from '@/db/schema/approvals';
import type { ApprovalWire } from '@/lib/approvals/contract/schemas';
import { type OrgRole, roleAtLeast } from '@/lib/platform/actor/roles';
import {
  type CursorListEnvelope,
  type CursorPageRequest,
  cursorEnvelope,
  keysetStart,
} from '@/lib/platform/pagination/cursor';
import { type ActionCaller, type ActionWire, inboxActions } from './actions';
import { approvalColumn } from './approval-column';

const r = approvalRequests;

export interface InboxItemWire {
  id: string;
  object_type: 'batch' | 'withdrawal' | 'wallet' | 'approval_rules';
  object_id: string;
  summary: Record<string, unknown>;
  approval: ApprovalWire;
  actions: ActionWire[];
  approval_digest: string | null;
  created_at: string;
}

/**
 * Pending, the caller no maker and not yet among its approvers, and its first open stage one the caller may fill
 * (named, or of a role the caller holds): what `POST …/approve` would accept from them.
 */
function waitingFor(personId: string, role: OrgRole): SQL {
  const roles = role === 'admin' ? ['approver', 'admin'] : ['approver'];
  return sql`${r.status} = 'pending'
    and not (${r.makers} @> array[${personId}]::uuid[])
    and not exists (select 1 from approval_grants g where g.request_id = ${r.id} and g.person_id = ${personId}::uuid)
    and exists (
      select 1 from (
        select s.st from jsonb_array_elements(${r.stages}) with ordinality as s(st, n)
         where (s.st ->> 'required')::int >
               (select count(*) from approval_grants g where g.request_id = ${r.id} and g.stage_index = s.n - 1)
         order by s.n limit 1) open
       where case when open.st ? 'user_ids' then open.st -> 'user_ids' ? ${personId}
                  else coalesce(open.st ->> 'role', 'approver') = any(${`{${roles.join(',')}}`}::text[]) end)`;
}

/** `actionCaller` is the caller as `actions` see them (each item says what they may do with it, and why not). */
export async function listInbox(
  executor: Executor,
  caller: { orgId: string; personId: string | null; role: OrgRole; actionCaller: ActionCaller },
  view: 'waiting_for_me' | 'pending' | 'decided',
  request: CursorPageRequest,
): Promise<CursorListEnvelope<InboxItemWire>> {
  const conditions: SQL[] = [eq(r.orgId, caller.orgId)];
  if (view === 'decided') conditions.push(inArray(r.status, ['approved', 'rejected']));
  else if (view === 'pending') conditions.push(eq(r.status, 'pending'));
  else if (caller.personId === null || !roleAtLeast(caller.role, 'approver')) conditions.push(sql`false`);
  else conditions.push(waitingFor(caller.personId, caller.role));
  const start = await keysetStart(executor, request, {
    table: r,
    orgId: caller.orgId,
    keys: sql`${r.createdAt}, ${r.id}`,
  });
  const direction = start.backwards ? asc : desc;
  const keyset = start.condition ? [...conditions, start.condition] : conditions;
  const rows = await executor
    .select({
      id: r.id,
      objectType: r.objectType,
      objectId: r.objectId,
      summary: r.summary,
      approvalDigest: r.approvalDigest,
      makers: r.makers,
      createdAt: r.createdAt,
      approval: approvalColumn(
        sql.raw('"approval_requests"."object_type"'),
        sql.raw('"approval_requests"."object_id"'),
      ),
      total: sql<number>`count(*) over ()::int`,
    })
    .from(r)
    .where(and(...keyset))
    .orderBy(direction(r.createdAt), direction(r.id))
    .limit(start.fetch)
    .offset(start.offset);
  let total = rows[0]?.total ?? 0;
  if (start.condition || rows.length === 0) {
    const [counted] = await executor
      .select({ n: sql<number>`count(*)::int` })
      .from(r)
      .where(and(...conditions));
    total = counted?.n ?? 0;
  }
  return cursorEnvelope(
    rows.map((row) => ({
      id: row.id,
      object_type: row.objectType,
      object_id: row.objectId,
      summary: row.summary,
      approval: row.approval,
      actions: inboxActions(row.objectType, row.approval, caller.actionCaller, row.makers),
      approval_digest: row.approvalDigest,
      created_at: row.createdAt.toISOString(),
    })),
    request,
    total,
    start,
  );
}
