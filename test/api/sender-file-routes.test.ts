// Sender file uploads through the real route: multipart with one part `file`, signed over the raw bytes; the
// type by content, the 10 MiB limit, nothing stored on refusal, and another organization's sender is 404.
import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { apiClient } from '../api';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';
import { createReadySender } from '../profile-fixtures';

await useTestDatabase();

type Client = ReturnType<typeof apiClient>;

async function pdf(): Promise<Uint8Array<ArrayBuffer>> {
  const document = await PDFDocument.create();
  document.addPage().drawText('Proof of address');
  return new Uint8Array(await document.save());
}

async function multipart(bytes: Uint8Array<ArrayBuffer>, name: string, type: string, part = 'file') {
  const form = new FormData();
  form.set(part, new File([bytes], name, { type }));
  const encoded = new Response(form);
  return {
    rawBody: new Uint8Array(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

async function upload(
  client: Client,
  senderId: string,
  bytes: Uint8Array<ArrayBuffer>,
  name: string,
  type = 'application/pdf',
) {
  return client.send('POST', `/api/v2/senders/${senderId}/files`, await multipart(bytes, name, type));
}

async function setup() {
  const org = await createTestOrganization();
  return { org, client: apiClient(org.credentials), senderId: await createReadySender(org.orgId) };
}

async function fileCount(client: Client, senderId: string): Promise<number> {
  return (await client.request<{ items: unknown[] }>('GET', `/api/v2/senders/${senderId}/files`)).data.items
    .length;
}

describe('POST /senders/{senderId}/files', () => {
  it('stores a PDF with its detected type, size and SHA-256, and downloads it back', async () => {
    const { client, senderId } = await setup();
    const bytes = await pdf();
    const response = await upload(
      client,
      senderId,
      bytes,
      'Proof of address.pdf',
      'application/octet-stream',
    );
    expect(response.status).toBe(201);
    const file = (await response.json()) as { id: string };
    expect(file).toMatchObject({
      sender_profile_id: senderId,
      file_name: 'Proof of address.pdf',
      mime_type: 'application/pdf',
      file_size: bytes.byteLength,
      hash_sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    const download = await client.send('GET', `/api/v2/senders/${senderId}/files/${file.id}/content`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('repr-digest')).toBe(
      `sha-256=:${createHash('sha256').update(bytes).digest('base64')}:`,
    );
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  });

  it.each([
    [
      'a renamed executable',
      new Uint8Array([0x4d, 0x5a, 0x90, 0, ...new Array(300).fill(1)]),
      'invoice.pdf',
      415,
    ],
    [
      'a PDF header on garbage',
      new Uint8Array([...Buffer.from('%PDF-1.7\n'), ...new Array(300).fill(7)]),
      'x.pdf',
      415,
    ],
  ])('refuses %s, storing nothing', async (_case, bytes, name, status) => {
    const { client, senderId } = await setup();
    const response = await upload(client, senderId, bytes as Uint8Array<ArrayBuffer>, name);
    expect(response.status).toBe(status);
    expect(((await response.json()) as { message: string }).message).toBe(
      'The file must be a PDF, PNG or JPEG document (checked by its content)',
    );
    expect(await fileCount(client, senderId)).toBe(0);
  });

  it('refuses a file over 10 MiB with a 413, storing nothing', async () => {
    const { client, senderId } = await setup();
    const response = await upload(client, senderId, new Uint8Array(10 * 1024 * 1024 + 1), 'huge.pdf');
    expect(response.status).toBe(413);
    expect(await fileCount(client, senderId)).toBe(0);
  });

  it('needs the part `file`', async () => {
    const { client, senderId } = await setup();
    const response = await client.send(
      'POST',
      `/api/v2/senders/${senderId}/files`,
      await multipart(await pdf(), 'a.pdf', 'application/pdf', 'document'),
    );
    expect(response.status).toBe(422);
    expect(await fileCount(client, senderId)).toBe(0);
  });

  it("cannot upload to another organization's sender (404), nor to a malformed id (404)", async () => {
    const a = await setup();
    const b = await setup();
    expect((await upload(b.client, a.senderId, await pdf(), 'a.pdf')).status).toBe(404);
    expect((await upload(a.client, 'not-a-uuid', await pdf(), 'a.pdf')).status).toBe(404);
    expect(await fileCount(a.client, a.senderId)).toBe(0);
  });
});
