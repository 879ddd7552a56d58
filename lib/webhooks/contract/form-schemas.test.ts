// Unit tests of the add-endpoint form's rules: it refuses what createWebhookEndpoint refuses (in a person's words) and
// hands on what it accepts, so the form and the operation cannot drift apart.
import { describe, expect, it } from 'vitest';
import { endpoint } from './form-schemas';
import { createWebhookEndpointBody } from './schemas';

const problems = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) =>
  result.success ? [] : result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

const every = { description: '', all: true, event_types: [] };

describe('the add-endpoint form', () => {
  it('refuses a URL or description the API refuses', () => {
    const url = `https://example.com/${'p'.repeat(2048)}`;
    expect(createWebhookEndpointBody.safeParse({ url, event_types: ['*'] }).success).toBe(false);
    expect(problems(endpoint.safeParse({ ...every, url }))).toEqual(['url: At most 2048 characters']);
    expect(problems(endpoint.safeParse({ ...every, url: ' ' }))).toEqual([
      'url: Enter the URL that receives the events',
    ]);
    const description = 'd'.repeat(501);
    expect(
      createWebhookEndpointBody.safeParse({ url: 'https://example.com', event_types: ['*'], description })
        .success,
    ).toBe(false);
    expect(problems(endpoint.safeParse({ ...every, url: 'https://example.com', description }))).toEqual([
      'description: At most 500 characters',
    ]);
  });

  it('asks for all events or some', () => {
    expect(problems(endpoint.safeParse({ ...every, url: 'https://example.com', all: false }))).toEqual([
      'event_types: Choose at least one event type, or all events',
    ]);
    expect(endpoint.parse({ ...every, url: ' https://example.com ' }).url).toBe('https://example.com');
  });
});
