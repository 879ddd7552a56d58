// The seed's proof documents are real PDFs: a reader finds one page with the title and every line, and the same text
// gives the same bytes (the demo data is reproducible).
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { simplePdf } from './pdf';

describe('simplePdf', () => {
  it('makes a one-page PDF a reader extracts the title and lines from', async () => {
    const bytes = await simplePdf('Proof of settlement', ['Route: INR (a)', 'Amount settled: 380000.00 INR']);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { totalPages, text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), {
      mergePages: true,
    });
    expect(totalPages).toBe(1);
    expect(text).toContain('Proof of settlement');
    expect(text).toContain('Route: INR (a)');
    expect(text).toContain('Amount settled: 380000.00 INR');
  });

  it('gives the same bytes for the same text', async () => {
    const [a, b] = [
      await simplePdf('Passport', ['Anna Schmidt']),
      await simplePdf('Passport', ['Anna Schmidt']),
    ];
    expect(a.equals(b)).toBe(true);
  });
});
