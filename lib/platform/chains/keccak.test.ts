// Unit tests of Keccak-256: published vectors, and the same sponge checked against node's SHA3-256 at every block edge.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keccak256Hex, sponge256 } from './keccak';

describe('keccak256', () => {
  it('matches the published Keccak-256 vectors', () => {
    expect(keccak256Hex('')).toBe('c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
    expect(keccak256Hex('abc')).toBe('4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45');
    expect(keccak256Hex('The quick brown fox jumps over the lazy dog')).toBe(
      '4d741b6f1eb29cb2a9b9911c82f56fa8d73b04959d3d9d222895df6c0b28aa15',
    );
  });

  it('is the same sponge as FIPS SHA3-256 apart from the padding byte, for lengths across block boundaries', () => {
    const data = Uint8Array.from({ length: 420 }, (_, i) => (i * 31 + 7) & 0xff);
    for (const length of [0, 1, 55, 135, 136, 137, 271, 272, 273, 420]) {
      const slice = data.subarray(0, length);
      const ours = Buffer.from(sponge256(slice, 0x06)).toString('hex');
      expect(ours, `length ${length}`).toBe(createHash('sha3-256').update(slice).digest('hex'));
    }
  });
});
