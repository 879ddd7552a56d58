// GET /api/v2/openapi.json through the real handler: public, JSON, cacheable, the generated 3.1 document.
import { describe, expect, it } from 'vitest';
import { API_VERSION } from '@/lib/openapi/version';
import { routeFetch, TEST_BASE_URL } from '../api';
import { useTestDatabase } from '../db';

await useTestDatabase();

describe('GET /api/v2/openapi.json', () => {
  it('answers without credentials with the OpenAPI 3.1 document', async () => {
    const response = await routeFetch(`${TEST_BASE_URL}/api/v2/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.headers.get('x-request-id')).toBeTruthy();
    // Public: not counted, so no rate-limit headers.
    expect(response.headers.get('x-ratelimit-limit')).toBeNull();
    const document = (await response.json()) as {
      openapi: string;
      info: { version: string };
      servers: { url: string }[];
      paths: Record<string, unknown>;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe(API_VERSION);
    expect(document.servers[0]?.url).toBe('http://localhost:3000');
    expect(Object.keys(document.paths)).toContain('/api/v2/openapi.json');
  });

  it('ignores credentials it does not need and refuses other methods with 405', async () => {
    const withJunk = await routeFetch(`${TEST_BASE_URL}/api/v2/openapi.json`, {
      headers: { 'x-api-key': 'nonsense', authorization: 'Bearer nonsense' },
    });
    expect(withJunk.status).toBe(200);
    const post = await routeFetch(`${TEST_BASE_URL}/api/v2/openapi.json`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(await post.json()).toMatchObject({ statusCode: 405 });
  });
});
