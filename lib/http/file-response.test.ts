// Unit tests of the file-answer headers: Repr-Digest (RFC 9530) and Content-Disposition (RFC 6266).
import { describe, expect, it } from 'vitest';
import { contentDisposition, reprDigest } from './file-response';

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
