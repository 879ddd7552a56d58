// @vitest-environment happy-dom
// The API reference's pages stay light (issue #38 §7: /docs/api was one 4 MB page): the index lists tags, operations and
// event types and links to the pages that carry them; a tag's page carries only its operations; the webhook events
// have a page of their own, each resource's payload once.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import ApiTagPage from '@/app/docs/api/[tag]/page';
import ApiReferencePage from '@/app/docs/api/page';
import WebhookEventsPage from '@/app/docs/api/webhook-events/page';
import { buildOpenApiDocument } from '@/lib/app/openapi/document';
import { referenceData } from './reference-data';
import { operationHref, tagSlug, webhookEventHref } from './reference-paths';
import { webhookEventGroups } from './webhook-events';

const KIB = 1024;
const { document, groups } = referenceData(buildOpenApiDocument());
const index = renderToStaticMarkup(<ApiReferencePage />);

async function tagPage(tag: string): Promise<string> {
  return renderToStaticMarkup(await ApiTagPage({ params: Promise.resolve({ tag: tagSlug(tag) }) }));
}

describe('the API reference pages', () => {
  it('the index is light and links to every operation and event type where it is described', () => {
    // Measured: 1,865 KiB of markup before the events moved out, 129 KiB after.
    expect(index.length).toBeLessThan(300 * KIB);
    for (const { tag, operations } of groups) {
      for (const { operation } of operations) {
        expect(index).toContain(`href="${operationHref(tag, operation.operationId ?? '')}"`);
      }
    }
    for (const { events } of webhookEventGroups(document)) {
      for (const { type } of events) expect(index).toContain(`href="${webhookEventHref(type)}"`);
    }
    // The payload tables are on the events page, not here.
    expect(index).not.toContain('Payload of');
  });

  it('a tag’s page carries its own operations and no other', async () => {
    const payouts = await tagPage('Payouts');
    expect(payouts).toContain('id="confirmBatch"');
    expect(payouts).not.toContain('id="createSender"');
    for (const { tag } of groups) expect((await tagPage(tag)).length, tag).toBeLessThan(600 * KIB);
  });

  it('the webhook events page shows each event, each resource’s payload once', () => {
    const page = renderToStaticMarkup(<WebhookEventsPage />);
    // Measured: 455 KiB (the same events took 1,741 KiB on the old index, a table per event).
    expect(page.length).toBeLessThan(700 * KIB);
    const groupsOfEvents = webhookEventGroups(document);
    for (const { events } of groupsOfEvents)
      for (const { type } of events) expect(page).toContain(`id="event-${type}"`);
    expect(page.match(/<table/g)?.length).toBe(groupsOfEvents.length);
    expect(page).toContain('transaction_hash');
  });
});
