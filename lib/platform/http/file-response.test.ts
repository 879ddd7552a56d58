// Unit tests of file answers: Repr-Digest (RFC 9530), Content-Disposition (RFC 6266) and a stream's write timeout.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  contentDisposition,
  fileResponse,
  guardedStream,
  reprDigest,
  type StreamOutcome,
} from './file-response';

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

/** An endless source of numbered chunks that records whether it was cancelled (as a generator's finally would). */
function endlessSource() {
  const state = { produced: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(new TextEncoder().encode(`chunk ${state.produced}\n`));
      state.produced += 1;
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

describe('streamed answers', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('a client that takes nothing for the write timeout has the stream aborted: source cancelled, abort logged, ended once', async () => {
    vi.useFakeTimers();
    const warnings = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const { stream, state } = endlessSource();
    const outcomes: StreamOutcome[] = [];
    const guarded = guardedStream(stream, {
      writeTimeoutMs: 1000,
      onEnd: (outcome) => outcomes.push(outcome),
      logFields: { request_id: 'r-1', operation: 'exportOrders' },
    });
    const reader = guarded.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('chunk 0\n');

    // Reading within the timeout keeps the stream alive, however long it runs in all.
    for (let i = 1; i <= 3; i += 1) {
      await vi.advanceTimersByTimeAsync(900);
      expect((await reader.read()).done).toBe(false);
    }
    expect(outcomes).toEqual([]);

    await vi.advanceTimersByTimeAsync(999);
    expect(state.cancelled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.cancelled).toBe(true);
    expect(outcomes).toEqual(['write_timeout']);
    await expect(reader.read()).rejects.toThrow('client took no data for 1000 ms');
    // Nothing more is produced for a client that stopped: four read, one waiting in each queue (guard and source).
    expect(state.produced).toBe(6);
    const logged = warnings.mock.calls.map(([line]) => JSON.parse(String(line)));
    expect(logged).toEqual([
      expect.objectContaining({
        level: 'warn',
        msg: 'stream aborted: the client stopped reading',
        request_id: 'r-1',
        operation: 'exportOrders',
        write_timeout_ms: 1000,
        bytes_sent: 40,
      }),
    ]);
  });

  it('ends once when it completes or when the client cancels, and then no timer is left', async () => {
    vi.useFakeTimers();
    const done: StreamOutcome[] = [];
    const complete = guardedStream(new Blob(['a,b\r\n']).stream(), {
      writeTimeoutMs: 1000,
      onEnd: (outcome) => done.push(outcome),
    });
    expect(await new Response(complete).text()).toBe('a,b\r\n');
    expect(done).toEqual(['completed']);

    const cancelled: StreamOutcome[] = [];
    const { stream, state } = endlessSource();
    const reader = guardedStream(stream, {
      writeTimeoutMs: 1000,
      onEnd: (outcome) => cancelled.push(outcome),
    }).getReader();
    await reader.read();
    await reader.cancel();
    expect(state.cancelled).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(cancelled).toEqual(['cancelled']);
    expect(vi.getTimerCount()).toBe(0);
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
      {
        writeTimeoutMs: 60_000,
        onFail: (error, bytes) => aborted.push({ message: (error as Error).message, bytes }),
      },
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
      { writeTimeoutMs: 60_000, onFail: (error) => aborted.push(error) },
    );
    expect(await response.text()).toBe('a,b\r\n1,2\r\n');
    expect(aborted).toEqual([]);
  });
});
