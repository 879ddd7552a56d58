// A property-based walk over every operation of the OpenAPI document, through the real routes, signed like a client:
// inputs generated from the declared schemas (valid and broken), asserting no 5xx, only documented statuses and
// codes (test/api.ts refuses any other), bodies matching the documented schema, and broken input refused.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { db } from '@/db/client';
import { organizationMargins } from '@/db/schema/pricing';
import { buildOpenApiDocument } from '@/lib/app/openapi/document';
import { allOperations } from '@/lib/app/operations';
import { bodyKindOf, type Operation } from '@/lib/platform/operations/operation';
import { apiClient } from '../api';
import { useTestDatabase } from '../db';
import { createTestOrganization, fund } from '../fixtures';
import { SchemaArbitraries } from '../openapi-arbitraries';
import { ensurePricing, readyBeneficiary } from '../payouts-fixtures';
import { createReadySender } from '../profile-fixtures';

await useTestDatabase();

type Json = Record<string, unknown>;
const document = JSON.parse(JSON.stringify(buildOpenApiDocument())) as Json;
const arbitraries = new SchemaArbitraries(document);

/**
 * Passes over every operation (one valid and one broken input each per pass), fixed seeds so a failure replays
 * exactly. The first pass always runs whole (every operation is walked); later ones only while the time budget
 * lasts, so the walk stays within its 90 s on a busy machine.
 */
const PASSES = Number(process.env.OPENAPI_WALK_RUNS ?? 3);
const BUDGET_MS = Number(process.env.OPENAPI_WALK_BUDGET_MS ?? 60_000);
const SEED = 20261126;

const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
addFormats(ajv);
ajv.addFormat('binary', true);
ajv.addSchema(document, 'openapi');

const pointer = (...parts: string[]) =>
  parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

function operationObject(operation: Operation): Json {
  return ((document.paths as Json)[operation.path] as Json)[operation.method.toLowerCase()] as Json;
}

/** The documented JSON schema of an answer, as a `$ref` into the document (responses may be references). */
function responseSchemaRef(operation: Operation, status: number): Json | undefined {
  const responses = operationObject(operation).responses as Json;
  let response = responses[String(status)] as Json | undefined;
  let base = `#/${pointer('paths', operation.path, operation.method.toLowerCase(), 'responses', String(status))}`;
  if (typeof response?.$ref === 'string') {
    base = response.$ref;
    response = ((document.components as Json).responses as Json)[response.$ref.split('/').pop()!] as Json;
  }
  if (!(response?.content as Json | undefined)?.['application/json']) return undefined;
  return { $ref: `openapi${base}/content/${pointer('application/json')}/schema` };
}

function expectMatchesSchema(operation: Operation, status: number, body: unknown, request: string): void {
  const schema = responseSchemaRef(operation, status);
  if (!schema) return;
  const valid = ajv.validate(schema, body);
  expect(
    valid,
    `${request} → ${status}: ${ajv.errorsText(ajv.errors)}\n${JSON.stringify(body).slice(0, 500)}`,
  ).toBe(true);
}

interface Sample {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

function queryString(query: Record<string, unknown>): string {
  const parts = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(
      ([name, value]) =>
        `${name}=${encodeURIComponent(Array.isArray(value) ? value.join(',') : String(value))}`,
    );
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

describe('a property-based walk over every operation of the document', () => {
  it(
    'answers every generated request with a documented status, code and body, never a 5xx',
    async () => {
      await ensurePricing();
      const org = await createTestOrganization({
        role: 'approver',
        rateLimitPerMinute: 100_000,
        entitlements: ['payouts', 'liquidity_management', 'liquidity_utilization'],
      });
      await db().insert(organizationMargins).values({ orgId: org.orgId, currency: null, marginBps: '45' });
      await fund(org.orgId, '100000');
      const client = apiClient(org.credentials);
      const senderId = await createReadySender(org.orgId);
      const beneficiaryId = await readyBeneficiary(org.orgId, senderId, 'EUR');
      const batch = await client.request<{ batch: { id: string }; orders: { id: string }[] }>(
        'POST',
        '/api/v2/payouts',
        {
          body: {
            orders: [
              {
                sender_profile_id: senderId,
                beneficiary_profile_id: beneficiaryId,
                beneficiary_amount: '100.00',
                beneficiary_currency: 'EUR',
                fee_type: 'OUR',
                purpose_code: 'GDSP',
              },
            ],
          },
        },
      );
      // Real ids where the walk has them (so operations get past 404), a fresh UUID otherwise.
      const known: Record<string, string[]> = {
        senderId: [senderId],
        beneficiaryId: [beneficiaryId],
        batchId: [batch.data.batch.id],
        orderId: [batch.data.orders[0]!.id],
      };

      const statuses = new Map<string, Set<number>>();
      const problems: string[] = [];
      const started = performance.now();
      for (let pass = 0; pass < PASSES; pass += 1) {
        if (pass > 0 && performance.now() - started > BUDGET_MS) break;
        for (const operation of allOperations) {
          if (pass > 0 && performance.now() - started > BUDGET_MS) break;
          const described = operationObject(operation);
          const parameters = ((described.parameters ?? []) as Json[]).filter(
            (p) => p.in === 'path' || p.in === 'query',
          );
          const paramArbitrary = (parameter: Json) =>
            parameter.in === 'path' && known[parameter.name as string]
              ? fc.oneof(fc.constantFrom(...known[parameter.name as string]!), fc.uuid({ version: 7 }))
              : arbitraries.valid((parameter.schema ?? {}) as Json);
          const media = ((described.requestBody as Json | undefined)?.content ?? {}) as Json;
          const jsonBody = (media['application/json'] as Json | undefined)?.schema as Json | undefined;

          const sample = (broken: boolean): fc.Arbitrary<Sample> =>
            fc.record({
              params: fc.record(
                Object.fromEntries(
                  parameters.filter((p) => p.in === 'path').map((p) => [p.name as string, paramArbitrary(p)]),
                ),
              ) as fc.Arbitrary<Record<string, string>>,
              query: fc.record(
                Object.fromEntries(
                  parameters
                    .filter((p) => p.in === 'query')
                    .map((p) => [p.name as string, paramArbitrary(p)]),
                ),
                {
                  requiredKeys: parameters
                    .filter((p) => p.in === 'query' && p.required)
                    .map((p) => p.name as string),
                },
              ),
              body: jsonBody
                ? broken
                  ? arbitraries.invalid(jsonBody)
                  : arbitraries.valid(jsonBody)
                : fc.constant(undefined),
            });

          const send = async (input: Sample, broken: boolean) => {
            const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => input.params[name] ?? '');
            const target = `${path}${queryString(input.query)}`;
            const request = `${operation.method} ${target} ${JSON.stringify(input.body)?.slice(0, 200) ?? ''}`;
            // test/api.ts throws when the answer's status or code is not documented for this operation.
            const response = await client.send(operation.method, target, {
              body: input.body,
              idempotencyKey: operation.method === 'POST' ? crypto.randomUUID() : undefined,
            });
            expect(response.status, request).toBeLessThan(500);
            if (broken)
              expect(response.status, `${request}: broken input was accepted`).toBeGreaterThanOrEqual(400);
            const set = statuses.get(operation.id) ?? new Set<number>();
            set.add(response.status);
            statuses.set(operation.id, set);
            if (response.headers.get('content-type')?.startsWith('application/json'))
              expectMatchesSchema(operation, response.status, await response.json(), request);
          };

          // Every operation is walked even when one fails, so one run reports every gap.
          const walk = async (broken: boolean) => {
            try {
              await fc.assert(
                fc.asyncProperty(sample(broken), (input) => send(input, broken)),
                { numRuns: 1, seed: SEED + pass, endOnFailure: true },
              );
            } catch (error) {
              const cause = (error as Error & { cause?: Error }).cause ?? (error as Error);
              problems.push(
                `${operation.id}${broken ? ' (broken input)' : ''}, seed ${SEED + pass}: ${cause.message.split('\n')[0]}`,
              );
            }
          };
          await walk(false);
          // Broken bodies where the operation takes a JSON one; a multipart operation sent JSON is refused too (415).
          if (jsonBody || bodyKindOf(operation) === 'multipart') await walk(true);
        }
      }
      expect(problems).toEqual([]);
      // Every operation was reached, and the walk got past authentication and 404 for a fair share of them.
      expect(statuses.size).toBe(allOperations.length);
      const succeeded = [...statuses.values()].filter((set) =>
        [...set].some((status) => status < 300),
      ).length;
      expect(succeeded).toBeGreaterThanOrEqual(30);
    },
    Number(process.env.OPENAPI_WALK_TIMEOUT_MS ?? 90_000),
  );
});
