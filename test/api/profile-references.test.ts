// Client references on senders and beneficiaries through the real routes: set on create, unique per organization and
// kind (409 `client_reference_exists`), filterable, editable and clearable without reopening a review, and never
// visible across organizations.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { beneficiaryProfiles } from '@/db/schema/profiles';
import { ApiError } from '@/lib/platform/errors/api-error';
import { guardReference } from '@/lib/profiles/server/client-reference';
import { apiClient } from '../api';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';
import {
  companySenderBody,
  createReadyBeneficiary,
  createReadySender,
  ibanBeneficiaryBody,
  usBeneficiaryBody,
} from '../profile-fixtures';

await useTestDatabase();

type Profile = Record<string, unknown> & { id: string; status: string; client_reference: string | null };
type ErrorBody = { statusCode: number; code?: string; errors?: { field: string; code: string }[] };
type Page = { items: Profile[]; meta: { total: number } };
type Client = ReturnType<typeof apiClient>;

async function setup() {
  const org = await createTestOrganization();
  const client = apiClient(org.credentials);
  const sender = await client.request<Profile>('POST', '/api/v2/senders', { body: companySenderBody() });
  expect(sender.status).toBe(201);
  return { org, client, senderId: sender.data.id };
}

/** A request whose refusal the test reads (the client throws on errors; `send` answers the raw response). */
async function attempt(
  client: Client,
  method: 'POST' | 'PATCH',
  path: string,
  body: unknown,
): Promise<{ status: number; data: ErrorBody }> {
  const response = await client.send(method, path, { body });
  return { status: response.status, data: (await response.json()) as ErrorBody };
}

async function list(client: Client, path: string): Promise<Page> {
  const response = await client.request<Page>('GET', path);
  expect(response.status).toBe(200);
  return response.data;
}

describe('client references on beneficiaries', () => {
  it('is returned on every beneficiary, null when unset, and kept when set on create', async () => {
    const { client, senderId } = await setup();
    const plain = await client.request<Profile>('POST', '/api/v2/beneficiaries', {
      body: ibanBeneficiaryBody(senderId),
    });
    expect(plain.status).toBe(201);
    expect(plain.data).toHaveProperty('client_reference', null);
    const named = await client.request<Profile>('POST', '/api/v2/beneficiaries', {
      body: usBeneficiaryBody(senderId, { client_reference: '  VEND-0042 ' }),
    });
    expect(named.status).toBe(201);
    expect(named.data.client_reference).toBe('VEND-0042');
    const read = await client.request<Profile>('GET', `/api/v2/beneficiaries/${named.data.id}`);
    expect(read.data.client_reference).toBe('VEND-0042');
  });

  it('refuses a reference another beneficiary of the organization holds with 409 client_reference_exists', async () => {
    const { client, senderId } = await setup();
    await client.request('POST', '/api/v2/beneficiaries', {
      body: ibanBeneficiaryBody(senderId, { client_reference: 'VEND-1' }),
    });
    const duplicate = await attempt(
      client,
      'POST',
      '/api/v2/beneficiaries',
      usBeneficiaryBody(senderId, { client_reference: 'VEND-1' }),
    );
    expect(duplicate.status).toBe(409);
    expect(duplicate.data.errors).toEqual([
      expect.objectContaining({ field: 'client_reference', code: 'client_reference_exists' }),
    ]);
    const other = await client.request<Profile>('POST', '/api/v2/beneficiaries', {
      body: usBeneficiaryBody(senderId),
    });
    const patch = await attempt(client, 'PATCH', `/api/v2/beneficiaries/${other.data.id}`, {
      client_reference: 'VEND-1',
    });
    expect(patch.status).toBe(409);
    expect(patch.data.errors?.[0]?.code).toBe('client_reference_exists');
    // The same reference on a sender is another kind: allowed.
    const sender = await client.request<Profile>('POST', '/api/v2/senders', {
      body: companySenderBody({ client_reference: 'VEND-1' }),
    });
    expect(sender.status).toBe(201);
  });

  it('maps the unique index refusal (two writers racing past the check) to the same 409', async () => {
    const { client, senderId } = await setup();
    await client.request('POST', '/api/v2/beneficiaries', {
      body: ibanBeneficiaryBody(senderId, { client_reference: 'RACE-1' }),
    });
    const other = await client.request<Profile>('POST', '/api/v2/beneficiaries', {
      body: usBeneficiaryBody(senderId),
    });
    // The write the check let through, as a racing request's would be: only the index stops it.
    const refused = await guardReference('beneficiary', 'RACE-1', () =>
      db()
        .update(beneficiaryProfiles)
        .set({ clientReference: 'RACE-1' })
        .where(eq(beneficiaryProfiles.id, other.data.id)),
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ kind: 'client_reference_exists', code: 'client_reference_exists' });
  });

  it('refuses a reference longer than 100 characters', async () => {
    const { client, senderId } = await setup();
    const response = await attempt(
      client,
      'POST',
      '/api/v2/beneficiaries',
      ibanBeneficiaryBody(senderId, { client_reference: 'x'.repeat(101) }),
    );
    expect(response.status).toBe(422);
    expect(response.data.errors?.[0]?.field).toBe('client_reference');
  });

  it('filters the list by exact reference and searches names and references with q', async () => {
    const { client, senderId } = await setup();
    const a = await client.request<Profile>('POST', '/api/v2/beneficiaries', {
      body: ibanBeneficiaryBody(senderId, { client_reference: 'ERP-7' }),
    });
    await client.request('POST', '/api/v2/beneficiaries', {
      body: usBeneficiaryBody(senderId, { client_reference: 'ERP-70' }),
    });
    const exact = await list(client, '/api/v2/beneficiaries?client_reference=ERP-7');
    expect(exact.items.map((b) => b.id)).toEqual([a.data.id]);
    expect(exact.meta.total).toBe(1);
    expect((await list(client, '/api/v2/beneficiaries?q=hudson')).items.map((b) => b.name)).toEqual([
      'Hudson Components LLC',
    ]);
    expect((await list(client, '/api/v2/beneficiaries?q=erp-7')).meta.total).toBe(2);
    // A pattern character is literal text.
    expect((await list(client, '/api/v2/beneficiaries?q=%25')).meta.total).toBe(0);
  });

  it('changes and clears the reference on a ready beneficiary without sending it back to review', async () => {
    const { org, client } = await setup();
    const senderId = await createReadySender(org.orgId);
    const id = await createReadyBeneficiary(org.orgId, senderId);
    const set = await client.request<Profile>('PATCH', `/api/v2/beneficiaries/${id}`, {
      body: { client_reference: 'AP-9' },
    });
    expect(set.status).toBe(200);
    expect(set.data).toMatchObject({ client_reference: 'AP-9', status: 'ready' });
    const cleared = await client.request<Profile>('PATCH', `/api/v2/beneficiaries/${id}`, {
      body: { client_reference: null },
    });
    expect(cleared.data).toMatchObject({ client_reference: null, status: 'ready' });
    expect((await list(client, '/api/v2/beneficiaries?client_reference=AP-9')).meta.total).toBe(0);
    // Cleared, the reference is free again.
    const again = await client.request<Profile>('PATCH', `/api/v2/beneficiaries/${id}`, {
      body: { client_reference: 'AP-9' },
    });
    expect(again.status).toBe(200);
  });

  it("never matches another organization's reference, and another organization may use the same one", async () => {
    const first = await setup();
    const second = await setup();
    await first.client.request('POST', '/api/v2/beneficiaries', {
      body: ibanBeneficiaryBody(first.senderId, { client_reference: 'SHARED-1' }),
    });
    expect((await list(second.client, '/api/v2/beneficiaries?client_reference=SHARED-1')).meta.total).toBe(0);
    expect((await list(second.client, '/api/v2/beneficiaries?q=SHARED')).meta.total).toBe(0);
    const same = await second.client.request<Profile>('POST', '/api/v2/beneficiaries', {
      body: ibanBeneficiaryBody(second.senderId, { client_reference: 'SHARED-1' }),
    });
    expect(same.status).toBe(201);
  });
});

describe('client references during a review', () => {
  it('may change while the beneficiary is in review, when nothing else changes', async () => {
    const { client, senderId } = await setup();
    const created = await client.request<Profile>('POST', '/api/v2/beneficiaries', {
      body: ibanBeneficiaryBody(senderId, { name: 'Rhein Logistik REVIEW GmbH' }),
    });
    const submitted = await client.request<Profile>(
      'POST',
      `/api/v2/beneficiaries/${created.data.id}/submit`,
    );
    expect(submitted.data.status).toBe('in_review');
    const set = await client.request<Profile>('PATCH', `/api/v2/beneficiaries/${created.data.id}`, {
      body: { client_reference: 'DURING-REVIEW' },
    });
    expect(set.data).toMatchObject({ client_reference: 'DURING-REVIEW', status: 'in_review' });
    const mixed = await attempt(client, 'PATCH', `/api/v2/beneficiaries/${created.data.id}`, {
      client_reference: 'OTHER',
      city: 'Hamburg',
    });
    expect(mixed.status).toBe(409);
  });
});

describe('client references on senders', () => {
  it('sets, filters, refuses a duplicate, and clears with null without reopening a review', async () => {
    const { org, client } = await setup();
    const created = await client.request<Profile>('POST', '/api/v2/senders', {
      body: companySenderBody({ client_reference: 'SUB-UK' }),
    });
    expect(created.data.client_reference).toBe('SUB-UK');
    const filtered = await list(client, '/api/v2/senders?client_reference=SUB-UK');
    expect(filtered.items.map((s) => s.id)).toEqual([created.data.id]);
    const duplicate = await attempt(
      client,
      'POST',
      '/api/v2/senders',
      companySenderBody({ client_reference: 'SUB-UK' }),
    );
    expect(duplicate.status).toBe(409);
    expect(duplicate.data.errors?.[0]?.code).toBe('client_reference_exists');

    const readyId = await createReadySender(org.orgId);
    const set = await client.request<Profile>('PATCH', `/api/v2/senders/${readyId}`, {
      body: { client_reference: 'SUB-DE' },
    });
    expect(set.data).toMatchObject({ client_reference: 'SUB-DE', status: 'ready' });
    const cleared = await client.request<Profile>('PATCH', `/api/v2/senders/${readyId}`, {
      body: { client_reference: null },
    });
    expect(cleared.data).toMatchObject({ client_reference: null, status: 'ready' });

    const other = await setup();
    expect((await list(other.client, '/api/v2/senders?client_reference=SUB-UK')).meta.total).toBe(0);
  });
});

describe('the beneficiaries export', () => {
  it('streams every beneficiary with its documented columns, masked accounts and references, only of the caller', async () => {
    const { client, senderId } = await setup();
    const eur = await client.request<Profile>('POST', '/api/v2/beneficiaries', {
      body: ibanBeneficiaryBody(senderId, { client_reference: 'EXP-1' }),
    });
    const usd = await client.request<Profile>('POST', '/api/v2/beneficiaries', {
      body: usBeneficiaryBody(senderId, { client_reference: '=SUM(A1)' }),
    });
    const other = await setup();
    await other.client.request('POST', '/api/v2/beneficiaries', {
      body: ibanBeneficiaryBody(other.senderId),
    });

    const response = await client.send('GET', '/api/v2/beneficiaries/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'beneficiary_id,client_reference,name,type,status,sender_profile_id,sender_legal_name,sender_client_reference,currency,bank_country,bank_name,iban_last4,account_number_last4,swift_bic,routing_code_type,routing_code,country,address_line1,address_line2,city,postal_code,region,contact_email,rejection_reason,created_at,updated_at',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]?.startsWith(`${eur.data.id},EXP-1,Rhein Logistik GmbH,company,draft,${senderId},`)).toBe(
      true,
    );
    expect(lines[1]).toContain(',3000,,COBADEFFXXX,');
    // A reference a spreadsheet would run as a formula is quoted as text.
    expect(lines[2]?.startsWith(`${usd.data.id},'=SUM(A1),Hudson Components LLC,company,`)).toBe(true);
    expect(lines[2]).toContain(',,0175,CHASUS33,aba,021000021,US,');
    const text = lines.join('\n');
    expect(text).not.toContain('DE89370400440532013000');
    expect(text).not.toContain('483920175');

    const filtered = await client.send('GET', '/api/v2/beneficiaries/export?client_reference=EXP-1');
    expect((await filtered.text()).trimEnd().split('\r\n')).toHaveLength(2);
  });
});
