// Owns Keccak-256 (the pre-standard SHA-3 Ethereum uses): node:crypto only has FIPS SHA3-256, whose padding differs.
//
// Used for EIP-55 address checksums, i.e. typo detection on public data, not for secrecy; a plain BigInt
// implementation of Keccak-f[1600] is fast enough for that (tens of microseconds per address).

const MASK = (1n << 64n) - 1n;

const ROUND_CONSTANTS = [
  0x0000000000000001n,
  0x0000000000008082n,
  0x800000000000808an,
  0x8000000080008000n,
  0x000000000000808bn,
  0x0000000080000001n,
  0x8000000080008081n,
  0x8000000000008009n,
  0x000000000000008an,
  0x0000000000000088n,
  0x0000000080008009n,
  0x000000008000000an,
  0x000000008000808bn,
  0x800000000000008bn,
  0x8000000000008089n,
  0x8000000000008003n,
  0x8000000000008002n,
  0x8000000000000080n,
  0x000000000000800an,
  0x800000008000000an,
  0x8000000080008081n,
  0x8000000000008080n,
  0x0000000080000001n,
  0x8000000080008008n,
];
/** ρ rotation offsets and π lane order, in the visiting order of the combined ρπ step. */
const ROTATIONS = [1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 2, 14, 27, 41, 56, 8, 25, 43, 62, 18, 39, 61, 20, 44];
const PI_LANES = [10, 7, 11, 17, 18, 3, 5, 16, 8, 21, 24, 4, 15, 23, 19, 13, 12, 2, 20, 14, 22, 9, 6, 1];

const rotl = (x: bigint, n: number): bigint => ((x << BigInt(n)) | (x >> BigInt(64 - n))) & MASK;

function permute(state: bigint[]): void {
  const c = new Array<bigint>(5);
  for (const constant of ROUND_CONSTANTS) {
    // θ
    for (let x = 0; x < 5; x += 1)
      c[x] = state[x]! ^ state[x + 5]! ^ state[x + 10]! ^ state[x + 15]! ^ state[x + 20]!;
    for (let x = 0; x < 5; x += 1) {
      const d = c[(x + 4) % 5]! ^ rotl(c[(x + 1) % 5]!, 1);
      for (let y = 0; y < 25; y += 5) state[y + x] = state[y + x]! ^ d;
    }
    // ρ and π
    let carried = state[1]!;
    for (let i = 0; i < 24; i += 1) {
      const lane = PI_LANES[i]!;
      const next = state[lane]!;
      state[lane] = rotl(carried, ROTATIONS[i]!);
      carried = next;
    }
    // χ
    for (let y = 0; y < 25; y += 5) {
      for (let x = 0; x < 5; x += 1) c[x] = state[y + x]!;
      for (let x = 0; x < 5; x += 1) state[y + x] = c[x]! ^ (~c[(x + 1) % 5]! & MASK & c[(x + 2) % 5]!);
    }
    // ι
    state[0] = state[0]! ^ constant;
  }
}

/**
 * The sponge with a 256-bit output and capacity 512 (rate 136 bytes). `domainByte` is 0x01 for Keccak-256 and
 * 0x06 for FIPS SHA3-256; exported for the test that checks this sponge against node's SHA3-256.
 */
export function sponge256(data: Uint8Array, domainByte: number): Uint8Array {
  const rate = 136;
  const padded = new Uint8Array(Math.floor(data.length / rate + 1) * rate);
  padded.set(data);
  padded[data.length] = (padded[data.length] ?? 0) ^ domainByte;
  padded[padded.length - 1] = (padded[padded.length - 1] ?? 0) ^ 0x80;

  const state = new Array<bigint>(25).fill(0n);
  const view = new DataView(padded.buffer);
  for (let offset = 0; offset < padded.length; offset += rate) {
    for (let lane = 0; lane < rate / 8; lane += 1) {
      state[lane] = state[lane]! ^ view.getBigUint64(offset + lane * 8, true);
    }
    permute(state);
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let lane = 0; lane < 4; lane += 1) outView.setBigUint64(lane * 8, state[lane]!, true);
  return out;
}

export function keccak256(data: Uint8Array | string): Uint8Array {
  return sponge256(typeof data === 'string' ? new TextEncoder().encode(data) : data, 0x01);
}

export function keccak256Hex(data: Uint8Array | string): string {
  return Buffer.from(keccak256(data)).toString('hex');
}
