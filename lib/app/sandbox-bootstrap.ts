// Owns `sandbox bootstrap`: a ready-to-use sandbox organization (entitlements, admin, API key, profiles, funds, liquidity
// data) in one transaction.
import '@/lib/app/register';
import { randomBytes } from 'node:crypto';
import { db, type Executor } from '@/db/client';
import { creditDeposit } from '@/lib/funding/server';
import {
  addMembership,
  createApiKey,
  createOrganization,
  createUser,
  hashPassword,
  systemActor,
} from '@/lib/identity/server';
import { getBalance } from '@/lib/ledger/server';
import { bootstrapLiquidity } from '@/lib/liquidity/server';
import { ensureSandboxChains } from '@/lib/platform/chains/sandbox-chains';
import { randomToken } from '@/lib/platform/crypto/tokens';
import { isSandbox } from '@/lib/platform/env';
import { SYSTEM_ACTOR } from '@/lib/platform/events/audit-actor';
import { recordEvent } from '@/lib/platform/events/record-event';
import { SAMPLE_IBAN_BENEFICIARY } from '@/lib/profiles/contract/samples';
import type { BeneficiaryDraft } from '@/lib/profiles/contract/validate-beneficiary';
import type { SenderDraft } from '@/lib/profiles/contract/validate-sender';
import { createProfile, reviewProfile, submitProfile } from '@/lib/profiles/server';

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

/** Two company senders: they go through the sandbox KYB review like any other (plain names, so they become ready). */
function senderInputs(): SenderDraft[] {
  return [
    {
      type: 'company',
      legal_name: 'Sandbox Trading Ltd',
      registration_number: digits(8),
      country: 'GB',
      address_line1: '1 Poultry',
      city: 'London',
      postal_code: 'EC2R 8EJ',
      contact_email: 'treasury@trading.sandbox.example',
    },
    {
      type: 'company',
      legal_name: 'Sandbox Asia Pte. Ltd.',
      registration_number: `2019${digits(5)}K`,
      country: 'SG',
      address_line1: '8 Marina View',
      city: 'Singapore',
      postal_code: '018960',
      contact_email: 'finance@asia.sandbox.example',
    },
  ];
}

/**
 * Three beneficiaries, one per currency, with bank details in each country's real format (the IBANs are the
 * published example IBANs of their countries, so checksums validate and no real account is named).
 */
function beneficiaryInputs(): { sender: 'GB' | 'SG'; input: BeneficiaryDraft }[] {
  return [
    {
      sender: 'GB',
      // The sandbox names the bank without its legal form.
      input: { ...SAMPLE_IBAN_BENEFICIARY, bank_name: 'Commerzbank' },
    },
    {
      sender: 'GB',
      input: {
        type: 'company',
        name: 'Thames Supplies Ltd',
        country: 'GB',
        address_line1: '10 Upper Bank Street',
        city: 'London',
        postal_code: 'E14 5JJ',
        currency: 'GBP',
        bank_name: 'NatWest',
        iban: 'GB29NWBK60161331926819',
        swift_bic: 'NWBKGB2L',
        account_number: '31926819',
        routing_code: '601613',
      },
    },
    {
      sender: 'SG',
      input: {
        type: 'company',
        name: 'Mumbai Textiles Pvt Ltd',
        country: 'IN',
        address_line1: 'Nariman Point',
        city: 'Mumbai',
        postal_code: '400021',
        currency: 'INR',
        bank_name: 'HDFC Bank',
        swift_bic: 'HDFCINBB',
        account_number: `5010${digits(10)}`,
        routing_code: 'HDFC0000060',
      },
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

    // Through the profile services and the sandbox review, at once: the printed profiles are ready to use.
    const senders: { id: string; country: string }[] = [];
    for (const input of senderInputs()) {
      const sender = await createProfile(tx, 'sender', { orgId, input, actor: systemActor(orgId) });
      await submitProfile(tx, 'sender', {
        orgId,
        profileId: sender.id,
        actor: systemActor(orgId),
        scheduleReview: false,
      });
      await reviewProfile(tx, 'sender', sender.id);
      senders.push({ id: sender.id, country: sender.country });
    }
    const senderIn = (country: string) => senders.find((sender) => sender.country === country)!.id;
    const beneficiaries: { id: string; senderProfileId: string; currency: string }[] = [];
    for (const { sender, input } of beneficiaryInputs()) {
      const beneficiary = await createProfile(tx, 'beneficiary', {
        orgId,
        senderProfileId: senderIn(sender),
        input,
        actor: systemActor(orgId),
      });
      await submitProfile(tx, 'beneficiary', {
        orgId,
        profileId: beneficiary.id,
        actor: systemActor(orgId),
        scheduleReview: false,
      });
      await reviewProfile(tx, 'beneficiary', beneficiary.id);
      beneficiaries.push({
        id: beneficiary.id,
        senderProfileId: beneficiary.sender_profile_id,
        currency: beneficiary.currency,
      });
    }

    // Liquidity to build against, as the demo organization has it: its history is funded apart, before the opening
    // balance, so the available balance is the opening balance whatever the withdrawals hold.
    await bootstrapLiquidity(tx, { orgId, adminUserId: admin.id });

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
