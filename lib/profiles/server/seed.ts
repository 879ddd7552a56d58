// Owns the demo's sender and beneficiary profiles: ready, in review, rejected (with reasons) and draft, with bank
// details in each country's real format and valid check digits — all made through the profile services (create,
// submit, reviewProfile; one staff rejection), so the sandbox's magic names decide the review as they do for users.
import { randomBytes } from 'node:crypto';
import type { ProfileType, RoutingCodeType } from '@/db/schema/profiles';
import type { DemoOrgKey, SeededPeople } from '@/lib/identity/server';
import { systemActor } from '@/lib/identity/server';
import { demoKyc } from '@/lib/platform/adapters/kyc';
import type { FiatCurrency } from '@/lib/platform/money';
import type { SeedContext } from '@/lib/platform/seed/context';
import { addMinutes, days, hours, minutesBefore } from '@/lib/platform/seed/time';
import { abaRoutingNumber, clabe, frenchRibKey, iban } from '@/lib/profiles/contract/bank-details';
import { SAMPLE_IBAN_BENEFICIARY } from '@/lib/profiles/contract/samples';
import { rejectProfile, reviewProfile } from '@/lib/profiles/server/review';
import type { ProfileInput } from './profile-kind-spec';
import { type BeneficiaryRow, findProfileRow, type SenderRow } from './profile-rows';
import { createProfile, submitProfile } from './profiles';

/**
 * What happens after the profile is registered. `submitted`: the sandbox review decides by the name (REJECT →
 * rejected, REVIEW → stays in review, else ready). `staff_rejected`: a REVIEW name waits for staff, and a support
 * agent rejects it with a reason the client reads.
 */
export type ReviewSpec =
  | { status: 'draft' }
  | { status: 'submitted' }
  | { status: 'staff_rejected'; reason: string };

export type SenderKey =
  | 'acmeUk'
  | 'acmeAsia'
  | 'oliverBennett'
  | 'acmeUs'
  | 'acmeFze'
  | 'acmeHk'
  | 'globexDe';

interface SenderSpec {
  org: DemoOrgKey;
  type: ProfileType;
  legalName: string;
  registrationNumber?: string;
  idDocument?: { type: 'passport' | 'national_id'; number: string; dateOfBirth: string };
  country: string;
  addressLine1: string;
  city: string;
  postalCode: string;
  contactEmail: string;
  createdDaysAgo: number;
  review: ReviewSpec;
}

export const DEMO_SENDERS: Record<SenderKey, SenderSpec> = {
  acmeUk: {
    org: 'acme',
    type: 'company',
    legalName: 'Acme Trading Ltd',
    registrationNumber: '09876543',
    country: 'GB',
    addressLine1: '25 Old Broad Street',
    city: 'London',
    postalCode: 'EC2N 1HN',
    contactEmail: 'treasury@acme.example',
    createdDaysAgo: 80,
    review: { status: 'submitted' },
  },
  acmeAsia: {
    org: 'acme',
    type: 'company',
    legalName: 'Acme Trading Asia Pte. Ltd.',
    registrationNumber: '201912345K',
    country: 'SG',
    addressLine1: '8 Marina View, #28-01',
    city: 'Singapore',
    postalCode: '018960',
    contactEmail: 'finance.asia@acme.example',
    createdDaysAgo: 78,
    review: { status: 'submitted' },
  },
  oliverBennett: {
    org: 'acme',
    type: 'individual',
    legalName: 'Oliver Bennett',
    idDocument: { type: 'passport', number: '533401372', dateOfBirth: '1984-07-19' },
    country: 'GB',
    addressLine1: '14 Canonbury Park North',
    city: 'London',
    postalCode: 'N1 2JT',
    contactEmail: 'oliver.bennett@acme.example',
    createdDaysAgo: 45,
    review: { status: 'submitted' },
  },
  acmeUs: {
    org: 'acme',
    type: 'company',
    // The whole word REVIEW: the sandbox review leaves it for staff.
    legalName: 'Acme Trading Inc. (REVIEW)',
    registrationNumber: 'DE-7312458',
    country: 'US',
    addressLine1: '1209 Orange Street',
    city: 'Wilmington',
    postalCode: '19801',
    contactEmail: 'finance.us@acme.example',
    createdDaysAgo: 2,
    review: { status: 'submitted' },
  },
  acmeFze: {
    org: 'acme',
    type: 'company',
    // The whole word REJECT: the sandbox screening rejects it.
    legalName: 'Acme Trading FZE (REJECT)',
    registrationNumber: 'JAFZA-184422',
    country: 'AE',
    addressLine1: 'LOB 19, Jebel Ali Free Zone',
    city: 'Dubai',
    postalCode: '263000',
    contactEmail: 'finance.me@acme.example',
    createdDaysAgo: 10,
    review: { status: 'submitted' },
  },
  acmeHk: {
    org: 'acme',
    type: 'company',
    legalName: 'Acme Trading (HK) Limited',
    registrationNumber: '3124567',
    country: 'HK',
    addressLine1: '18 Harbour Road, Wan Chai',
    city: 'Hong Kong',
    postalCode: '999077',
    contactEmail: 'finance.hk@acme.example',
    createdDaysAgo: 1,
    review: { status: 'draft' },
  },
  globexDe: {
    org: 'globex',
    type: 'company',
    legalName: 'Globex Imports GmbH',
    registrationNumber: 'HRB 214587 B',
    country: 'DE',
    addressLine1: 'Torstraße 140',
    city: 'Berlin',
    postalCode: '10119',
    contactEmail: 'buchhaltung@globex.example',
    createdDaysAgo: 60,
    review: { status: 'submitted' },
  },
};

export type BeneficiaryKey =
  | 'rhein'
  | 'thames'
  | 'hudson'
  | 'mumbai'
  | 'maquiladora'
  | 'sakura'
  | 'elodie'
  | 'amsterdam'
  | 'shenzhen'
  | 'alpen';

interface BankSpec {
  bankName: string;
  bankCountry: string;
  iban?: string;
  swiftBic: string;
  accountNumber?: string;
  routing?: { code: string; type: RoutingCodeType };
}

interface BeneficiarySpec {
  sender: SenderKey;
  type: ProfileType;
  name: string;
  country: string;
  addressLine1: string;
  city: string;
  postalCode: string;
  region?: string;
  contactEmail: string;
  currency: FiatCurrency;
  bank: BankSpec;
  createdDaysAgo: number;
  review: ReviewSpec;
}

export const DEMO_BENEFICIARIES: Record<BeneficiaryKey, BeneficiarySpec> = {
  rhein: {
    sender: 'acmeUk',
    type: 'company',
    name: 'Rhein Logistik GmbH',
    country: 'DE',
    addressLine1: 'Friedrichstraße 100',
    city: 'Berlin',
    postalCode: '10117',
    contactEmail: 'ar@rhein-logistik.example',
    currency: 'EUR',
    // Commerzbank Berlin (BLZ 100 400 00).
    bank: {
      bankName: 'Commerzbank AG',
      bankCountry: 'DE',
      iban: iban('DE', '100400000266778899'),
      swiftBic: 'COBADEFFXXX',
    },
    createdDaysAgo: 75,
    review: { status: 'submitted' },
  },
  thames: {
    sender: 'acmeUk',
    type: 'company',
    name: 'Thames Supplies Ltd',
    country: 'GB',
    addressLine1: '10 Upper Bank Street',
    city: 'London',
    postalCode: 'E14 5JJ',
    contactEmail: 'accounts@thames-supplies.example',
    currency: 'GBP',
    // Barclays, sort code 20-00-00: the IBAN carries bank code, sort code and account number.
    bank: {
      bankName: 'Barclays Bank UK PLC',
      bankCountry: 'GB',
      iban: iban('GB', 'BARC20000055779911'),
      swiftBic: 'BARCGB22',
      accountNumber: '55779911',
      routing: { code: '200000', type: 'sort_code' },
    },
    createdDaysAgo: 75,
    review: { status: 'submitted' },
  },
  hudson: {
    sender: 'acmeUk',
    type: 'company',
    name: 'Hudson Components LLC',
    country: 'US',
    addressLine1: '350 Fifth Avenue, Suite 4100',
    city: 'New York',
    postalCode: '10118',
    region: 'NY',
    contactEmail: 'billing@hudson-components.example',
    currency: 'USD',
    bank: {
      bankName: 'JPMorgan Chase Bank, N.A.',
      bankCountry: 'US',
      swiftBic: 'CHASUS33',
      accountNumber: '483920175',
      routing: { code: abaRoutingNumber('02100002'), type: 'aba' },
    },
    createdDaysAgo: 70,
    review: { status: 'submitted' },
  },
  mumbai: {
    sender: 'acmeAsia',
    type: 'company',
    name: 'Mumbai Textiles Pvt Ltd',
    country: 'IN',
    addressLine1: 'Nariman Bhavan, Nariman Point',
    city: 'Mumbai',
    postalCode: '400021',
    contactEmail: 'accounts@mumbai-textiles.example',
    currency: 'INR',
    bank: {
      bankName: 'HDFC Bank Ltd',
      bankCountry: 'IN',
      swiftBic: 'HDFCINBB',
      accountNumber: '50100234567891',
      routing: { code: 'HDFC0000240', type: 'ifsc' },
    },
    createdDaysAgo: 72,
    review: { status: 'submitted' },
  },
  maquiladora: {
    sender: 'acmeAsia',
    type: 'company',
    name: 'Maquiladora del Norte S.A. de C.V.',
    country: 'MX',
    addressLine1: 'Av. Constitución 2050 Pte.',
    city: 'Monterrey',
    postalCode: '64000',
    contactEmail: 'cobranza@maquiladora-norte.example',
    currency: 'MXN',
    // BBVA México (bank 012), plaza 580 (Monterrey); the CLABE wraps the account with its check digit.
    bank: {
      bankName: 'BBVA México, S.A.',
      bankCountry: 'MX',
      swiftBic: 'BCMRMXMM',
      accountNumber: '00123456789',
      routing: { code: clabe('012', '580', '00123456789'), type: 'clabe' },
    },
    createdDaysAgo: 65,
    review: { status: 'submitted' },
  },
  sakura: {
    sender: 'acmeAsia',
    type: 'company',
    name: 'Sakura Electronics K.K.',
    country: 'JP',
    addressLine1: '1-5-1 Otemachi, Chiyoda-ku',
    city: 'Tokyo',
    postalCode: '100-0004',
    contactEmail: 'keiri@sakura-electronics.example',
    currency: 'JPY',
    // Zengin code: bank 0001 (Mizuho), branch 110.
    bank: {
      bankName: 'Mizuho Bank, Ltd.',
      bankCountry: 'JP',
      swiftBic: 'MHCBJPJT',
      accountNumber: '1234567',
      routing: { code: '0001110', type: 'other' },
    },
    createdDaysAgo: 60,
    review: { status: 'submitted' },
  },
  elodie: {
    sender: 'oliverBennett',
    type: 'individual',
    name: 'Élodie Martin',
    country: 'FR',
    addressLine1: '12 Rue de la République',
    city: 'Lyon',
    postalCode: '69002',
    contactEmail: 'elodie.martin@mail.example',
    currency: 'EUR',
    // BNP Paribas (bank 30004), branch 00817, with its RIB key inside the French BBAN.
    bank: {
      bankName: 'BNP Paribas',
      bankCountry: 'FR',
      iban: iban('FR', `300040081700012345678${frenchRibKey('30004', '00817', '00012345678')}`),
      swiftBic: 'BNPAFRPP',
    },
    createdDaysAgo: 40,
    review: { status: 'submitted' },
  },
  amsterdam: {
    sender: 'acmeUk',
    type: 'company',
    name: 'Amsterdam Design Studio B.V. (REVIEW)',
    country: 'NL',
    addressLine1: 'Herengracht 420',
    city: 'Amsterdam',
    postalCode: '1017 BZ',
    contactEmail: 'finance@amsterdam-design.example',
    currency: 'EUR',
    bank: {
      bankName: 'ING Bank N.V.',
      bankCountry: 'NL',
      iban: iban('NL', 'INGB0006543210'),
      swiftBic: 'INGBNL2A',
    },
    createdDaysAgo: 1,
    review: { status: 'submitted' },
  },
  shenzhen: {
    sender: 'acmeAsia',
    type: 'company',
    name: 'Shenzhen Bright Trading Co., Ltd. (REVIEW)',
    country: 'CN',
    addressLine1: '6001 Shennan Avenue, Futian District',
    city: 'Shenzhen',
    postalCode: '518000',
    contactEmail: 'finance@shenzhen-bright.example',
    currency: 'USD',
    bank: {
      bankName: 'Bank of China, Shenzhen Branch',
      bankCountry: 'CN',
      swiftBic: 'BKCHCNBJ45A',
      accountNumber: '744612345678',
    },
    createdDaysAgo: 8,
    review: {
      status: 'staff_rejected',
      reason:
        'The account holder name does not match the name registered at the receiving bank. Correct the name and resubmit.',
    },
  },
  alpen: {
    sender: 'globexDe',
    type: 'company',
    name: 'Alpen Maschinenbau GmbH',
    country: 'AT',
    addressLine1: 'Mariahilfer Straße 77',
    city: 'Wien',
    postalCode: '1060',
    contactEmail: 'office@alpen-maschinenbau.example',
    currency: 'EUR',
    // Erste Bank (BLZ 20111).
    bank: {
      bankName: 'Erste Bank der oesterreichischen Sparkassen AG',
      bankCountry: 'AT',
      iban: iban('AT', '2011100012345678'),
      swiftBic: 'GIBAATWWXXX',
    },
    createdDaysAgo: 55,
    review: { status: 'submitted' },
  },
};

export type { BeneficiaryRow, SenderRow };

export interface SeededProfiles {
  senders: Record<SenderKey, SenderRow>;
  beneficiaries: Record<BeneficiaryKey, BeneficiaryRow>;
}

/** One demo sender as the generator makes it: whose it is, what the client typed, and how its review went. */
export interface DemoSender {
  orgId: string;
  input: ProfileInput<'sender'>;
  createdDaysAgo: number;
  review: ReviewSpec;
}

/** One demo beneficiary, registered under one of the plan's senders (`sender` is its key). */
export interface DemoBeneficiary<S extends string> {
  sender: S;
  input: ProfileInput<'beneficiary'>;
  createdDaysAgo: number;
  review: ReviewSpec;
}

/** What the generator makes: senders by key, beneficiaries by key; `reviewerId` is the staff member who rejects. */
export interface DemoProfilePlan<S extends string, B extends string> {
  senders: Record<S, DemoSender>;
  beneficiaries: Record<B, DemoBeneficiary<S>>;
  reviewerId?: string;
}

function entries<K extends string, V>(record: Record<K, V>): [K, V][] {
  return Object.entries(record) as [K, V][];
}

/** Submitted ten minutes after registration; the sandbox decides two hours later; staff the next day. */
async function review(
  ctx: SeedContext,
  kind: 'sender' | 'beneficiary',
  orgId: string,
  profileId: string,
  spec: ReviewSpec,
  createdAt: Date,
  reviewerId: string | undefined,
): Promise<void> {
  if (spec.status === 'draft') return;
  const submittedAt = addMinutes(createdAt, 10);
  await submitProfile(ctx.tx, kind, {
    orgId,
    profileId,
    actor: systemActor(orgId),
    at: submittedAt,
    scheduleReview: false,
  });
  // The demo world is decided by the sandbox rule even when the sandbox runs a production KYC implementation.
  await reviewProfile(ctx.tx, kind, profileId, { at: addMinutes(submittedAt, hours(2)), adapter: demoKyc });
  if (spec.status === 'staff_rejected') {
    if (!reviewerId) throw new Error('a staff rejection in demo data needs a reviewer');
    await rejectProfile(ctx.tx, {
      kind,
      profileId,
      staffUserId: reviewerId,
      reason: spec.reason,
      at: addMinutes(submittedAt, hours(20)),
    });
  }
}

/**
 * The one generator of demo profiles, for the seed and for `sandbox bootstrap`: each profile registered, submitted and
 * reviewed through the profile services on a back-dated timeline (registered `createdDaysAgo` days before the
 * context's moment, submitted ten minutes later, decided by the sandbox review two hours after that).
 */
export async function generateDemoProfiles<S extends string, B extends string>(
  ctx: SeedContext,
  plan: DemoProfilePlan<S, B>,
): Promise<{ senders: Record<S, SenderRow>; beneficiaries: Record<B, BeneficiaryRow> }> {
  const senders = {} as Record<S, SenderRow>;
  for (const [key, spec] of entries(plan.senders)) {
    const createdAt = minutesBefore(ctx.at, days(spec.createdDaysAgo));
    const created = await createProfile(ctx.tx, 'sender', {
      orgId: spec.orgId,
      actor: systemActor(spec.orgId),
      at: createdAt,
      input: spec.input,
    });
    await review(ctx, 'sender', spec.orgId, created.id, spec.review, createdAt, plan.reviewerId);
    senders[key] = (await findProfileRow(ctx.tx, 'sender', spec.orgId, created.id))!;
  }

  const beneficiaries = {} as Record<B, BeneficiaryRow>;
  for (const [key, spec] of entries(plan.beneficiaries)) {
    const sender = senders[spec.sender];
    const createdAt = minutesBefore(ctx.at, days(spec.createdDaysAgo));
    const created = await createProfile(ctx.tx, 'beneficiary', {
      orgId: sender.orgId,
      senderProfileId: sender.id,
      actor: systemActor(sender.orgId),
      at: createdAt,
      input: spec.input,
    });
    await review(ctx, 'beneficiary', sender.orgId, created.id, spec.review, createdAt, plan.reviewerId);
    beneficiaries[key] = (await findProfileRow(ctx.tx, 'beneficiary', sender.orgId, created.id))!;
  }
  return { senders, beneficiaries };
}

/** What a demo sender's client typed, from the seed's description of it. */
function senderDraft(spec: SenderSpec): ProfileInput<'sender'> {
  return {
    type: spec.type,
    legal_name: spec.legalName,
    registration_number: spec.registrationNumber,
    id_document_type: spec.idDocument?.type,
    id_document_number: spec.idDocument?.number,
    date_of_birth: spec.idDocument?.dateOfBirth,
    country: spec.country,
    address_line1: spec.addressLine1,
    city: spec.city,
    postal_code: spec.postalCode,
    contact_email: spec.contactEmail,
  };
}

/** What a demo beneficiary's client typed; its vendor key is the organization's own, as an ERP would have it. */
function beneficiaryDraft(key: BeneficiaryKey, spec: BeneficiarySpec): ProfileInput<'beneficiary'> {
  return {
    type: spec.type,
    name: spec.name,
    country: spec.country,
    address_line1: spec.addressLine1,
    city: spec.city,
    postal_code: spec.postalCode,
    region: spec.region,
    contact_email: spec.contactEmail,
    currency: spec.currency,
    bank_country: spec.bank.bankCountry,
    bank_name: spec.bank.bankName,
    iban: spec.bank.iban,
    swift_bic: spec.bank.swiftBic,
    account_number: spec.bank.accountNumber,
    routing_code: spec.bank.routing?.code,
    // Bulk files may name beneficiaries by these keys.
    client_reference: `VEND-${key.toUpperCase()}`,
  };
}

export async function seedProfiles(ctx: SeedContext, people: SeededPeople): Promise<SeededProfiles> {
  const senders = Object.fromEntries(
    entries(DEMO_SENDERS).map(([key, spec]) => [
      key,
      {
        orgId: people.orgs[spec.org],
        input: senderDraft(spec),
        createdDaysAgo: spec.createdDaysAgo,
        review: spec.review,
      },
    ]),
  ) as Record<SenderKey, DemoSender>;
  const beneficiaries = Object.fromEntries(
    entries(DEMO_BENEFICIARIES).map(([key, spec]) => [
      key,
      {
        sender: spec.sender,
        input: beneficiaryDraft(key, spec),
        createdDaysAgo: spec.createdDaysAgo,
        review: spec.review,
      },
    ]),
  ) as Record<BeneficiaryKey, DemoBeneficiary<SenderKey>>;
  return generateDemoProfiles(ctx, { senders, beneficiaries, reviewerId: people.users.support });
}

const digits = (count: number) => Array.from(randomBytes(count), (byte) => String(byte % 10)).join('');

/**
 * `sandbox bootstrap`'s profiles, from the same generator as the seed's: two company senders and three
 * beneficiaries, one per currency, registered yesterday and made ready by the sandbox review (plain names). Bank details
 * are in each country's real format (published example IBANs, so checksums validate and no real account is named);
 * registration and account numbers are random, so every bootstrapped organization has its own.
 */
export async function generateBootstrapProfiles(ctx: SeedContext, orgId: string) {
  const registered = { createdDaysAgo: 1, review: { status: 'submitted' } } as const;
  return generateDemoProfiles(ctx, {
    senders: {
      GB: {
        orgId,
        ...registered,
        input: {
          type: 'company',
          legal_name: 'Sandbox Trading Ltd',
          registration_number: digits(8),
          country: 'GB',
          address_line1: '1 Poultry',
          city: 'London',
          postal_code: 'EC2R 8EJ',
          contact_email: 'treasury@trading.sandbox.example',
        },
      },
      SG: {
        orgId,
        ...registered,
        input: {
          type: 'company',
          legal_name: 'Sandbox Asia Pte. Ltd.',
          registration_number: `2019${digits(5)}K`,
          country: 'SG',
          address_line1: '8 Marina View',
          city: 'Singapore',
          postal_code: '018960',
          contact_email: 'finance@asia.sandbox.example',
        },
      },
    },
    beneficiaries: {
      // The sandbox names the bank without its legal form.
      EUR: { sender: 'GB', ...registered, input: { ...SAMPLE_IBAN_BENEFICIARY, bank_name: 'Commerzbank' } },
      GBP: {
        sender: 'GB',
        ...registered,
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
      INR: {
        sender: 'SG',
        ...registered,
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
    },
  });
}
