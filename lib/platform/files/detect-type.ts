// Owns recognising an uploaded file by its content (never its name or declared type): PDF, PNG or JPEG, each checked
// at both ends, so a renamed executable or a PDF header glued onto garbage is refused.

export type AllowedMimeType = 'application/pdf' | 'image/png' | 'image/jpeg';

export const ALLOWED_TYPES: Readonly<Record<AllowedMimeType, { extension: string; label: string }>> = {
  'application/pdf': { extension: 'pdf', label: 'PDF' },
  'image/png': { extension: 'png', label: 'PNG' },
  'image/jpeg': { extension: 'jpg', label: 'JPEG' },
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_IEND = Buffer.from([0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

function isPdf(bytes: Buffer): boolean {
  // The header starts the file; the trailer ends it: `startxref`, the byte offset of the cross-reference section
  // (which must lie inside the file and point at `xref` or an XRef stream object), then `%%EOF`.
  if (!/^%PDF-[12]\.\d/.test(bytes.subarray(0, 8).toString('latin1'))) return false;
  const tail = bytes.subarray(Math.max(0, bytes.length - 2048)).toString('latin1');
  const trailer = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!trailer) return false;
  const offset = Number(trailer[1]);
  if (!Number.isSafeInteger(offset) || offset < 9 || offset >= bytes.length) return false;
  const at = bytes.subarray(offset, offset + 64).toString('latin1');
  return /^\s*(xref|\d+\s+\d+\s+obj)/.test(at);
}

function isPng(bytes: Buffer): boolean {
  return (
    bytes.length >= 8 + 25 + 12 &&
    bytes.subarray(0, 8).equals(PNG_SIGNATURE) &&
    // The first chunk is IHDR, 13 bytes long.
    bytes.readUInt32BE(8) === 13 &&
    bytes.subarray(12, 16).toString('latin1') === 'IHDR' &&
    bytes.subarray(bytes.length - 12).equals(PNG_IEND)
  );
}

function isJpeg(bytes: Buffer): boolean {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return false;
  // Some encoders pad after the End Of Image marker; it must still be there.
  let end = bytes.length;
  while (end > 2 && bytes[end - 1] === 0x00) end -= 1;
  return bytes[end - 2] === 0xff && bytes[end - 1] === 0xd9;
}

/** The content's type, or null when it is none of the allowed types. */
export function detectFileType(bytes: Buffer): AllowedMimeType | null {
  if (isPdf(bytes)) return 'application/pdf';
  if (isPng(bytes)) return 'image/png';
  if (isJpeg(bytes)) return 'image/jpeg';
  return null;
}
