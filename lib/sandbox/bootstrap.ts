// Owns `sandbox bootstrap`: a ready-to-use sandbox organization (entitlements, admin, API key, profiles, funds) in one transaction.
import { randomBytes } from 'node:crypto';
import { db, type Executor } from '@/db/client';
import { beneficiaryProfiles, senderProfiles } from '@/db/schema/profiles';
import { type KycDecision, kyc } from '@/lib/adapters/kyc';
import { createApiKey } from '@/lib/auth/api-keys';
import { hashPassword } from '@/lib/auth/passwords';
import { addMembership, createUser } from '@/lib/auth/users';
import { ensureSandboxChains } from '@/lib/chains/sandbox-chains';
import { now } from '@/lib/clock';
import { randomToken } from '@/lib/crypto/tokens';
import { isSandbox } from '@/lib/env';
import { SYSTEM_ACTOR } from '@/lib/events/audit-actor';
import { recordEvent } from '@/lib/events/record-event';
import { creditDeposit } from '@/lib/funding/deposits';
import { getBalance } from '@/lib/ledger/balances';
import { createOrganization } from '@/lib/organizations/create-organization';

/** The sandbox organization's opening balance: enough for any test a developer runs by hand. */
export const SANDBOX_OPENING_BALANCE = '100000.00';

/** Exactly the object DESIGN.md's "CLI output" names (snake_case: it is printed and saved as a credentials file). */
export interface SandboxBootstrap {
  org_id: string;
  api_key: string;
  api_key_id: string;
  private_key_pem: string;
  public_key_pem: string;
  shared_secret: string;
  admin: { email: string; password: string };
  senders: { id: string; country: string }[];
  beneficiaries: { id: string; sender_profile_id: string; currency: string }[];
  balance: string;
}

const digits = (count: number) => Array.from(randomBytes(count), (byte) => String(byte % 10)).join('');

/** The review columns of a profile the KYC adapter decided on at `reviewedAt`. */
function reviewColumns(decision: KycDecision, reviewedAt: Date) {
  if (decision.outcome !== 'ready') {
    // The bootstrap's names are ordinary; a decision other than ready means the adapter's rules changed.
    throw new Error(
      `sandbox bootstrap profile was not approved by the KYC adapter: ${decision.screeningNote}`,
    );
  }
  return { status: 'ready' as const, submittedAt: reviewedAt, reviewedAt, reviewSource: kyc().reviewSource };
}

async function reviewed<Row>(
  kind: 'sender' | 'beneficiary',
  rows: Row[],
  name: (row: Row) => string,
  at: Date,
) {
  return Promise.all(
    rows.map(async (row) => ({
      ...row,
      ...reviewColumns(await kyc().review({ kind, names: [name(row)] }), at),
    })),
  );
}

/** Two company senders, to go through (simulated) KYB. */
function senderRows(orgId: string) {
  return [
    {
      orgId,
      type: 'company' as const,
      legalName: 'Sandbox Trading Ltd',
      registrationNumber: digits(8),
      country: 'GB',
      addressLine1: '1 Poultry',
      city: 'London',
      postalCode: 'EC2R 8EJ',
      contactEmail: 'treasury@trading.sandbox.example',
    },
    {
      orgId,
      type: 'company' as const,
      legalName: 'Sandbox Asia Pte. Ltd.',
      registrationNumber: `2019${digits(5)}K`,
      country: 'SG',
      addressLine1: '8 Marina View',
      city: 'Singapore',
      postalCode: '018960',
      contactEmail: 'finance@asia.sandbox.example',
    },
  ];
}

/**
 * Three beneficiaries, one per currency, with bank details in each country's real format (the IBANs are the
 * published example IBANs of their countries, so checksums validate and no real account is named).
 */
function beneficiaryRows(orgId: string, senders: { gb: string; sg: string }) {
  return [
    {
      orgId,
      senderProfileId: senders.gb,
      type: 'company' as const,
      name: 'Rhein Logistik GmbH',
      country: 'DE',
      addressLine1: 'Friedrichstraße 100',
      city: 'Berlin',
      postalCode: '10117',
      currency: 'EUR',
      bankName: 'Commerzbank',
      bankCountry: 'DE',
      iban: 'DE89370400440532013000',
      swiftBic: 'COBADEFFXXX',
    },
    {
      orgId,
      senderProfileId: senders.gb,
      type: 'company' as const,
      name: 'Thames Supplies Ltd',
      country: 'GB',
      addressLine1: '10 Upper Bank Street',
      city: 'London',
      postalCode: 'E14 5JJ',
      currency: 'GBP',
      bankName: 'NatWest',
      bankCountry: 'GB',
      iban: 'GB29NWBK60161331926819',
      swiftBic: 'NWBKGB2L',
      accountNumber: '31926819',
      routingCode: '601613',
      routingCodeType: 'sort_code' as const,
    },
    {
      orgId,
      senderProfileId: senders.sg,
      type: 'company' as const,
      name: 'Mumbai Textiles Pvt Ltd',
      country: 'IN',
      addressLine1: 'Nariman Point',
      city: 'Mumbai',
      postalCode: '400021',
      currency: 'INR',
      bankName: 'HDFC Bank',
      bankCountry: 'IN',
      swiftBic: 'HDFCINBB',
      accountNumber: `5010${digits(10)}`,
      routingCode: 'HDFC0000060',
      routingCodeType: 'ifsc' as const,
    },
  ];
}

/**
 * Creates a sandbox organization an integrator can use at once; refuses outside sandbox mode. Everything commits
 * together, so a failure leaves nothing half made.
 */
export async function bootstrapSandboxOrganization(executor: Executor = db()): Promise<SandboxBootstrap> {
  if (!isSandbox()) throw new Error('sandbox bootstrap is only available when APP_ENV=sandbox');
  const shortId = randomBytes(4).toString('hex');
  const password = randomToken(18);
  // scrypt is deliberately slow: hash before the transaction opens, not while it holds locks.
  const passwordHash = await hashPassword(password);

  return executor.transaction(async (tx) => {
    const at = now();
    await ensureSandboxChains(tx);
    const organization = await createOrganization(tx, {
      name: `Sandbox ${shortId}`,
      legalName: `Sandbox ${shortId} Ltd`,
      country: 'GB',
    });
    const orgId = organization.id;

    const email = `admin+${shortId}@sandbox.example`;
    const admin = await createUser(tx, { email, name: `Sandbox admin ${shortId}`, passwordHash });
    await addMembership(tx, { orgId, userId: admin.id, role: 'admin' });
    await recordEvent(tx, {
      orgId,
      type: 'user.created',
      actor: SYSTEM_ACTOR,
      subjectId: admin.id,
      data: { email, role: 'admin', source: 'sandbox_bootstrap' },
    });

    const key = await createApiKey(tx, {
      orgId,
      name: 'Sandbox bootstrap key',
      role: 'approver',
      createdByUserId: admin.id,
      actor: SYSTEM_ACTOR,
    });

    const senders = await tx
      .insert(senderProfiles)
      .values(await reviewed('sender', senderRows(orgId), (row) => row.legalName, at))
      .returning({ id: senderProfiles.id, country: senderProfiles.country });
    const senderIn = (country: string) => senders.find((sender) => sender.country === country)!.id;
    const beneficiaries = await tx
      .insert(beneficiaryProfiles)
      .values(
        await reviewed(
          'beneficiary',
          beneficiaryRows(orgId, { gb: senderIn('GB'), sg: senderIn('SG') }),
          (row) => row.name,
          at,
        ),
      )
      .returning({
        id: beneficiaryProfiles.id,
        senderProfileId: beneficiaryProfiles.senderProfileId,
        currency: beneficiaryProfiles.currency,
      });
    for (const [resource, rows] of [
      ['sender', senders],
      ['beneficiary', beneficiaries],
    ] as const) {
      for (const row of rows) {
        await recordEvent(tx, {
          orgId,
          type: `${resource}.created` as const,
          actor: SYSTEM_ACTOR,
          subjectId: row.id,
          data: { status: 'ready', source: 'sandbox_bootstrap' },
        });
      }
    }

    await creditDeposit(tx, {
      orgId,
      amount: SANDBOX_OPENING_BALANCE,
      chainCode: 'tron',
      actor: SYSTEM_ACTOR,
    });
    const balance = await getBalance(tx, orgId);

    return {
      org_id: orgId,
      api_key: key.apiKey,
      api_key_id: key.id,
      // createApiKey generated the pair (no public key was given), so the private key is present.
      private_key_pem: key.privateKeyPem!,
      public_key_pem: key.publicKeyPem,
      shared_secret: key.sharedSecret,
      admin: { email, password },
      senders: senders.map((sender) => ({ id: sender.id, country: sender.country })),
      beneficiaries: beneficiaries.map((row) => ({
        id: row.id,
        sender_profile_id: row.senderProfileId,
        currency: row.currency,
      })),
      balance: balance.available,
    };
  });
}
