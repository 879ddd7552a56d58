// Unit tests of the file-answer headers: Repr-Digest (RFC 9530) and Content-Disposition (RFC 6266).
import { describe, expect, it } from 'vitest';
import { contentDisposition, fileResponse, reprDigest } from './file-response';

describe('file answer headers', () => {
  it('Repr-Digest is the base64 SHA-256 between colons, from bytes or a stored hex hash', () => {
    const empty = 'sha-256=:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=:';
    expect(reprDigest({ bytes: new Uint8Array(0) })).toBe(empty);
    expect(reprDigest({ sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' })).toBe(
      empty,
    );
  });

  it('Content-Disposition escapes quotes for the ASCII name and keeps the exact name in filename*', () => {
    expect(contentDisposition('attachment', 'a "quoted" name.pdf')).toBe(
      `attachment; filename="a \\"quoted\\" name.pdf"; filename*=UTF-8''a%20%22quoted%22%20name.pdf`,
    );
    expect(contentDisposition('inline', 'Zürich (1).png')).toBe(
      `inline; filename="Z_rich (1).png"; filename*=UTF-8''Z%C3%BCrich%20%281%29.png`,
    );
  });
});

describe('a streamed file that fails midway', () => {
  it('errors the body (the connection is aborted, not ended) and reports the failure with the bytes sent', async () => {
    const encoder = new TextEncoder();
    let step = 0;
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        step += 1;
        if (step === 1) controller.enqueue(encoder.encode('order_id,status\r\n'));
        else controller.error(new Error('database went away'));
      },
    });
    const aborted: { message: string; bytes: number }[] = [];
    const response = fileResponse(
      { contentType: 'text/csv; charset=utf-8', filename: 'orders.csv', body: source },
      200,
      new Headers(),
      (error, bytes) => aborted.push({ message: (error as Error).message, bytes }),
    );
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow('database went away');
    expect(aborted).toEqual([{ message: 'database went away', bytes: 17 }]);
  });

  it('a stream that ends normally is passed through byte for byte and reports nothing', async () => {
    const aborted: unknown[] = [];
    const response = fileResponse(
      {
        contentType: 'text/csv; charset=utf-8',
        filename: 'orders.csv',
        body: new Blob(['a,b\r\n', '1,2\r\n']).stream(),
      },
      200,
      new Headers(),
      (error) => aborted.push(error),
    );
    expect(await response.text()).toBe('a,b\r\n1,2\r\n');
    expect(aborted).toEqual([]);
  });
});
