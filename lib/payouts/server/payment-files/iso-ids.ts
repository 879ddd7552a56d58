// Owns the ISO 20022 identifiers of the desk's payment files: every one is one of our UUIDs without hyphens (32 hex,
// within ISO's 35), so a bank's report names our file, group and order exactly, and nothing is guessed back.

const HEX32 = /^[0-9a-f]{32}$/;

/** A UUID as an ISO identifier (MsgId, EndToEndId): lower-case, no hyphens. */
export function isoId(uuid: string): string {
  return uuid.replaceAll('-', '').toLowerCase();
}

/** The UUID an ISO identifier names, or null when it is not one of ours (32 hex). */
export function uuidOfIsoId(value: string): string | null {
  const v = value.trim().toLowerCase();
  if (!HEX32.test(v)) return null;
  return `${v.slice(0, 8)}-${v.slice(8, 12)}-${v.slice(12, 16)}-${v.slice(16, 20)}-${v.slice(20)}`;
}

/** PmtInfId: the file's id (32 hex) and the group's number. */
export function paymentInformationId(fileId: string, group: number): string {
  return `${isoId(fileId)}${group}`;
}

/** The file and group a PmtInfId names (32 hex, then the group's number). */
export function readPaymentInformationId(value: string): { fileId: string; group: number } | null {
  const v = value.trim().toLowerCase();
  const match = /^([0-9a-f]{32})([0-9]{1,3})$/.exec(v);
  const fileId = match ? uuidOfIsoId(match[1]!) : null;
  return fileId ? { fileId, group: Number(match![2]) } : null;
}
