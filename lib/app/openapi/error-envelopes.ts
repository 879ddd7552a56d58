// Owns the zod description of the two error envelopes for the OpenAPI document (lib/platform/http/render-error.ts renders them).
import { z } from 'zod';
import { TOKEN_REFUSAL_REASONS } from '@/lib/identity/contract/api-keys-enums';
import { ERROR_KINDS } from '@/lib/platform/errors/api-error';
import { ERROR_CODES } from '@/lib/platform/errors/codes';
import { fieldErrorCodeCatalogue } from '@/lib/platform/errors/field-codes';
import { ERROR_HTTP } from '@/lib/platform/http/error-status';

const distinct = <T>(values: T[]): T[] => [...new Set(values)];
const liquidityTypes = distinct(Object.values(ERROR_HTTP).map((row) => row.type));
const liquidityCodes = distinct(Object.values(ERROR_KINDS).map((row) => row.code));
const FIELD_CODE_CATALOGUE = fieldErrorCodeCatalogue(ERROR_CODES);

export const fieldErrorSchema = z
  .object({
    field: z.string().meta({
      description:
        'Path of the failing field (`orders.2.beneficiary_amount`), or the header name (`Idempotency-Key`)',
      example: 'amount',
    }),
    code: z.string().meta({
      description:
        'Machine-readable reason for this field: one of the listed codes (`x-enumDescriptions` says what each means; the reference lists them at `/docs/api#field-error-codes`). A field-level code (`required`, `unknown_field`, `amount_outside_corridor`, …), or the error’s own catalogued `code` when a business rule names the field. Branch on it, never on `message`; new codes may appear within v2.',
      example: 'required',
      enum: FIELD_CODE_CATALOGUE.map(([code]) => code),
      'x-enumDescriptions': Object.fromEntries(FIELD_CODE_CATALOGUE),
    }),
    message: z.string().meta({
      description: 'Human-readable, starting with the field path',
      example: 'amount: is required',
    }),
  })
  .meta({
    id: 'FieldError',
    description: 'One field-level problem, so a client can show it beside the field or row it concerns.',
  });

/** Sandbox only: why a token was refused (DESIGN "Why a token was refused"). */
const refusalReasonSchema = z.enum(TOKEN_REFUSAL_REASONS).optional().meta({
  description:
    'Sandbox only, on `invalid_token`: which check refused the credentials (see /docs/signing#refusal-reasons). Production never sends it. Added in 2.4.0.',
  example: 'uri_mismatch',
});

const comparedUriSchema = z.string().optional().meta({
  description:
    'Sandbox only, with `reason: uri_mismatch`: the request target exactly as the server received it, which the token’s `uri` claim had to equal byte for byte.',
  example: '/api/v2/orders?created_from=2026-11-01T00:00:00Z',
});

export const payoutsErrorSchema = z
  .object({
    statusCode: z.number().int().meta({ description: 'The HTTP status, repeated', example: 401 }),
    code: z
      .string()
      .optional()
      .meta({
        description: `Machine-readable reason, the same code the liquidity envelope carries: ${liquidityCodes.map((c) => `\`${c}\``).join(', ')}, plus business-rule codes on 400 (e.g. \`insufficient_balance\`). Branch on it, never on \`message\`. Added in 2.1.0: present on every error except replays of refusals stored before then.`,
        example: 'invalid_token',
      }),
    message: z.union([z.string(), z.array(z.string())]).meta({
      description:
        'A short phrase; for 422 an array with one message per failing field, each starting with the field path. Do not parse it: branch on the status, `code` and `errors[].code`.',
      example: 'Invalid or missing credentials',
    }),
    errors: z.array(fieldErrorSchema).optional().meta({
      description:
        'When the error concerns specific fields. On 422: one entry per failing field (its first problem), in the order of `message`. On 400: one entry per broken business rule, naming its field (a field may break two, e.g. a currency that is not the beneficiary’s and not supported).',
    }),
    reason: refusalReasonSchema,
    compared_uri: comparedUriSchema,
  })
  .meta({
    id: 'PayoutsError',
    description:
      'The payouts envelope: every `/api/v2` path outside `/api/v2/liquidity/` (and the sunset `/api/v1`) answers errors in it.',
  });

export const liquidityErrorSchema = z
  .object({
    error: z
      .object({
        type: z.string().meta({
          description: `Error class; known values: ${liquidityTypes.map((t) => `\`${t}\``).join(', ')}. Treat as open.`,
          examples: liquidityTypes,
        }),
        code: z.string().meta({
          description: `Specific reason; known values: ${liquidityCodes.map((c) => `\`${c}\``).join(', ')}, plus business-rule codes on 400. New codes may appear within v2.`,
          examples: liquidityCodes,
        }),
        message: z.string().meta({ description: 'Human-readable; do not parse it' }),
        param: z.string().optional().meta({
          description: 'The request field the error is about, when there is one',
          example: 'amount',
        }),
        errors: z.array(fieldErrorSchema).optional().meta({
          description: 'On 422: one entry per failing field (`param` names the first)',
        }),
        reason: refusalReasonSchema,
        compared_uri: comparedUriSchema,
      })
      .meta({ description: 'Branch on `type`, `code` and `param`, never on `message`' }),
  })
  .meta({
    id: 'LiquidityError',
    description: 'The liquidity envelope: every path under `/api/v2/liquidity/` answers errors in it.',
  });

export const ERROR_ENVELOPE_SCHEMAS = {
  payouts: payoutsErrorSchema,
  liquidity: liquidityErrorSchema,
} as const;

/** Component names of the envelopes, for `$ref`s built by hand. */
export const ERROR_ENVELOPE_IDS = { payouts: 'PayoutsError', liquidity: 'LiquidityError' } as const;
