// Owns the beneficiaries CSV export: every beneficiary of the organization (with the list's filters), read a chunk at
// a time with a keyset query and streamed, so no connection is held between chunks and no file sits in memory.
// Columns are BENEFICIARY_EXPORT_COLUMNS (documented on the operation); bank accounts only as their last four.
import { and, asc, desc, eq, ilike, or } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { beneficiaryProfiles, senderProfiles } from '@/db/schema/profiles';
import { csvCell, csvLine, csvText } from '@/lib/platform/csv';
import { chunkWindow, keyText, type RowKey } from '@/lib/platform/db/export-chunks';
import type { ProfileStatus } from '@/lib/profiles/contract/enums';
import { BENEFICIARY_EXPORT_COLUMNS } from '@/lib/profiles/contract/operations';

const CHUNK_ROWS = 1_000;

export interface BeneficiaryExportFilter {
  status?: ProfileStatus;
  senderProfileId?: string;
  currency?: string;
  clientReference?: string;
  q?: string;
}

const beneficiary = beneficiaryProfiles;
const keyAt = keyText(beneficiary.createdAt);

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Oldest first, in (created_at, id) order; beneficiaries created after the export started are left out. */
export async function* exportBeneficiariesCsv(
  executor: Executor,
  orgId: string,
  filter: BeneficiaryExportFilter,
): AsyncGenerator<string> {
  yield csvLine([...BENEFICIARY_EXPORT_COLUMNS]);
  const matches = and(
    eq(beneficiary.orgId, orgId),
    filter.status ? eq(beneficiary.status, filter.status) : undefined,
    filter.senderProfileId ? eq(beneficiary.senderProfileId, filter.senderProfileId) : undefined,
    filter.currency ? eq(beneficiary.currency, filter.currency) : undefined,
    filter.clientReference ? eq(beneficiary.clientReference, filter.clientReference.trim()) : undefined,
    filter.q
      ? or(
          ilike(beneficiary.name, likePattern(filter.q)),
          ilike(beneficiary.clientReference, likePattern(filter.q)),
        )
      : undefined,
  );
  const [last] = await executor
    .select({ at: keyAt, id: beneficiary.id })
    .from(beneficiary)
    .where(matches)
    .orderBy(desc(beneficiary.createdAt), desc(beneficiary.id))
    .limit(1);
  if (!last) return;
  // The chunk after `after` (from the first row when null), up to the last row as of the start.
  const chunkAfter = (after: RowKey | null) =>
    executor
      .select({
        id: beneficiary.id,
        clientReference: beneficiary.clientReference,
        name: beneficiary.name,
        type: beneficiary.type,
        status: beneficiary.status,
        senderProfileId: beneficiary.senderProfileId,
        senderLegalName: senderProfiles.legalName,
        senderClientReference: senderProfiles.clientReference,
        currency: beneficiary.currency,
        bankCountry: beneficiary.bankCountry,
        country: beneficiary.country,
        bankName: beneficiary.bankName,
        ibanLast4: beneficiary.ibanLast4,
        accountNumberLast4: beneficiary.accountNumberLast4,
        swiftBic: beneficiary.swiftBic,
        routingCodeType: beneficiary.routingCodeType,
        routingCode: beneficiary.routingCode,
        addressLine1: beneficiary.addressLine1,
        addressLine2: beneficiary.addressLine2,
        city: beneficiary.city,
        postalCode: beneficiary.postalCode,
        region: beneficiary.region,
        contactEmail: beneficiary.contactEmail,
        rejectionReason: beneficiary.rejectionReason,
        createdAt: beneficiary.createdAt,
        updatedAt: beneficiary.updatedAt,
        keyAt,
      })
      .from(beneficiary)
      .innerJoin(senderProfiles, eq(senderProfiles.id, beneficiary.senderProfileId))
      .where(and(matches, chunkWindow(beneficiary.createdAt, beneficiary.id, last, after)))
      .orderBy(asc(beneficiary.createdAt), asc(beneficiary.id))
      .limit(CHUNK_ROWS);
  let after: RowKey | null = null;
  for (;;) {
    const rows = await chunkAfter(after);
    if (rows.length === 0) return;
    let chunk = '';
    for (const row of rows) {
      chunk += csvLine([
        row.id,
        csvText(row.clientReference),
        csvText(row.name),
        row.type,
        row.status,
        row.senderProfileId,
        csvText(row.senderLegalName),
        csvText(row.senderClientReference),
        row.currency,
        row.bankCountry ?? row.country,
        csvText(row.bankName),
        csvCell(row.ibanLast4),
        csvCell(row.accountNumberLast4),
        csvCell(row.swiftBic),
        csvCell(row.routingCodeType),
        csvCell(row.routingCode),
        row.country,
        csvText(row.addressLine1),
        csvText(row.addressLine2),
        csvText(row.city),
        csvText(row.postalCode),
        csvText(row.region),
        csvText(row.contactEmail),
        csvText(row.rejectionReason),
        row.createdAt.toISOString(),
        row.updatedAt.toISOString(),
      ]);
    }
    yield chunk;
    if (rows.length < CHUNK_ROWS) return;
    const tail = rows.at(-1)!;
    after = { at: tail.keyAt, id: tail.id };
  }
}
