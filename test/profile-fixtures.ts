// Owns test fixtures for profiles: valid sender and beneficiary bodies, and ready profiles made through the services
// (create, submit, reviewProfile) for tests of orders and files.
import { db } from '@/db/client';
import { systemActor } from '@/lib/identity/server/auth/service-actor';
import { SAMPLE_COMPANY_SENDER, SAMPLE_IBAN_BENEFICIARY } from '@/lib/profiles/contract/samples';
import { createProfile, submitProfile } from '@/lib/profiles/server/profiles';
import { reviewProfile } from '@/lib/profiles/server/review';

export function companySenderBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...SAMPLE_COMPANY_SENDER, ...overrides };
}

export function individualSenderBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'individual',
    legal_name: 'Oliver Bennett',
    date_of_birth: '1984-07-19',
    id_document_type: 'passport',
    id_document_number: '533401372',
    country: 'GB',
    address_line1: '14 Canonbury Park North',
    city: 'London',
    postal_code: 'N1 2JT',
    contact_email: 'oliver@example.com',
    ...overrides,
  };
}

/** A German company paid in EUR by IBAN (the published example IBAN). */
export function ibanBeneficiaryBody(senderId: string, overrides: Record<string, unknown> = {}) {
  return {
    sender_profile_id: senderId,
    ...SAMPLE_IBAN_BENEFICIARY,
    // Spaced as a person types it: the service compacts it.
    iban: 'DE89 3704 0044 0532 0130 00',
    ...overrides,
  };
}

/** A US company paid in USD by account number and ABA routing number. */
export function usBeneficiaryBody(senderId: string, overrides: Record<string, unknown> = {}) {
  return {
    sender_profile_id: senderId,
    type: 'company',
    name: 'Hudson Components LLC',
    country: 'US',
    address_line1: '350 Fifth Avenue, Suite 4100',
    city: 'New York',
    postal_code: '10118',
    region: 'NY',
    currency: 'USD',
    bank_name: 'JPMorgan Chase Bank, N.A.',
    account_number: '483920175',
    routing_code: '021000021',
    swift_bic: 'CHASUS33',
    ...overrides,
  };
}

/** Submits a profile without scheduling its review, so the test runs the sandbox review (reviewProfile) itself. */
export async function submitUnscheduled(
  orgId: string,
  kind: Parameters<typeof submitProfile>[1],
  profileId: string,
): Promise<void> {
  await submitProfile(db(), kind, { orgId, profileId, actor: systemActor(orgId), scheduleReview: false });
}

/** A `ready` sender of `orgId`, through the services and the sandbox review. */
export async function createReadySender(
  orgId: string,
  overrides: Record<string, string> = {},
): Promise<string> {
  const sender = await createProfile(db(), 'sender', {
    orgId,
    input: companySenderBody(overrides) as Record<string, string>,
    actor: systemActor(orgId),
  });
  await submitUnscheduled(orgId, 'sender', sender.id);
  await reviewProfile(db(), 'sender', sender.id);
  return sender.id;
}

/** An EUR beneficiary of `senderId` (or a US one with `kind: 'us'`), submitted; the test runs its review. */
export async function submittedBeneficiary(
  orgId: string,
  senderId: string,
  options: { kind?: 'iban' | 'us'; overrides?: Record<string, string> } = {},
): Promise<string> {
  const { sender_profile_id: _sender, ...input } =
    options.kind === 'us'
      ? usBeneficiaryBody(senderId, options.overrides)
      : ibanBeneficiaryBody(senderId, options.overrides);
  const beneficiary = await createProfile(db(), 'beneficiary', {
    orgId,
    senderProfileId: senderId,
    input: input as Record<string, string>,
    actor: systemActor(orgId),
  });
  await submitUnscheduled(orgId, 'beneficiary', beneficiary.id);
  return beneficiary.id;
}

/** A `ready` EUR beneficiary of `senderId` (or a US one with `kind: 'us'`). */
export async function createReadyBeneficiary(
  orgId: string,
  senderId: string,
  options: { kind?: 'iban' | 'us'; overrides?: Record<string, string> } = {},
): Promise<string> {
  const id = await submittedBeneficiary(orgId, senderId, options);
  await reviewProfile(db(), 'beneficiary', id);
  return id;
}
