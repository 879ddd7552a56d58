// Owns what a beneficiary needs per corridor (currency × bank country): the one table that both
// `GET /beneficiaries/requirements` publishes and `validateBeneficiary` enforces, so the two cannot drift. Browser-safe.

import { FIAT_CURRENCIES, type FiatCurrency } from '@/lib/platform/money/facts';
import type { RoutingCodeType } from '@/lib/profiles/contract/enums';
import { ADDRESS_AND_CONTACT_FIELDS } from './address-fields';
import { type BankRule, IBAN_LENGTHS } from './bank-details';
import { COUNTRIES_WITHOUT_POSTCODES } from './countries';

/** Named rules beyond a plain pattern; bank rules live in bank-details.ts. */
export type FieldRule = BankRule | 'email' | 'country_code' | 'one_of';

/** Every field of a beneficiary that the requirements can name (wire names). */
export const BENEFICIARY_FIELDS = [
  'type',
  'name',
  ...ADDRESS_AND_CONTACT_FIELDS,
  'bank_name',
  'iban',
  'swift_bic',
  'account_number',
  'routing_code',
] as const;
export type BeneficiaryField = (typeof BENEFICIARY_FIELDS)[number];

/** Fields whose stored form is compacted (no spaces or dashes, upper case) before the pattern or rule applies. */
export const COMPACTED_FIELDS: ReadonlySet<BeneficiaryField> = new Set([
  'iban',
  'swift_bic',
  'account_number',
  'routing_code',
]);

export interface FieldRequirement {
  name: BeneficiaryField;
  label: string;
  required: boolean;
  /** A regular expression the (compacted, for bank fields) value must match in full, or null. */
  pattern: string | null;
  /** A named rule (checksum or list) the value must pass, or null. */
  rule: FieldRule | null;
  example: string | null;
  allowed_values: string[] | null;
  max_length: number;
}

export interface CorridorRequirements {
  currency: FiatCurrency;
  /** The country where the account is held. */
  country: string;
  /** Which domestic routing code `routing_code` carries here, or null when none is used. */
  routing_code_type: RoutingCodeType | null;
  fields: FieldRequirement[];
}

/** The euro area and the other SEPA countries whose accounts we pay by IBAN. */
const SEPA_EURO = new Set([
  'AT',
  'BE',
  'CY',
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MC',
  'MT',
  'NL',
  'PT',
  'SI',
  'SK',
  'SM',
]);
const IBAN_COUNTRIES = new Set([
  ...SEPA_EURO,
  'AE',
  'BG',
  'CH',
  'CZ',
  'DK',
  'GB',
  'HU',
  'IS',
  'LI',
  'NO',
  'PL',
  'RO',
  'SE',
  'TR',
]);

/** Bank countries we pay into and the local currency of each (when we pay that currency at all). */
const LOCAL_CURRENCY: Readonly<Record<string, FiatCurrency | null>> = {
  ...Object.fromEntries([...SEPA_EURO].map((country) => [country, 'EUR' as const])),
  AE: 'AED',
  BG: null,
  CH: 'CHF',
  CZ: null,
  DK: null,
  GB: 'GBP',
  HU: null,
  IS: null,
  LI: 'CHF',
  NO: null,
  PL: 'PLN',
  RO: null,
  SE: null,
  TR: 'TRY',
  US: 'USD',
  CA: 'CAD',
  MX: 'MXN',
  IN: 'INR',
  AU: 'AUD',
  JP: 'JPY',
  CN: 'CNY',
  HK: 'HKD',
  SG: 'SGD',
  PH: 'PHP',
  ID: 'IDR',
  NG: 'NGN',
  ZA: 'ZAR',
  KR: 'KRW',
  VN: 'VND',
  BR: 'BRL',
};

/** Currencies any supported bank country may receive besides its own. */
const CROSS_BORDER_CURRENCIES: ReadonlySet<FiatCurrency> = new Set(['USD', 'EUR', 'GBP']);

export const SUPPORTED_BANK_COUNTRIES: readonly string[] = Object.keys(LOCAL_CURRENCY).sort();

/** The currency of the country itself, when we pay it (EUR for the euro area, USD for the US…). */
export function localCurrency(country: string): FiatCurrency | null {
  return LOCAL_CURRENCY[country] ?? null;
}

/** Currencies that can be paid into an account held in `country` (empty when we do not pay there). */
export function currenciesFor(country: string): FiatCurrency[] {
  if (!Object.hasOwn(LOCAL_CURRENCY, country)) return [];
  const local = LOCAL_CURRENCY[country];
  return FIAT_CURRENCIES.filter((c) => c === local || CROSS_BORDER_CURRENCIES.has(c));
}

const POSTCODE_PATTERNS: Readonly<Record<string, { pattern: string; example: string }>> = {
  US: { pattern: '^\\d{5}(-\\d{4})?$', example: '10118' },
  CA: { pattern: '^[A-Za-z]\\d[A-Za-z] ?\\d[A-Za-z]\\d$', example: 'M5H 2N2' },
  GB: { pattern: '^[A-Za-z]{1,2}\\d[A-Za-z\\d]? ?\\d[A-Za-z]{2}$', example: 'E14 5JJ' },
  DE: { pattern: '^\\d{5}$', example: '10117' },
  FR: { pattern: '^\\d{5}$', example: '69002' },
  ES: { pattern: '^\\d{5}$', example: '28001' },
  IT: { pattern: '^\\d{5}$', example: '00184' },
  NL: { pattern: '^\\d{4} ?[A-Za-z]{2}$', example: '1017 BZ' },
  AT: { pattern: '^\\d{4}$', example: '1060' },
  AU: { pattern: '^\\d{4}$', example: '2000' },
  IN: { pattern: '^\\d{6}$', example: '400021' },
  MX: { pattern: '^\\d{5}$', example: '64000' },
  JP: { pattern: '^\\d{3}-?\\d{4}$', example: '100-0004' },
  CN: { pattern: '^\\d{6}$', example: '518000' },
  SG: { pattern: '^\\d{6}$', example: '018960' },
};

/** Countries whose wires name the state or province. */
const REGION_REQUIRED = new Set(['US', 'CA', 'AU']);

type FieldSpec = Omit<FieldRequirement, 'name' | 'required' | 'max_length'> & { max_length?: number };

const field = (
  name: BeneficiaryField,
  required: boolean,
  spec: Partial<FieldSpec> & { label: string },
): FieldRequirement => ({
  name,
  required,
  label: spec.label,
  pattern: spec.pattern ?? null,
  rule: spec.rule ?? null,
  example: spec.example ?? null,
  allowed_values: spec.allowed_values ?? null,
  max_length: spec.max_length ?? 140,
});

/** The party and address fields, which depend on the beneficiary's own country only through the postcode. */
function partyFields(residence: string): FieldRequirement[] {
  const postcode = POSTCODE_PATTERNS[residence];
  return [
    field('type', true, {
      label: 'Beneficiary type',
      rule: 'one_of',
      allowed_values: ['company', 'individual'],
      example: 'company',
    }),
    field('name', true, {
      label: 'Account holder name',
      example: 'Rhein Logistik GmbH',
      pattern: "^[\\p{L}\\p{M}\\p{N} .,'&()/+-]+$",
    }),
    field('country', true, { label: 'Country of residence', rule: 'country_code', example: residence }),
    field('address_line1', true, { label: 'Address', example: 'Friedrichstraße 100', max_length: 70 }),
    field('address_line2', false, { label: 'Address line 2', max_length: 70 }),
    field('city', true, { label: 'City', example: 'Berlin', max_length: 35 }),
    field('postal_code', !COUNTRIES_WITHOUT_POSTCODES.has(residence), {
      label: residence === 'US' ? 'ZIP code' : 'Postal code',
      pattern: postcode?.pattern ?? '^[A-Za-z0-9 -]{2,12}$',
      example: postcode?.example ?? null,
      max_length: 12,
    }),
    field('region', REGION_REQUIRED.has(residence), {
      label: residence === 'CA' ? 'Province' : 'State or region',
      example: residence === 'US' ? 'NY' : null,
      max_length: 35,
    }),
    field('contact_email', false, {
      label: 'Contact email',
      rule: 'email',
      example: 'ar@example.com',
      max_length: 254,
    }),
    field('bank_name', true, { label: 'Bank name', example: 'Commerzbank AG', max_length: 70 }),
  ];
}

const swift = (required: boolean, example: string | null) =>
  field('swift_bic', required, { label: 'SWIFT/BIC', rule: 'bic', example, max_length: 11 });

/** The bank fields of one corridor and the routing code type they use. */
function bankFields(
  currency: FiatCurrency,
  country: string,
): { routing: RoutingCodeType | null; fields: FieldRequirement[] } {
  if (country === 'GB') {
    return {
      routing: 'sort_code',
      fields: [
        field('iban', true, {
          label: 'IBAN',
          rule: 'iban',
          example: 'GB29NWBK60161331926819',
          max_length: 42,
        }),
        swift(true, 'NWBKGB2L'),
        field('account_number', false, {
          label: 'Account number',
          pattern: '^\\d{8}$',
          example: '31926819',
          max_length: 10,
        }),
        field('routing_code', false, {
          label: 'Sort code',
          rule: 'sort_code',
          example: '60-16-13',
          max_length: 8,
        }),
      ],
    };
  }
  if (IBAN_COUNTRIES.has(country)) {
    const length = IBAN_LENGTHS[country]!;
    return {
      routing: null,
      fields: [
        field('iban', true, {
          label: 'IBAN',
          rule: 'iban',
          example: IBAN_EXAMPLES[country] ?? null,
          max_length: length + Math.ceil(length / 4),
        }),
        // Inside SEPA a euro payment is routed by the IBAN alone; elsewhere the BIC names the bank.
        swift(!(currency === 'EUR' && SEPA_EURO.has(country)), BIC_EXAMPLES[country] ?? null),
      ],
    };
  }
  switch (country) {
    case 'US':
      return {
        routing: 'aba',
        fields: [
          field('account_number', true, {
            label: 'Account number',
            pattern: '^\\d{4,17}$',
            example: '483920175',
            max_length: 17,
          }),
          field('routing_code', true, {
            label: 'ABA routing number',
            rule: 'aba',
            example: '021000021',
            max_length: 9,
          }),
          swift(false, 'CHASUS33'),
        ],
      };
    case 'IN':
      return {
        routing: 'ifsc',
        fields: [
          field('account_number', true, {
            label: 'Account number',
            pattern: '^\\d{9,18}$',
            example: '50100234567891',
            max_length: 18,
          }),
          field('routing_code', true, {
            label: 'IFSC',
            rule: 'ifsc',
            example: 'HDFC0000240',
            max_length: 11,
          }),
          swift(false, 'HDFCINBB'),
        ],
      };
    case 'MX':
      return {
        routing: 'clabe',
        fields: [
          field('routing_code', true, {
            label: 'CLABE',
            rule: 'clabe',
            example: '032180000118359719',
            max_length: 18,
          }),
          field('account_number', false, {
            label: 'Account number',
            pattern: '^\\d{10,11}$',
            example: '00011835971',
            max_length: 11,
          }),
          swift(false, 'BCMRMXMM'),
        ],
      };
    case 'AU':
      return {
        routing: 'bsb',
        fields: [
          field('routing_code', true, { label: 'BSB', rule: 'bsb', example: '062-000', max_length: 7 }),
          field('account_number', true, {
            label: 'Account number',
            pattern: '^\\d{6,10}$',
            example: '12345678',
            max_length: 10,
          }),
          swift(false, 'CTBAAU2S'),
        ],
      };
    case 'CA':
      return {
        routing: 'transit',
        fields: [
          field('routing_code', true, {
            label: 'Transit and institution number',
            rule: 'ca_routing',
            example: '00011-003',
            max_length: 9,
          }),
          field('account_number', true, {
            label: 'Account number',
            pattern: '^\\d{7,12}$',
            example: '1234567',
            max_length: 12,
          }),
          swift(false, 'ROYCCAT2'),
        ],
      };
    default:
      return {
        routing: 'other',
        fields: [
          field('account_number', true, {
            label: 'Account number',
            pattern: '^[A-Z0-9]{4,34}$',
            example: '744612345678',
            max_length: 34,
          }),
          swift(true, BIC_EXAMPLES[country] ?? null),
          field('routing_code', false, {
            label: 'Local bank or branch code',
            pattern: '^[A-Z0-9]{3,15}$',
            example: country === 'JP' ? '0001110' : null,
            max_length: 15,
          }),
        ],
      };
  }
}

/**
 * The SWIFT IBAN registry's example for every IBAN country we pay into (checksums and national layout valid, no real
 * account), so each corridor shows an integrator a value its own rule accepts.
 */
const IBAN_EXAMPLES: Readonly<Record<string, string>> = {
  DE: 'DE89370400440532013000',
  FR: 'FR1420041010050500013M02606',
  NL: 'NL91ABNA0417164300',
  ES: 'ES9121000418450200051332',
  IT: 'IT60X0542811101000000123456',
  AT: 'AT611904300234573201',
  BE: 'BE68539007547034',
  CH: 'CH9300762011623852957',
  AE: 'AE070331234567890123456',
  PL: 'PL61109010140000071219812874',
  BG: 'BG80BNBG96611020345678',
  CY: 'CY17002001280000001200527600',
  CZ: 'CZ6508000000192000145399',
  DK: 'DK5000400440116243',
  EE: 'EE382200221020145685',
  FI: 'FI2112345600000785',
  GB: 'GB29NWBK60161331926819',
  GR: 'GR1601101250000000012300695',
  HR: 'HR1210010051863000160',
  HU: 'HU42117730161111101800000000',
  IE: 'IE29AIBK93115212345678',
  IS: 'IS140159260076545510730339',
  LI: 'LI21088100002324013AA',
  LT: 'LT121000011101001000',
  LU: 'LU280019400644750000',
  LV: 'LV80BANK0000435195001',
  MC: 'MC5811222000010123456789030',
  MT: 'MT84MALT011000012345MTLCAST001S',
  NO: 'NO9386011117947',
  PT: 'PT50000201231234567890154',
  RO: 'RO49AAAA1B31007593840000',
  SE: 'SE4550000000058398257466',
  SI: 'SI56263300012039086',
  SK: 'SK3112000000198742637541',
  SM: 'SM86U0322509800000000270100',
  TR: 'TR330006100519786457841326',
};
const BIC_EXAMPLES: Readonly<Record<string, string>> = {
  DE: 'COBADEFFXXX',
  FR: 'BNPAFRPP',
  NL: 'INGBNL2A',
  AT: 'GIBAATWWXXX',
  CH: 'UBSWCHZH80A',
  AE: 'EBILAEAD',
  JP: 'MHCBJPJT',
  CN: 'BKCHCNBJ',
  HK: 'HSBCHKHH',
  SG: 'DBSSSGSG',
};

/**
 * What a beneficiary paid in `currency` into an account held in `country` needs, or null for an unsupported corridor.
 * The address rules (postcode format, whether a region is needed) follow the beneficiary's country of residence,
 * which is the bank's country unless given.
 */
export function beneficiaryRequirements(
  currency: string,
  country: string,
  residenceCountry?: string,
): CorridorRequirements | null {
  const upperCurrency = currency.toUpperCase();
  const upperCountry = country.toUpperCase();
  const allowed = currenciesFor(upperCountry);
  const match = allowed.find((c) => c === upperCurrency);
  if (!match) return null;
  const bank = bankFields(match, upperCountry);
  return {
    currency: match,
    country: upperCountry,
    routing_code_type: bank.routing,
    fields: [...partyFields(residenceCountry?.toUpperCase() || upperCountry), ...bank.fields],
  };
}

/** Why a corridor is unsupported, for the refusal (`unsupported_corridor`) and the form. */
export function unsupportedCorridorMessage(currency: string, country: string): string {
  const currencies = currenciesFor(country.toUpperCase());
  if (currencies.length === 0) return `Payouts to bank accounts in ${country} are not supported`;
  return `${currency} cannot be paid into accounts in ${country} (supported: ${currencies.join(', ')})`;
}
