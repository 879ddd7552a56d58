// Owns the seed's proof documents: a one-page PDF made with pdf-lib, as receipts are.
import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * A one-page A4 document: a title line and body lines in Helvetica. No metadata (dates, producer), so the same
 * text always gives the same bytes and the demo data stays reproducible.
 */
export async function simplePdf(title: string, lines: readonly string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  page.drawText(title, { x: 56, y: 780, size: 16, font });
  lines.forEach((line, index) => {
    page.drawText(line, { x: 56, y: 752 - index * 16, size: 10, font });
  });
  // A classic xref table (no object streams): what any reader, and a file check reading offsets, takes.
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
