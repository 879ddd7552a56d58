// Tests the document's `webhooks` section: every public event type is there with its headers and payload.
import { describe, expect, it } from 'vitest';
import {
  publicEventTypes,
  subscribableEventTypes,
  TEST_EVENT_TYPE,
} from '@/lib/platform/webhook-delivery/event-types';
import { generateOpenApiDocument } from './document';

describe('OpenAPI webhooks', () => {
  const document = generateOpenApiDocument([]) as unknown as {
    webhooks: Record<
      string,
      {
        post: {
          description: string;
          requestBody: { content: Record<string, { schema: { $ref: string } }> };
          parameters: { name: string; in: string }[];
        };
      }
    >;
    components: { schemas: Record<string, { properties: Record<string, unknown> }> };
  };

  it('lists every public event type, and nothing else', () => {
    expect(Object.keys(document.webhooks).sort()).toEqual([...publicEventTypes()].sort());
  });

  it.each([...publicEventTypes()])('%s documents its signature headers and its payload', (type) => {
    const post = document.webhooks[type]!.post;
    expect(post.parameters.filter((p) => p.in === 'header').map((p) => p.name)).toEqual([
      'Payout-Signature',
      'Payout-Event-Id',
      'Payout-Event-Type',
    ]);
    const ref = post.requestBody.content['application/json']!.schema.$ref;
    const schema = document.components.schemas[ref.replace('#/components/schemas/', '')]!;
    expect(Object.keys(schema.properties)).toEqual(['id', 'type', 'created_at', 'data']);
  });

  it('says the test event is sent on demand and cannot be subscribed to, and no other entry says so', () => {
    for (const type of publicEventTypes()) {
      const { description } = document.webhooks[type]!.post;
      if (type === TEST_EVENT_TYPE) {
        expect(description).toContain('cannot be subscribed to');
        expect(subscribableEventTypes()).not.toContain(type);
      } else {
        expect(description).toContain('every enabled endpoint subscribed to this type');
      }
    }
  });
});
