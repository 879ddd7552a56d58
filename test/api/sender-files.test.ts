// Sender proof documents: recognised by content (PDF, PNG, JPEG), 10 MiB, SHA-256; listed and downloaded through the
// real routes with their type, name and digest; never visible to, or usable by, another sender or organization.
import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { systemActor } from '@/lib/identity/server/auth/service-actor';
import { detectFileType } from '@/lib/platform/files/detect-type';
import {
  assertFilesBelongToSender,
  MAX_SENDER_FILE_BYTES,
  uploadSenderFile,
} from '@/lib/profiles/server/sender-files';
import { apiClient } from '../api';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';
import { createReadySender } from '../profile-fixtures';

await useTestDatabase();

async function pdf(text = 'Certificate of incorporation'): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage().drawText(text);
  return Buffer.from(await document.save());
}

/** A 1×1 PNG as an image editor writes it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** The frame of a baseline JPEG: start of image, a JFIF header, end of image. */
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0', 'latin1'),
  Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]),
]);

async function setup() {
  const org = await createTestOrganization();
  const senderId = await createReadySender(org.orgId);
  return { org, senderId, client: apiClient(org.credentials) };
}

function upload(orgId: string, senderId: string, content: Buffer, fileName = 'licence.pdf') {
  return uploadSenderFile(db(), {
    orgId,
    senderId,
    fileName,
    content,
    actor: systemActor(orgId),
    uploadedByUserId: null,
  });
}

describe('recognising files by content', () => {
  it('knows PDF, PNG and JPEG whatever they are called', async () => {
    expect(detectFileType(await pdf())).toBe('application/pdf');
    expect(detectFileType(PNG)).toBe('image/png');
    expect(detectFileType(JPEG)).toBe('image/jpeg');
  });

  it.each([
    [
      'a renamed Windows executable',
      Buffer.concat([Buffer.from('MZ\x90\0', 'latin1'), Buffer.alloc(512, 1)]),
    ],
    ['a PDF header on garbage', Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), Buffer.alloc(4096, 7)])],
    [
      'a PDF header and trailer around garbage',
      Buffer.concat([
        Buffer.from('%PDF-1.7\n', 'latin1'),
        Buffer.alloc(4096, 7),
        Buffer.from('\nstartxref\n100\n%%EOF\n'),
      ]),
    ],
    ['a PNG signature on garbage', Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(100, 3)])],
    ['a truncated JPEG', JPEG.subarray(0, JPEG.length - 2)],
    ['an HTML page', Buffer.from('<!doctype html><script>alert(1)</script>')],
  ])('refuses %s', (_case, content) => {
    expect(detectFileType(content)).toBeNull();
  });
});

describe('uploading', () => {
  it('keeps the file with its detected type, size and SHA-256', async () => {
    const { org, senderId } = await setup();
    const content = await pdf();
    const file = await upload(org.orgId, senderId, content, '../../etc/Licence 2026.pdf');
    expect(file).toMatchObject({
      sender_profile_id: senderId,
      file_name: 'Licence 2026.pdf',
      mime_type: 'application/pdf',
      file_size: content.length,
      hash_sha256: createHash('sha256').update(content).digest('hex'),
    });
    // The declared name does not decide the type: a PNG called .pdf is a PNG.
    expect((await upload(org.orgId, senderId, PNG, 'scan.pdf')).mime_type).toBe('image/png');
  });

  it('hashes a streamed upload chunk by chunk, and refuses one over 10 MiB as it arrives', async () => {
    const { org, senderId } = await setup();
    const content = await pdf();
    async function* chunks(bytes: Buffer, size: number) {
      for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
    }
    const file = await upload(org.orgId, senderId, chunks(content, 100) as unknown as Buffer);
    expect(file.hash_sha256).toBe(createHash('sha256').update(content).digest('hex'));

    async function* huge() {
      for (let sent = 0; sent <= MAX_SENDER_FILE_BYTES; sent += 1024 * 1024) yield Buffer.alloc(1024 * 1024);
    }
    await expect(upload(org.orgId, senderId, huge() as unknown as Buffer)).rejects.toMatchObject({
      kind: 'payload_too_large',
      message: 'The file is larger than 10 MiB',
    });
  });

  it('refuses what is not an allowed type, and an empty file, storing nothing', async () => {
    const { org, senderId, client } = await setup();
    await expect(
      upload(org.orgId, senderId, Buffer.from('MZ this is not a pdf'), 'x.pdf'),
    ).rejects.toMatchObject({
      kind: 'unsupported_media_type',
      message: 'The file must be a PDF, PNG or JPEG document (checked by its content)',
    });
    await expect(upload(org.orgId, senderId, Buffer.alloc(0))).rejects.toMatchObject({ kind: 'validation' });
    const list = await client.request<{ items: unknown[] }>('GET', `/api/v2/senders/${senderId}/files`);
    expect(list.data.items).toEqual([]);
  });
});

describe('listing and downloading', () => {
  it('lists newest first and downloads the exact bytes with type, name and digest', async () => {
    const { org, senderId, client } = await setup();
    const content = await pdf();
    const first = await upload(org.orgId, senderId, content, 'Licence – 2026.pdf');
    const second = await upload(org.orgId, senderId, PNG, 'scan.png');

    const list = await client.request<{ items: { id: string }[] }>(
      'GET',
      `/api/v2/senders/${senderId}/files`,
    );
    expect(list.data.items.map((f) => f.id)).toEqual([second.id, first.id]);

    const response = await client.send('GET', `/api/v2/senders/${senderId}/files/${first.id}/content`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Licence _ 2026.pdf"; filename*=UTF-8''Licence%20%E2%80%93%202026.pdf`,
    );
    expect(response.headers.get('repr-digest')).toBe(
      `sha-256=:${createHash('sha256').update(content).digest('base64')}:`,
    );
    expect(Buffer.from(await response.arrayBuffer()).equals(content)).toBe(true);
  });
});

describe('isolation', () => {
  it("another organization cannot list or download a sender's files (404), nor another sender's path", async () => {
    const a = await setup();
    const b = await setup();
    const file = await upload(a.org.orgId, a.senderId, PNG, 'scan.png');
    for (const path of [
      `/api/v2/senders/${a.senderId}/files`,
      `/api/v2/senders/${a.senderId}/files/${file.id}/content`,
      `/api/v2/senders/${b.senderId}/files/${file.id}/content`,
    ]) {
      expect([path, (await b.client.send('GET', path)).status]).toEqual([path, 404]);
    }
    const otherSender = await createReadySender(a.org.orgId, { legal_name: 'Other Ltd' });
    expect(
      (await a.client.send('GET', `/api/v2/senders/${otherSender}/files/${file.id}/content`)).status,
    ).toBe(404);
    await expect(upload(b.org.orgId, a.senderId, PNG)).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('an order may name only files of its own sender', async () => {
    const a = await setup();
    const b = await setup();
    const mine = await upload(a.org.orgId, a.senderId, PNG);
    const theirs = await upload(b.org.orgId, b.senderId, PNG);
    const otherSender = await createReadySender(a.org.orgId, { legal_name: 'Other Ltd' });
    const siblings = await upload(a.org.orgId, otherSender, PNG);

    await expect(
      assertFilesBelongToSender(db(), { orgId: a.org.orgId, senderId: a.senderId, fileIds: [mine.id] }),
    ).resolves.toBeUndefined();
    await expect(
      assertFilesBelongToSender(db(), {
        orgId: a.org.orgId,
        senderId: a.senderId,
        fileIds: [mine.id, theirs.id, siblings.id],
        field: 'orders.0.file_ids',
      }),
    ).rejects.toMatchObject({
      kind: 'bad_request',
      fieldErrors: [
        { field: 'orders.0.file_ids.1', code: 'file_not_found' },
        { field: 'orders.0.file_ids.2', code: 'file_not_found' },
      ],
    });
  });
});
