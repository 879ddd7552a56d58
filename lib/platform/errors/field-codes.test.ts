// Every code the server can put in `errors[].code` is catalogued, and the OpenAPI document lists exactly the catalogue.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument } from '@/lib/app/openapi/document';
import {
  documentedFieldErrorCodes,
  uncataloguedFieldErrorCode,
} from '@/lib/app/openapi/documented-responses';
import { BANK_RULES } from '@/lib/profiles/contract/bank-details';
import { validateBeneficiary } from '@/lib/profiles/contract/validate-beneficiary';
import { validateSender } from '@/lib/profiles/contract/validate-sender';
import type { FieldError } from './api-error';
import { ERROR_CODES } from './codes';
import { FIELD_ERROR_CODES, type FieldErrorCode, fieldErrorCodeCatalogue } from './field-codes';
import { fieldErrorsFromZod, PARSE_OPTIONS } from './field-errors';

const catalogued = new Set(fieldErrorCodeCatalogue(ERROR_CODES).map(([code]) => code));

function codesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input, PARSE_OPTIONS);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to fail`);
  return fieldErrorsFromZod(result.error).map((error) => error.code);
}

describe('the errors[].code catalogue', () => {
  it('types every field error by it, so an uncatalogued code does not compile', () => {
    expectTypeOf<FieldError['code']>().toEqualTypeOf<FieldErrorCode>();
  });

  it('covers each kind of zod issue a request schema raises', () => {
    const cases: [z.ZodType, unknown][] = [
      [z.object({ a: z.string() }), {}],
      [z.object({ a: z.string() }).strict(), { a: 'x', b: 1 }],
      [z.object({ a: z.string() }), { a: 1 }],
      [z.enum(['x', 'y']), 'z'],
      [z.literal('x'), 'y'],
      [z.uuid(), 'not-a-uuid'],
      [z.string().regex(/^\d+$/), 'abc'],
      [z.union([z.number(), z.boolean()]), 'x'],
      [z.record(z.enum(['a']), z.string()), { b: 'x' }],
      [z.map(z.string(), z.number()), new Map([['a', 'x']])],
      [z.string().max(1), 'long'],
      [z.array(z.string()).min(1), []],
      [z.number().multipleOf(5), 7],
      [z.string().refine(() => false, 'no'), 'x'],
      [
        z
          .string()
          .superRefine((_value, ctx) =>
            ctx.addIssue({ code: 'custom', message: 'no', params: { code: 'made_up' } }),
          ),
        'x',
      ],
    ];
    for (const [schema, input] of cases) {
      for (const code of codesOf(schema, input))
        expect(catalogued, `${code} for ${String(input)}`).toContain(code);
    }
  });

  it('keeps a service rule’s code through its schema, and never an uncatalogued one', () => {
    const refined = z.string().superRefine((_value, ctx) => {
      ctx.addIssue({ code: 'custom', message: 'must be 18', params: { code: 'too_young' } });
      ctx.addIssue({ code: 'custom', message: 'not paid there', params: { code: 'unsupported_corridor' } });
      ctx.addIssue({ code: 'custom', message: 'odd', params: { code: 'made_up' } });
    });
    expect(codesOf(refined, 'x')).toEqual(['too_young', 'unsupported_corridor', 'custom']);
  });

  it('covers each bank-detail rule (a failing detail carries its rule’s name)', () => {
    for (const rule of Object.keys(BANK_RULES)) expect(catalogued, rule).toContain(rule);
  });

  it('covers what the profile rules answer for a thoroughly wrong profile', () => {
    const sender = validateSender({
      type: 'individual',
      legal_name: '<script>',
      registration_number: 'X',
      date_of_birth: '2020-02-31',
      id_document_type: 'library card',
      country: 'ZZ',
      contact_email: 'nobody',
      contact_phone: '0207',
    });
    const beneficiary = validateBeneficiary({
      type: 'company',
      country: 'DE',
      currency: 'XXX',
      iban: 'GB00 0000',
      bank_country: 'FR',
    });
    const codes = [...sender.issues, ...beneficiary.issues].map((issue) => issue.code);
    expect(codes.length).toBeGreaterThan(5);
    for (const code of codes) expect(catalogued, code).toContain(code);
  });

  it('is what the OpenAPI document lists under FieldError.code, each with its meaning', () => {
    const document = buildOpenApiDocument();
    expect(documentedFieldErrorCodes(document)).toEqual(catalogued);
    const schemas = document.components?.schemas ?? {};
    const fieldError = schemas.FieldError as { properties: Record<string, Record<string, unknown>> };
    const code = fieldError.properties.code!;
    const meanings = code['x-enumDescriptions'] as Record<string, string>;
    for (const name of Object.keys(FIELD_ERROR_CODES)) expect(meanings[name], name).toBeTruthy();
    expect(meanings.amount_outside_corridor).toContain('corridor');
  });

  it('names an uncatalogued code in an answer of either envelope', () => {
    const codes = documentedFieldErrorCodes(buildOpenApiDocument());
    const entry = (code: string) => ({ field: 'x', code, message: 'x: no' });
    expect(uncataloguedFieldErrorCode(codes, { errors: [entry('required')] })).toBeNull();
    expect(uncataloguedFieldErrorCode(codes, { errors: [entry('made_up')] })).toContain('`made_up`');
    expect(uncataloguedFieldErrorCode(codes, { error: { errors: [entry('made_up')] } })).toContain(
      '`made_up`',
    );
  });
});
