// Owns the record of support access: an organization's admins see when and why support viewed their account;
// support leads see every view and export them as CSV.
import { count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '@/db/client';
import { organizations } from '@/db/schema/identity/organizations';
import { users } from '@/db/schema/identity/users';
import { events } from '@/db/schema/platform/events';
import { impersonationSessions } from '@/db/schema/support';
import { csvCell, csvLine, csvText } from '@/lib/platform/csv';
import { type ListEnvelope, listEnvelope, type PageRequest, pageOffset } from '@/lib/platform/pagination';
import type { accessLogEntrySchema } from '@/lib/support/contract/schemas';
import { expireViews } from './views';

type Entry = z.input<typeof accessLogEntrySchema>;

const END_REASONS = ['exited', 'expired', 'signed_out'] as const;
type EndReason = (typeof END_REASONS)[number];

function endReasonOf(value: string | null): EndReason | null {
  return (END_REASONS as readonly string[]).includes(value ?? '') ? (value as EndReason) : null;
}

async function listViews(
  executor: Executor,
  filters: PageRequest & { orgId?: string },
): Promise<ListEnvelope<Entry>> {
  // Views past their time are closed (and their expiry recorded) before anyone reads the log.
  await expireViews(executor);
  const where = filters.orgId ? eq(impersonationSessions.orgId, filters.orgId) : undefined;
  const [rows, [total]] = await Promise.all([
    executor
      .select({
        view: impersonationSessions,
        orgName: organizations.name,
        staffName: users.name,
        staffEmail: users.email,
        reads: sql<number>`(select count(*)::int from ${events} e
          where e.impersonation_session_id = ${impersonationSessions.id} and e.type = 'support_view.read')`,
      })
      .from(impersonationSessions)
      .innerJoin(organizations, eq(organizations.id, impersonationSessions.orgId))
      .innerJoin(users, eq(users.id, impersonationSessions.staffUserId))
      .where(where)
      .orderBy(desc(impersonationSessions.startedAt), desc(impersonationSessions.id))
      .limit(filters.limit)
      .offset(pageOffset(filters)),
    executor.select({ n: count() }).from(impersonationSessions).where(where),
  ]);
  return listEnvelope(
    rows.map(({ view, orgName, staffName, staffEmail, reads }) => ({
      id: view.id,
      org_id: view.orgId,
      org_name: orgName,
      staff_name: staffName,
      staff_email: staffEmail,
      reason: view.reason,
      started_at: view.startedAt.toISOString(),
      expires_at: view.expiresAt.toISOString(),
      ended_at: view.endedAt?.toISOString() ?? null,
      end_reason: endReasonOf(view.endReason),
      reads: Number(reads),
    })),
    filters,
    total?.n ?? 0,
  );
}

/** The organization's own access log (its admins): every support view of it, newest first. */
export function listOrganizationAccessLog(
  executor: Executor,
  orgId: string,
  page: PageRequest,
): Promise<ListEnvelope<Entry>> {
  return listViews(executor, { ...page, orgId });
}

/** Every view (support leads), optionally of one organization. */
export function listAllViews(
  executor: Executor,
  filters: PageRequest & { org_id?: string },
): Promise<ListEnvelope<Entry>> {
  return listViews(executor, { limit: filters.limit, page: filters.page, orgId: filters.org_id });
}

const CSV_PAGE = 100;

/** Every view as CSV (support leads), newest first; cells that a spreadsheet would run as formulas are quoted. */
export async function exportViewsCsv(executor: Executor, orgId?: string): Promise<string> {
  const rows: Entry[] = [];
  for (let page = 1; ; page += 1) {
    const batch = await listViews(executor, { limit: CSV_PAGE, page, orgId });
    rows.push(...batch.items);
    if (batch.items.length < CSV_PAGE) break;
  }
  const header = csvLine([
    'view_id',
    'org_id',
    'org_name',
    'staff_email',
    'staff_name',
    'reason',
    'started_at',
    'expires_at',
    'ended_at',
    'end_reason',
    'reads',
  ]);
  const lines = rows.map((row) =>
    csvLine([
      csvCell(row.id),
      csvCell(row.org_id),
      csvText(row.org_name),
      csvText(row.staff_email),
      csvText(row.staff_name),
      csvText(row.reason),
      csvCell(row.started_at),
      csvCell(row.expires_at),
      csvCell(row.ended_at),
      csvCell(row.end_reason),
      csvCell(String(row.reads)),
    ]),
  );
  return header + lines.join('');
}
