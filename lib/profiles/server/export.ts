// Owns the beneficiaries CSV export: every beneficiary of the organization (with the list's filters), read a chunk at
// a time with a keyset query and streamed, so no connection is held between chunks and no file sits in memory.
// Columns are BENEFICIARY_EXPORT_COLUMNS (documented on the operation); bank accounts only as their last four.
import type { Sql } from 'postgres';
import { csvCell, csvLine, csvText } from '@/lib/platform/csv';
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

type RowKey = { at: string; id: string };

interface ExportRow {
  id: string;
  client_reference: string | null;
  name: string;
  type: string;
  status: string;
  sender_profile_id: string;
  sender_legal_name: string;
  sender_client_reference: string | null;
  currency: string;
  bank_country: string | null;
  country: string;
  bank_name: string | null;
  iban_last4: string | null;
  account_number_last4: string | null;
  swift_bic: string | null;
  routing_code_type: string | null;
  routing_code: string | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  postal_code: string | null;
  region: string | null;
  contact_email: string | null;
  rejection_reason: string | null;
  created_at: Date;
  updated_at: Date;
  key_at: string;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Oldest first, in (created_at, id) order; beneficiaries created after the export started are left out. */
export async function* exportBeneficiariesCsv(
  sql: Sql,
  orgId: string,
  filter: BeneficiaryExportFilter,
): AsyncGenerator<string> {
  yield csvLine([...BENEFICIARY_EXPORT_COLUMNS]);
  const matches = sql`b.org_id = ${orgId}
    ${filter.status ? sql`and b.status = ${filter.status}` : sql``}
    ${filter.senderProfileId ? sql`and b.sender_profile_id = ${filter.senderProfileId}::uuid` : sql``}
    ${filter.currency ? sql`and b.currency = ${filter.currency}` : sql``}
    ${filter.clientReference ? sql`and b.client_reference = ${filter.clientReference.trim()}` : sql``}
    ${filter.q ? sql`and (b.name ilike ${likePattern(filter.q)} or b.client_reference ilike ${likePattern(filter.q)})` : sql``}`;
  const [last] = await sql<RowKey[]>`
    select b.created_at::text as at, b.id from beneficiary_profiles b where ${matches}
    order by b.created_at desc, b.id desc limit 1`;
  if (!last) return;
  let after: RowKey | null = null;
  for (;;) {
    const rows: ExportRow[] = await sql`
      select b.id, b.client_reference, b.name, b.type, b.status, b.sender_profile_id,
        s.legal_name as sender_legal_name, s.client_reference as sender_client_reference, b.currency,
        b.bank_country, b.country, b.bank_name, b.iban_last4, b.account_number_last4, b.swift_bic,
        b.routing_code_type, b.routing_code, b.address_line1, b.address_line2, b.city, b.postal_code, b.region,
        b.contact_email, b.rejection_reason, b.created_at, b.updated_at, b.created_at::text as key_at
      from beneficiary_profiles b join sender_profiles s on s.id = b.sender_profile_id
      where ${matches}
        and (b.created_at, b.id) <= (${last.at}::timestamptz, ${last.id}::uuid)
        ${after ? sql`and (b.created_at, b.id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
      order by b.created_at, b.id
      limit ${CHUNK_ROWS}`;
    if (rows.length === 0) return;
    let chunk = '';
    for (const row of rows) {
      chunk += csvLine([
        row.id,
        csvText(row.client_reference),
        csvText(row.name),
        row.type,
        row.status,
        row.sender_profile_id,
        csvText(row.sender_legal_name),
        csvText(row.sender_client_reference),
        row.currency,
        row.bank_country ?? row.country,
        csvText(row.bank_name),
        csvCell(row.iban_last4),
        csvCell(row.account_number_last4),
        csvCell(row.swift_bic),
        csvCell(row.routing_code_type),
        csvCell(row.routing_code),
        row.country,
        csvText(row.address_line1),
        csvText(row.address_line2),
        csvText(row.city),
        csvText(row.postal_code),
        csvText(row.region),
        csvText(row.contact_email),
        csvText(row.rejection_reason),
        new Date(row.created_at).toISOString(),
        new Date(row.updated_at).toISOString(),
      ]);
    }
    yield chunk;
    if (rows.length < CHUNK_ROWS) return;
    const tail = rows.at(-1)!;
    after = { at: tail.key_at, id: tail.id };
  }
}
