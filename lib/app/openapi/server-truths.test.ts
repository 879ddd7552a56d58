// What the document says the server does, held to what it does (issue #38 §7): a read is never refused for its body,
// a new API key's role, the sandbox's explained 401, and which timestamps keep real time.
import { describe, expect, it } from 'vitest';
import { allOperations } from '@/lib/app/operations';
import { DEFAULT_API_KEY_ROLE } from '@/lib/identity/contract/api-keys-enums';
import { buildOpenApiDocument } from './document';
import { operationErrors } from './operation-errors';

type Json = Record<string, unknown>;
const document = JSON.parse(JSON.stringify(buildOpenApiDocument())) as Json;
const schemas = (document.components as Json).schemas as Record<string, Json>;

describe('the document tells what the server does', () => {
  it('lists no bad-JSON refusal for a read, whose body never reaches the server', () => {
    const reads = allOperations.filter((operation) => operation.method === 'GET');
    expect(reads.length).toBeGreaterThan(50);
    for (const operation of reads) {
      const codes = operationErrors(operation).flatMap((error) => error.codes);
      expect(codes, operation.id).not.toContain('invalid_json');
    }
    const writes = allOperations.filter((operation) => operation.method === 'POST' && !operation.files);
    for (const operation of writes) {
      expect(
        operationErrors(operation).flatMap((error) => error.codes),
        operation.id,
      ).toContain('invalid_json');
    }
  });

  it('never says a new API key is an approver: it is a member unless created as one', () => {
    expect(DEFAULT_API_KEY_ROLE).toBe('member');
    const text = JSON.stringify(document.paths);
    expect(text).not.toMatch(/approver, the default/);
    const webhooks = allOperations.filter((operation) => operation.tags.includes('Webhooks'));
    for (const operation of webhooks.filter((candidate) => candidate.role === 'approver')) {
      expect(operation.description, operation.id).toContain('a new key is member unless created as approver');
    }
  });

  it('says the sandbox explains a refused token, and shows it', () => {
    const info = (document.info as Json).description as string;
    expect(info).not.toContain('Any failure is the same 401');
    expect(info).toContain('the sandbox adds `reason`');
    const unauthorized = ((document.components as Json).responses as Record<string, Json>).Payouts401!;
    expect(unauthorized.description).toContain('the sandbox adds `reason`');
    const examples = ((unauthorized.content as Json)['application/json'] as Json).examples as Json;
    expect((examples.unauthorized_sandbox as Json).value).toMatchObject({ reason: 'body_hash_mismatch' });
  });

  it('says webhook endpoints and deliveries keep real time while events follow the sandbox clock', () => {
    expect(schemas.WebhookDelivery!.description).toContain('real time');
    expect(schemas.WebhookEndpoint!.description).toContain('real time');
    expect((document.info as Json).description).toContain('webhook endpoints and their deliveries');
  });
});
