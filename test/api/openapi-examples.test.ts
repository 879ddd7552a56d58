// The request examples of the document, sent as an integrator copies them, through the real routes: each profile
// example is accepted (a 422 on the document's own example is a document bug).
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@/lib/app/openapi/document';
import { composedExample } from '@/lib/app/openapi/examples';
import { apiClient } from '../api';
import { useTestDatabase } from '../db';
import { createTestOrganization } from '../fixtures';

await useTestDatabase();

type Json = Record<string, unknown>;
const document = JSON.parse(JSON.stringify(buildOpenApiDocument())) as Json;

/** The example the document shows for an operation's JSON body. */
function bodyExample(path: string, method: string): Json {
  const operation = ((document.paths as Json)[path] as Json)[method] as Json;
  const media = ((operation.requestBody as Json).content as Json)['application/json'] as Json;
  return composedExample(document, media.schema as Json) as Json;
}

describe('the profile examples of the document', () => {
  it('creates a sender and a beneficiary from the examples, and updates both with theirs', async () => {
    const org = await createTestOrganization();
    const client = apiClient(org.credentials);

    const sender = await client.send('POST', '/api/v2/senders', {
      body: bodyExample('/api/v2/senders', 'post'),
    });
    expect(sender.status, await sender.clone().text()).toBe(201);
    const senderId = ((await sender.json()) as { id: string }).id;

    const senderUpdate = await client.send('PATCH', `/api/v2/senders/${senderId}`, {
      body: bodyExample('/api/v2/senders/{senderId}', 'patch'),
    });
    expect(senderUpdate.status, await senderUpdate.clone().text()).toBe(200);

    const beneficiary = await client.send('POST', '/api/v2/beneficiaries', {
      body: { ...bodyExample('/api/v2/beneficiaries', 'post'), sender_profile_id: senderId },
    });
    expect(beneficiary.status, await beneficiary.clone().text()).toBe(201);
    const beneficiaryId = ((await beneficiary.json()) as { id: string }).id;

    const beneficiaryUpdate = await client.send('PATCH', `/api/v2/beneficiaries/${beneficiaryId}`, {
      body: bodyExample('/api/v2/beneficiaries/{beneficiaryId}', 'patch'),
    });
    expect(beneficiaryUpdate.status, await beneficiaryUpdate.clone().text()).toBe(200);

    const validation = await client.send('POST', '/api/v2/beneficiaries/validate', {
      body: bodyExample('/api/v2/beneficiaries/validate', 'post'),
    });
    expect(await validation.json()).toEqual({ valid: true, errors: [] });
  });
});
