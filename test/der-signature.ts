// Owns turning a JWS ES256 signature (R‖S, 64 bytes) into the DER form a crypto library's sign() gives by default: the
// tests that check a token signed the wrong way is refused build one with it.

/** R‖S (64 bytes) as the DER SEQUENCE of two INTEGERs. */
export function derOf(raw: Buffer): Buffer {
  const integer = (bytes: Buffer) => {
    let trimmed = bytes;
    while (trimmed.length > 1 && trimmed[0] === 0 && trimmed[1]! < 0x80) trimmed = trimmed.subarray(1);
    if (trimmed[0]! >= 0x80) trimmed = Buffer.concat([Buffer.from([0]), trimmed]);
    return Buffer.concat([Buffer.from([0x02, trimmed.length]), trimmed]);
  };
  const content = Buffer.concat([integer(raw.subarray(0, 32)), integer(raw.subarray(32))]);
  return Buffer.concat([Buffer.from([0x30, content.length]), content]);
}
