// Owns CSV for reconciliation exports: RFC 4180 cells, and a guard so free text cannot run as a spreadsheet formula.

/** A cell: null is empty; text is quoted when it must be (RFC 4180). */
export function csvCell(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Free text typed by people (references, names): a leading =, +, - or @ gets a quote so no spreadsheet evaluates it. */
export function csvText(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return csvCell(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.join(',')}\r\n`;
}

/** A streamed response body from an async source of lines (UTF-8). */
export function csvStream(lines: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = lines[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await iterator.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
