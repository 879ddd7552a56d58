// The requirements table against the validator: every field the requirements mark required is enforced, optional
// fields may be left out, fields they do not name are refused, and every published example passes its own rule.
import { describe, expect, it } from 'vitest';
import { IBAN_LENGTHS, iban } from './bank-details';
import {
  BENEFICIARY_FIELDS,
  beneficiaryRequirements,
  type CorridorRequirements,
  currenciesFor,
  type FieldRequirement,
  SUPPORTED_BANK_COUNTRIES,
} from './requirements';
import { SAMPLE_GERMAN_COMPANY } from './samples';
import { fieldProblem, validateBeneficiary } from './validate-beneficiary';

const corridors: CorridorRequirements[] = SUPPORTED_BANK_COUNTRIES.flatMap((country) =>
  currenciesFor(country).map((currency) => beneficiaryRequirements(currency, country)!),
);

/** A value that passes `requirement` in this corridor: its example when it has one, else one made to fit. */
function validValue(requirement: FieldRequirement, corridor: CorridorRequirements): string {
  if (requirement.example) return requirement.example;
  switch (requirement.name) {
    case 'iban':
      return iban(corridor.country, '1'.repeat(IBAN_LENGTHS[corridor.country]! - 4));
    case 'swift_bic':
      return `BANK${corridor.country}2L`;
    case 'region':
      return 'Central';
    case 'postal_code':
      return '12345';
    case 'address_line2':
      return 'Floor 3';
    case 'routing_code':
      return '12345';
    default:
      throw new Error(`no valid value for ${requirement.name} in ${corridor.currency}/${corridor.country}`);
  }
}

function validBody(corridor: CorridorRequirements): Record<string, string> {
  const body: Record<string, string> = { currency: corridor.currency, bank_country: corridor.country };
  for (const requirement of corridor.fields) body[requirement.name] = validValue(requirement, corridor);
  return body;
}

describe('beneficiary requirements', () => {
  it('cover many corridors, each with the bank fields its country uses', () => {
    expect(corridors.length).toBeGreaterThan(60);
    const names = (currency: string, country: string) =>
      beneficiaryRequirements(currency, country)!
        .fields.filter((f) => ['iban', 'swift_bic', 'account_number', 'routing_code'].includes(f.name))
        .map((f) => `${f.name}${f.required ? '*' : ''}`);
    expect(names('EUR', 'DE')).toEqual(['iban*', 'swift_bic']);
    expect(names('USD', 'DE')).toEqual(['iban*', 'swift_bic*']);
    expect(names('GBP', 'GB')).toEqual(['iban*', 'swift_bic*', 'account_number', 'routing_code']);
    expect(names('USD', 'US')).toEqual(['account_number*', 'routing_code*', 'swift_bic']);
    expect(names('INR', 'IN')).toEqual(['account_number*', 'routing_code*', 'swift_bic']);
    expect(names('MXN', 'MX')).toEqual(['routing_code*', 'account_number', 'swift_bic']);
    expect(names('AUD', 'AU')).toEqual(['routing_code*', 'account_number*', 'swift_bic']);
    expect(names('CAD', 'CA')).toEqual(['routing_code*', 'account_number*', 'swift_bic']);
    expect(names('JPY', 'JP')).toEqual(['account_number*', 'swift_bic*', 'routing_code']);
    expect(beneficiaryRequirements('USD', 'US')!.routing_code_type).toBe('aba');
    expect(beneficiaryRequirements('INR', 'DE')).toBeNull();
    expect(beneficiaryRequirements('USD', 'KP')).toBeNull();
  });

  it('every published example passes its own field rule', () => {
    for (const corridor of corridors) {
      for (const requirement of corridor.fields) {
        if (!requirement.example) continue;
        expect([corridor.currency, corridor.country, fieldProblem(requirement, requirement.example)]).toEqual(
          [corridor.currency, corridor.country, null],
        );
      }
    }
  });

  it('a body with every named field is valid in every corridor', () => {
    for (const corridor of corridors) {
      const result = validateBeneficiary(validBody(corridor));
      expect([corridor.currency, corridor.country, result.issues]).toEqual([
        corridor.currency,
        corridor.country,
        [],
      ]);
    }
  });

  it('enforces exactly the required fields the requirements name, and nothing else', () => {
    for (const corridor of corridors) {
      for (const requirement of corridor.fields) {
        const body = validBody(corridor);
        delete body[requirement.name];
        const issues = validateBeneficiary(body).issues.map((i) => `${i.field}:${i.code}`);
        const expected = requirement.required ? [`${requirement.name}:required`] : [];
        expect([corridor.currency, corridor.country, requirement.name, issues]).toEqual([
          corridor.currency,
          corridor.country,
          requirement.name,
          expected,
        ]);
      }
    }
  });

  it('refuses fields the corridor does not use', () => {
    for (const corridor of corridors) {
      const named = new Set(corridor.fields.map((f) => f.name));
      for (const name of BENEFICIARY_FIELDS.filter((f) => !named.has(f))) {
        const body = { ...validBody(corridor), [name]: '12345678' };
        expect(validateBeneficiary(body).issues.map((i) => `${i.field}:${i.code}`)).toEqual([
          `${name}:not_used`,
        ]);
      }
    }
  });
});

describe('validateBeneficiary', () => {
  const germanCompany = { ...SAMPLE_GERMAN_COMPANY, bank_name: 'Commerzbank AG', currency: 'EUR' };

  it('normalises bank identifiers for storage', () => {
    const result = validateBeneficiary({
      ...germanCompany,
      iban: 'de89 3704 0044 0532 0130 00',
      swift_bic: 'cobadeffxxx',
    });
    expect(result.issues).toEqual([]);
    expect(result.values).toMatchObject({
      iban: 'DE89370400440532013000',
      swift_bic: 'COBADEFFXXX',
      bank_country: 'DE',
    });
  });

  it('reports every problem at once', () => {
    const result = validateBeneficiary({
      ...germanCompany,
      name: '',
      postal_code: 'x',
      iban: 'DE89370400440532013001',
      swift_bic: 'BNPAFRPP',
    });
    expect(result.issues.map((i) => `${i.field}: ${i.message}`)).toEqual([
      'name: is required',
      'postal_code: is not a valid postal code (e.g. 10117)',
      'iban: has a wrong check digit (mistyped?)',
      'swift_bic: is a bank in FR, but the account is in DE',
    ]);
  });

  it('checks the IBAN against the bank country', () => {
    const result = validateBeneficiary({ ...germanCompany, iban: 'NL91ABNA0417164300' });
    expect(result.issues).toEqual([
      { field: 'iban', code: 'country_mismatch', message: 'is an account in NL, not in DE' },
    ]);
  });

  it('checks a UK sort code and account number against the IBAN', () => {
    const result = validateBeneficiary({
      ...germanCompany,
      country: 'GB',
      postal_code: 'E14 5JJ',
      currency: 'GBP',
      iban: 'GB29NWBK60161331926819',
      swift_bic: 'NWBKGB2L',
      routing_code: '60-16-14',
      account_number: '31926819',
    });
    expect(result.issues.map((i) => i.field)).toEqual(['routing_code']);
  });

  it('says when a corridor is not supported', () => {
    const result = validateBeneficiary({ ...germanCompany, currency: 'INR' });
    expect(result.unsupportedCorridor).toBe(
      'INR cannot be paid into accounts in DE (supported: EUR, GBP, USD)',
    );
    expect(validateBeneficiary({ ...germanCompany, currency: 'XXX' }).issues[0]?.field).toBe('currency');
  });
});
