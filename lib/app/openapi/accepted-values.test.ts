// The document declares exactly what the server accepts and what it returns: a sender's contact phone (blank, or
// spaced, is accepted and normalised) and a webhook subscription's event types (only `*` or a public type).
import { describe, expect, it } from 'vitest';
import { assertSubscribable, subscribableEventTypes } from '@/lib/platform/webhook-delivery/event-types';
import { SAMPLE_COMPANY_SENDER } from '@/lib/profiles/contract/samples';
import { validateSender } from '@/lib/profiles/contract/validate-sender';
import { buildOpenApiDocument } from './document';

type Json = Record<string, unknown>;
const document = JSON.parse(JSON.stringify(buildOpenApiDocument())) as Json;
const schemas = (document.components as Json).schemas as Record<string, Json>;

function resolved(schema: Json): Json {
  const ref = schema.$ref;
  return typeof ref === 'string' ? resolved(schemas[ref.replace('#/components/schemas/', '')]!) : schema;
}
const property = (schema: string, name: string) =>
  (schemas[schema]!.properties as Record<string, Json>)[name]!;

const company = SAMPLE_COMPANY_SENDER;

/** What the server does with a contact phone: refuses it, or stores this value (null: none). */
function serverTakes(phone: string): { accepted: boolean; stored: string | null } {
  const { issues, values } = validateSender({ ...company, contact_phone: phone });
  return { accepted: issues.length === 0, stored: values.contact_phone ?? null };
}

const PHONES = [
  '',
  '   ',
  '+442071234567',
  '+44 20 7123 4567',
  '+1 (555) 010-0000',
  ' +44-20-7123-4567 ',
  '+1234567',
  '+123456789012345',
  '0207',
  '+0442071234567',
  '+1234567890123456',
  '+44.20.7123.4567',
  '()-',
  'tel:+442071234567',
  '+44 20 7123 456x',
];

describe('a sender’s contact_phone', () => {
  for (const schema of ['CreateSenderRequest', 'UpdateSenderRequest']) {
    it(`${schema} documents exactly what the server accepts`, () => {
      const declared = property(schema, 'contact_phone');
      const pattern = new RegExp(declared.pattern as string, 'u');
      for (const phone of PHONES) {
        expect(pattern.test(phone), JSON.stringify(phone)).toBe(serverTakes(phone).accepted);
      }
      // The two forms the old pattern refused and the server always took.
      expect(pattern.test('')).toBe(true);
      expect(pattern.test('+44 20 7123 4567')).toBe(true);
      expect(declared.description).toContain('stored as `+442071234567`');
    });
  }

  it('documents what is stored and returned: `+` and digits, or null', () => {
    const returned = property('Sender', 'contact_phone');
    const pattern = new RegExp(returned.pattern as string, 'u');
    for (const phone of PHONES.filter((value) => serverTakes(value).accepted)) {
      const { stored } = serverTakes(phone);
      if (stored !== null) expect(pattern.test(stored), JSON.stringify(phone)).toBe(true);
    }
    expect(serverTakes('').stored).toBeNull();
    expect(serverTakes('+44 20 7123 4567').stored).toBe('+442071234567');
    expect(returned.type).toEqual(['string', 'null']);
  });
});

describe('webhook event types', () => {
  const subscribable = ['*', ...subscribableEventTypes()];

  for (const schema of ['CreateWebhookEndpointRequest', 'UpdateWebhookEndpointRequest', 'WebhookEndpoint']) {
    it(`${schema}.event_types lists \`*\` and every type a subscription may name`, () => {
      const items = resolved(property(schema, 'event_types').items as Json);
      expect(items.enum).toEqual(subscribable);
    });
  }

  it('the server accepts every listed value and refuses any other', () => {
    expect(() => assertSubscribable(subscribable.filter((type) => type !== '*'))).not.toThrow();
    expect(() => assertSubscribable(['*'])).not.toThrow();
    for (const unlisted of ['order.nope', 'webhook_endpoint.test', 'quote.snapshot', '']) {
      expect(subscribable).not.toContain(unlisted);
      expect(() => assertSubscribable([unlisted]), unlisted).toThrow();
    }
  });

  it('an event’s `type` is one of the public types', () => {
    const type = resolved(property('Event', 'type'));
    expect(type.enum).toEqual(expect.arrayContaining(subscribableEventTypes() as string[]));
    expect(type.enum).not.toContain('*');
  });
});
