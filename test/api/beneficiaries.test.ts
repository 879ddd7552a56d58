// Beneficiaries through the real routes: bank details per corridor with every error at once, requirements and
// validation, masking everywhere, edits around review, the review outcomes, and isolation between organizations.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { orderPartiesSnapshotSchema } from '@/db/schema/payouts';
import { beneficiaryProfiles } from '@/db/schema/profiles';
import { PARTIES_SNAPSHOT_SQL } from '@/lib/payouts/server/parties-snapshot';
import { decryptSecret } from '@/lib/platform/crypto/secrets';
import { findProfileRow } from '@/lib/profiles/server/profile-rows';
import { reviewProfile } from '@/lib/profiles/server/review';
import { openBankDetails, partiesSnapshot } from '@/lib/profiles/server/snapshot';
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

type Beneficiary = Record<string, unknown> & { id: string; status: string };
type ErrorBody = {
  statusCode: number;
  message: string | string[];
  errors?: { field: string; code: string }[];
};
type Client = ReturnType<typeof apiClient>;

async function setup() {
  const org = await createTestOrganization();
  const client = apiClient(org.credentials);
  const sender = await client.request<{ id: string }>('POST', '/api/v2/senders', {
    body: companySenderBody(),
  });
  return { org, client, senderId: sender.data.id };
}

async function create(client: Client, body: Record<string, unknown>): Promise<Beneficiary> {
  const response = await client.request<Beneficiary>('POST', '/api/v2/beneficiaries', { body });
  expect(response.status).toBe(201);
  return response.data;
}

async function total(client: Client, query = ''): Promise<number> {
  return (await client.request<{ meta: { total: number } }>('GET', `/api/v2/beneficiaries${query}`)).data.meta
    .total;
}

describe('registering a beneficiary', () => {
  it('stores an IBAN encrypted and shows only its last four characters', async () => {
    const { client, senderId } = await setup();
    const beneficiary = await create(client, ibanBeneficiaryBody(senderId));
    expect(beneficiary).toMatchObject({
      sender_profile_id: senderId,
      currency: 'EUR',
      bank_country: 'DE',
      iban_last4: '3000',
      account_number_last4: null,
      swift_bic: 'COBADEFFXXX',
      routing_code: null,
      routing_code_type: null,
      status: 'draft',
    });
    expect(beneficiary).not.toHaveProperty('iban');
    const [row] = await db()
      .select()
      .from(beneficiaryProfiles)
      .where(eq(beneficiaryProfiles.id, beneficiary.id));
    expect(row!.iban).toMatch(/^v2:/);
    expect(decryptSecret(row!.iban!, `beneficiary_profiles:${beneficiary.id}:iban`)).toBe(
      'DE89370400440532013000',
    );
    // Bound to its profile: the same ciphertext does not open as another profile's.
    expect(() => decryptSecret(row!.iban!, `beneficiary_profiles:${senderId}:iban`)).toThrow();
  });

  it('takes a US account with its ABA routing number, masked the same way', async () => {
    const { client, senderId } = await setup();
    const beneficiary = await create(client, usBeneficiaryBody(senderId));
    expect(beneficiary).toMatchObject({
      account_number_last4: '0175',
      iban_last4: null,
      routing_code: '021000021',
      routing_code_type: 'aba',
      region: 'NY',
    });
    for (const text of [
      JSON.stringify((await client.request('GET', `/api/v2/beneficiaries/${beneficiary.id}`)).data),
      JSON.stringify((await client.request('GET', '/api/v2/beneficiaries')).data),
    ]) {
      expect(text).not.toContain('483920175');
      expect(text).toContain('"account_number_last4":"0175"');
    }
  });

  it('reports every failing field at once with a 422, and stores nothing', async () => {
    const { client, senderId } = await setup();
    const response = await client.send('POST', '/api/v2/beneficiaries', {
      body: ibanBeneficiaryBody(senderId, {
        name: '',
        postal_code: '1011',
        iban: 'DE89370400440532013001',
        swift_bic: 'BNPAFRPP',
        routing_code: '021000021',
      }),
    });
    expect(response.status).toBe(422);
    const error = (await response.json()) as ErrorBody;
    expect(error.message).toEqual([
      'name: is required',
      'postal_code: is not a valid postal code (e.g. 10117)',
      'iban: has a wrong check digit (mistyped?)',
      'routing_code: is not used for EUR accounts in DE',
      'swift_bic: is a bank in FR, but the account is in DE',
    ]);
    expect(error.errors?.map((e) => `${e.field}:${e.code}`)).toEqual([
      'name:required',
      'postal_code:invalid_format',
      'iban:iban',
      'routing_code:not_used',
      'swift_bic:country_mismatch',
    ]);
    expect(await total(client)).toBe(0);
  });

  it.each([
    [
      'a BIC of another country',
      { swift_bic: 'BNPAFRPP' },
      'swift_bic: is a bank in FR, but the account is in DE',
    ],
    [
      'an IBAN of too few characters',
      { iban: 'DE8937040044053201300' },
      'iban: must be 22 characters for DE (got 21)',
    ],
    ['an IBAN of another country', { iban: 'NL91ABNA0417164300' }, 'iban: is an account in NL, not in DE'],
    ['no IBAN', { iban: null }, 'iban: is required'],
  ])('refuses %s', async (_case, overrides, message) => {
    const { client, senderId } = await setup();
    const response = await client.send('POST', '/api/v2/beneficiaries', {
      body: ibanBeneficiaryBody(senderId, overrides),
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as ErrorBody).message).toEqual([message]);
  });

  it.each([
    [
      'a wrong ABA check digit',
      { routing_code: '021000022' },
      'routing_code: is not a valid ABA routing number (check digit or prefix)',
    ],
    ['no state', { region: '' }, 'region: is required'],
    [
      'an IBAN for a US account',
      { iban: 'DE89370400440532013000' },
      'iban: is not used for USD accounts in US',
    ],
  ])('refuses a US account with %s', async (_case, overrides, message) => {
    const { client, senderId } = await setup();
    const response = await client.send('POST', '/api/v2/beneficiaries', {
      body: usBeneficiaryBody(senderId, overrides),
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as ErrorBody).message).toEqual([message]);
  });

  it('an unsupported corridor is a 400 that says what the country takes', async () => {
    const { client, senderId } = await setup();
    const response = await client.send('POST', '/api/v2/beneficiaries', {
      body: ibanBeneficiaryBody(senderId, { currency: 'INR' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      statusCode: 400,
      message: 'INR cannot be paid into accounts in DE (supported: EUR, GBP, USD)',
      errors: [{ field: 'currency', code: 'unsupported_corridor' }],
    });
  });

  it('an unknown sender, or one of another organization, is a 400 naming the field', async () => {
    const { client } = await setup();
    const other = await setup();
    for (const senderId of ['0190f3a2-0000-7000-8000-000000000000', other.senderId]) {
      const response = await client.send('POST', '/api/v2/beneficiaries', {
        body: ibanBeneficiaryBody(senderId),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        message: 'sender_profile_id: sender not found',
        errors: [{ field: 'sender_profile_id', code: 'not_found' }],
      });
    }
    const malformed = await client.send('POST', '/api/v2/beneficiaries', {
      body: ibanBeneficiaryBody('nope'),
    });
    expect(malformed.status).toBe(422);
    expect(await total(client)).toBe(0);
    expect(await total(other.client)).toBe(0);
  });
});

describe('requirements and validation', () => {
  it('publishes the fields of a corridor, the same rules the validator applies', async () => {
    const { client } = await setup();
    const eur = await client.request<{ fields: { name: string; required: boolean; rule: string | null }[] }>(
      'GET',
      '/api/v2/beneficiaries/requirements?currency=EUR&country=DE',
    );
    expect(eur.data).toMatchObject({ currency: 'EUR', country: 'DE', routing_code_type: null });
    expect(eur.data.fields.find((f) => f.name === 'iban')).toMatchObject({ required: true, rule: 'iban' });
    expect(eur.data.fields.find((f) => f.name === 'swift_bic')).toMatchObject({
      required: false,
      rule: 'bic',
    });
    expect(eur.data.fields.map((f) => f.name)).not.toContain('routing_code');

    const usd = await client.request<{
      routing_code_type: string;
      fields: { name: string; label: string; required: boolean }[];
    }>('GET', '/api/v2/beneficiaries/requirements?currency=usd&country=us');
    expect(usd.data.routing_code_type).toBe('aba');
    expect(usd.data.fields.find((f) => f.name === 'routing_code')).toMatchObject({
      label: 'ABA routing number',
      required: true,
    });
    expect(usd.data.fields.map((f) => f.name)).not.toContain('iban');
  });

  it('refuses an unsupported corridor with a 400, and missing parameters with a 422', async () => {
    const { client } = await setup();
    const unsupported = await client.send(
      'GET',
      '/api/v2/beneficiaries/requirements?currency=JPY&country=US',
    );
    expect(unsupported.status).toBe(400);
    expect(((await unsupported.json()) as ErrorBody).message).toBe(
      'JPY cannot be paid into accounts in US (supported: EUR, GBP, USD)',
    );
    const nowhere = await client.send('GET', '/api/v2/beneficiaries/requirements?currency=USD&country=KP');
    expect(((await nowhere.json()) as ErrorBody).message).toBe(
      'Payouts to bank accounts in KP are not supported',
    );
    const missing = await client.send('GET', '/api/v2/beneficiaries/requirements?currency=EUR');
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as ErrorBody).message).toEqual(['country: is required']);
  });

  it('validate returns every error at once and stores nothing', async () => {
    const { client, senderId } = await setup();
    const ok = await client.request('POST', '/api/v2/beneficiaries/validate', {
      body: ibanBeneficiaryBody(senderId),
    });
    expect(ok.data).toEqual({ valid: true, errors: [] });

    const bad = await client.request<{ valid: boolean; errors: { field: string; message: string }[] }>(
      'POST',
      '/api/v2/beneficiaries/validate',
      {
        body: ibanBeneficiaryBody('0190f3a2-0000-7000-8000-000000000000', {
          iban: 'DE89370400440532013001',
          city: null,
        }),
      },
    );
    expect(bad.data.valid).toBe(false);
    expect(bad.data.errors.map((e) => e.message)).toEqual([
      'sender_profile_id: sender not found',
      'city: is required',
      'iban: has a wrong check digit (mistyped?)',
    ]);
    expect(await total(client)).toBe(0);
  });
});

describe('listing beneficiaries', () => {
  it('filters by sender, status and currency', async () => {
    const { client, senderId } = await setup();
    const second = await client.request<{ id: string }>('POST', '/api/v2/senders', {
      body: companySenderBody({ legal_name: 'Other Ltd' }),
    });
    const eur = await create(client, ibanBeneficiaryBody(senderId));
    const usd = await create(client, usBeneficiaryBody(second.data.id));
    await client.request('POST', `/api/v2/beneficiaries/${usd.id}/submit`);

    const ids = async (query: string) =>
      (await client.request<{ items: Beneficiary[] }>('GET', `/api/v2/beneficiaries${query}`)).data.items.map(
        (b) => b.id,
      );
    expect(await ids('')).toEqual([usd.id, eur.id]);
    expect(await ids(`?sender_profile_id=${senderId}`)).toEqual([eur.id]);
    expect(await ids('?status=in_review')).toEqual([usd.id]);
    expect(await ids('?currency=EUR')).toEqual([eur.id]);
    expect(await ids('?currency=EUR&status=in_review')).toEqual([]);
    expect((await client.send('GET', '/api/v2/beneficiaries?currency=eur')).status).toBe(422);
  });
});

describe('review and edits', () => {
  it('a ready beneficiary whose bank details change goes back to review; a contact change does not', async () => {
    const { client, senderId } = await setup();
    const beneficiary = await create(client, ibanBeneficiaryBody(senderId));
    await client.request('POST', `/api/v2/beneficiaries/${beneficiary.id}/submit`);
    expect(await reviewProfile(db(), 'beneficiary', beneficiary.id)).toMatchObject({ status: 'ready' });

    const contact = await client.request<Beneficiary>('PATCH', `/api/v2/beneficiaries/${beneficiary.id}`, {
      body: { contact_email: 'ar@rhein.example' },
    });
    expect(contact.data.status).toBe('ready');

    const bank = await client.request<Beneficiary>('PATCH', `/api/v2/beneficiaries/${beneficiary.id}`, {
      body: { iban: 'DE02120300000000202051', swift_bic: 'BYLADEM1001' },
    });
    expect(bank.data).toMatchObject({ status: 'in_review', iban_last4: '2051', swift_bic: 'BYLADEM1001' });
    expect(JSON.stringify(bank.data)).not.toContain('DE02120300000000202051');
    const locked = await client.send('PATCH', `/api/v2/beneficiaries/${beneficiary.id}`, {
      body: { city: 'Bonn' },
    });
    expect(locked.status).toBe(409);
    await reviewProfile(db(), 'beneficiary', beneficiary.id);
    expect(
      (await client.request<Beneficiary>('GET', `/api/v2/beneficiaries/${beneficiary.id}`)).data.status,
    ).toBe('ready');
  });

  it('a PATCH is validated as a whole against the new corridor', async () => {
    const { client, senderId } = await setup();
    const beneficiary = await create(client, ibanBeneficiaryBody(senderId));
    const response = await client.send('PATCH', `/api/v2/beneficiaries/${beneficiary.id}`, {
      body: { currency: 'USD', bank_country: 'US', country: 'US', postal_code: '10118' },
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as ErrorBody).message).toEqual([
      'region: is required',
      'account_number: is required',
      'routing_code: is required',
      'iban: is not used for USD accounts in US',
      'swift_bic: is a bank in DE, but the account is in US',
    ]);
  });

  it('a REJECT name is rejected with its reason, corrected, resubmitted and becomes ready', async () => {
    const { client, senderId } = await setup();
    const beneficiary = await create(client, ibanBeneficiaryBody(senderId, { name: 'REJECT Logistik GmbH' }));
    await client.request('POST', `/api/v2/beneficiaries/${beneficiary.id}/submit`);
    await reviewProfile(db(), 'beneficiary', beneficiary.id);
    const rejected = await client.request<Beneficiary>('GET', `/api/v2/beneficiaries/${beneficiary.id}`);
    expect(rejected.data).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Screening: possible restricted-party match',
    });
    await client.request('PATCH', `/api/v2/beneficiaries/${beneficiary.id}`, {
      body: { name: 'Rhein Logistik GmbH' },
    });
    await client.request('POST', `/api/v2/beneficiaries/${beneficiary.id}/submit`);
    await reviewProfile(db(), 'beneficiary', beneficiary.id);
    expect(
      (await client.request<Beneficiary>('GET', `/api/v2/beneficiaries/${beneficiary.id}`)).data,
    ).toMatchObject({
      status: 'ready',
      rejection_reason: null,
    });
  });

  it('a REVIEW name waits for staff', async () => {
    const { client, senderId } = await setup();
    const beneficiary = await create(client, ibanBeneficiaryBody(senderId, { name: 'Rhein Review GmbH' }));
    await client.request('POST', `/api/v2/beneficiaries/${beneficiary.id}/submit`);
    expect(await reviewProfile(db(), 'beneficiary', beneficiary.id)).toMatchObject({ status: 'in_review' });
  });
});

describe('order snapshots', () => {
  it('copy the bank details still encrypted, with their last four', async () => {
    const org = await createTestOrganization();
    const senderId = await createReadySender(org.orgId);
    const beneficiaryId = await createReadyBeneficiary(org.orgId, senderId, { kind: 'us' });
    const sender = await findProfileRow(db(), 'sender', org.orgId, senderId);
    const beneficiary = await findProfileRow(db(), 'beneficiary', org.orgId, beneficiaryId);
    expect([sender!.status, beneficiary!.status]).toEqual(['ready', 'ready']);
    const snapshot = partiesSnapshot(sender!, beneficiary!);
    expect(JSON.stringify(snapshot)).not.toContain('483920175');
    expect(snapshot.beneficiary).toMatchObject({ accountNumberLast4: '0175', routingCode: '021000021' });
    expect(openBankDetails(snapshot, beneficiaryId)).toEqual({ iban: null, accountNumber: '483920175' });

    // The SQL form (for bulk order writes) builds exactly the same snapshot.
    const [row] = await db().execute<{ parties: unknown }>(
      sql`select ${PARTIES_SNAPSHOT_SQL} as parties from sender_profiles s join beneficiary_profiles b on b.sender_profile_id = s.id where b.id = ${beneficiaryId}`,
    );
    expect(orderPartiesSnapshotSchema.parse(row!.parties)).toEqual(snapshot);
  });
});

describe('isolation between organizations', () => {
  it("another organization's beneficiary is 404 for read, edit and submit, and absent from its lists", async () => {
    const a = await setup();
    const b = await setup();
    const beneficiary = await create(a.client, ibanBeneficiaryBody(a.senderId));
    for (const [method, path, body] of [
      ['GET', `/api/v2/beneficiaries/${beneficiary.id}`, undefined],
      ['PATCH', `/api/v2/beneficiaries/${beneficiary.id}`, { city: 'Paris' }],
      ['POST', `/api/v2/beneficiaries/${beneficiary.id}/submit`, undefined],
    ] as const) {
      const response = await b.client.send(method, path, body ? { body } : {});
      expect([method, response.status]).toEqual([method, 404]);
      expect(((await response.json()) as ErrorBody).message).toBe('Beneficiary not found');
    }
    expect(await total(b.client, `?sender_profile_id=${a.senderId}`)).toBe(0);
    expect(
      (await a.client.request<Beneficiary>('GET', `/api/v2/beneficiaries/${beneficiary.id}`)).data.status,
    ).toBe('draft');
  });
});
