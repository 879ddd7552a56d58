// Owns the demo's sender and beneficiary profiles: ready, in review, rejected (with reasons) and draft, with bank
// details in each country's real format and valid check digits.
import type { ProfileType, RoutingCodeType } from '@/db/schema/profiles';
import { beneficiaryProfiles, senderProfiles } from '@/db/schema/profiles';
import { kyc } from '@/lib/adapters/kyc';
import { SYSTEM_ACTOR, userAuditActor } from '@/lib/events/audit-actor';
import { recordEvent } from '@/lib/events/record-event';
import type { FiatCurrency } from '@/lib/money';
import { abaRoutingNumber, clabe, frenchRibKey, iban } from './bank-details';
import type { SeedContext } from './context';
import type { DemoOrgKey, SeededPeople } from './people';
import { addMinutes, days, hours, idAt, minutesBefore } from './time';

type ReviewSpec =
  | { status: 'draft' }
  | { status: 'in_review' }
  | { status: 'ready' }
  /** Rejected by a support agent; the reason is what the client reads. */
  | { status: 'rejected'; reason: string };

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
    review: { status: 'ready' },
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
    review: { status: 'ready' },
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
    review: { status: 'ready' },
  },
  acmeUs: {
    org: 'acme',
    type: 'company',
    legalName: 'Acme Trading Inc.',
    registrationNumber: 'DE-7312458',
    country: 'US',
    addressLine1: '1209 Orange Street',
    city: 'Wilmington',
    postalCode: '19801',
    contactEmail: 'finance.us@acme.example',
    createdDaysAgo: 2,
    review: { status: 'in_review' },
  },
  acmeFze: {
    org: 'acme',
    type: 'company',
    legalName: 'Acme Trading FZE',
    registrationNumber: 'JAFZA-184422',
    country: 'AE',
    addressLine1: 'LOB 19, Jebel Ali Free Zone',
    city: 'Dubai',
    postalCode: '263000',
    contactEmail: 'finance.me@acme.example',
    createdDaysAgo: 10,
    review: {
      status: 'rejected',
      reason: 'The trade licence provided has expired. Upload the current licence and resubmit.',
    },
  },
  acmeHk: {
    org: 'acme',
    type: 'company',
    legalName: 'Acme Trading (HK) Limited',
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
    review: { status: 'ready' },
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
    review: { status: 'ready' },
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
    review: { status: 'ready' },
  },
  hudson: {
    sender: 'acmeUk',
    type: 'company',
    name: 'Hudson Components LLC',
    country: 'US',
    addressLine1: '350 Fifth Avenue, Suite 4100',
    city: 'New York',
    postalCode: '10118',
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
    review: { status: 'ready' },
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
    review: { status: 'ready' },
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
    review: { status: 'ready' },
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
    review: { status: 'ready' },
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
    review: { status: 'ready' },
  },
  amsterdam: {
    sender: 'acmeUk',
    type: 'company',
    name: 'Amsterdam Design Studio B.V.',
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
    review: { status: 'in_review' },
  },
  shenzhen: {
    sender: 'acmeAsia',
    type: 'company',
    name: 'Shenzhen Bright Trading Co., Ltd.',
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
      status: 'rejected',
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
    review: { status: 'ready' },
  },
};

export type SenderRow = typeof senderProfiles.$inferSelect;
export type BeneficiaryRow = typeof beneficiaryProfiles.$inferSelect;

export interface SeededProfiles {
  senders: Record<SenderKey, SenderRow>;
  beneficiaries: Record<BeneficiaryKey, BeneficiaryRow>;
}

/** Review columns for a profile created at `createdAt`: the adapter approves within hours, staff reject in a day. */
function reviewColumns(review: ReviewSpec, createdAt: Date, reviewerId: string) {
  if (review.status === 'draft') return { status: 'draft' as const, updatedAt: createdAt };
  const submittedAt = addMinutes(createdAt, 10);
  if (review.status === 'in_review')
    return { status: 'in_review' as const, submittedAt, updatedAt: submittedAt };
  if (review.status === 'ready') {
    const reviewedAt = addMinutes(submittedAt, hours(2));
    return {
      status: 'ready' as const,
      submittedAt,
      reviewedAt,
      reviewSource: kyc().reviewSource,
      updatedAt: reviewedAt,
    };
  }
  const reviewedAt = addMinutes(submittedAt, hours(20));
  return {
    status: 'rejected' as const,
    rejectionReason: review.reason,
    submittedAt,
    reviewedAt,
    reviewSource: 'staff' as const,
    reviewedByUserId: reviewerId,
    updatedAt: reviewedAt,
  };
}

function entries<K extends string, V>(record: Record<K, V>): [K, V][] {
  return Object.entries(record) as [K, V][];
}

export async function seedProfiles(ctx: SeedContext, people: SeededPeople): Promise<SeededProfiles> {
  const reviewer = people.users.support;
  const senderSpecs = entries(DEMO_SENDERS);
  const senderRows = await ctx.tx
    .insert(senderProfiles)
    .values(
      senderSpecs.map(([, spec]) => {
        const createdAt = minutesBefore(ctx.at, days(spec.createdDaysAgo));
        return {
          id: idAt(createdAt),
          orgId: people.orgs[spec.org],
          type: spec.type,
          legalName: spec.legalName,
          registrationNumber: spec.registrationNumber ?? null,
          idDocumentType: spec.idDocument?.type ?? null,
          idDocumentNumber: spec.idDocument?.number ?? null,
          dateOfBirth: spec.idDocument?.dateOfBirth ?? null,
          country: spec.country,
          addressLine1: spec.addressLine1,
          city: spec.city,
          postalCode: spec.postalCode,
          contactEmail: spec.contactEmail,
          createdAt,
          ...reviewColumns(spec.review, createdAt, reviewer),
        };
      }),
    )
    .returning();
  const senders = Object.fromEntries(senderSpecs.map(([key], i) => [key, senderRows[i]!])) as Record<
    SenderKey,
    SenderRow
  >;

  const beneficiarySpecs = entries(DEMO_BENEFICIARIES);
  const beneficiaryRows = await ctx.tx
    .insert(beneficiaryProfiles)
    .values(
      beneficiarySpecs.map(([, spec]) => {
        const createdAt = minutesBefore(ctx.at, days(spec.createdDaysAgo));
        const sender = senders[spec.sender];
        return {
          id: idAt(createdAt),
          orgId: sender.orgId,
          senderProfileId: sender.id,
          type: spec.type,
          name: spec.name,
          country: spec.country,
          addressLine1: spec.addressLine1,
          city: spec.city,
          postalCode: spec.postalCode,
          contactEmail: spec.contactEmail,
          currency: spec.currency,
          bankName: spec.bank.bankName,
          bankCountry: spec.bank.bankCountry,
          iban: spec.bank.iban ?? null,
          swiftBic: spec.bank.swiftBic,
          accountNumber: spec.bank.accountNumber ?? null,
          routingCode: spec.bank.routing?.code ?? null,
          routingCodeType: spec.bank.routing?.type ?? null,
          createdAt,
          ...reviewColumns(spec.review, createdAt, reviewer),
        };
      }),
    )
    .returning();
  const beneficiaries = Object.fromEntries(
    beneficiarySpecs.map(([key], i) => [key, beneficiaryRows[i]!]),
  ) as Record<BeneficiaryKey, BeneficiaryRow>;

  for (const [subjectType, rows] of [
    ['sender_profile', senderRows],
    ['beneficiary_profile', beneficiaryRows],
  ] as const) {
    for (const row of rows) await recordProfileEvents(ctx, subjectType, row, reviewer);
  }
  return { senders, beneficiaries };
}

/** created, then the review decision with who made it (the sandbox adapter, or the support agent who rejected). */
async function recordProfileEvents(
  ctx: SeedContext,
  subjectType: 'sender_profile' | 'beneficiary_profile',
  row: { id: string; orgId: string; status: string; rejectionReason: string | null },
  reviewerId: string,
): Promise<void> {
  const base = { orgId: row.orgId, subjectId: row.id };
  const resource = subjectType === 'sender_profile' ? 'sender' : 'beneficiary';
  await recordEvent(ctx.tx, {
    ...base,
    type: `${resource}.created` as const,
    actor: SYSTEM_ACTOR,
    data: { status: row.status, source: 'demo_seed' },
  });
  if (row.status === 'ready') {
    await recordEvent(ctx.tx, {
      ...base,
      type: `${resource}.ready` as const,
      actor: SYSTEM_ACTOR,
      data: { review_source: kyc().reviewSource },
    });
  } else if (row.status === 'rejected') {
    await recordEvent(ctx.tx, {
      ...base,
      type: `${resource}.rejected` as const,
      actor: userAuditActor(reviewerId, true),
      data: { review_source: 'staff', reason: row.rejectionReason },
    });
  }
}
