// An admin adds a webhook endpoint, sees its secret once, sends a test event to a real receiver, and finds the
// delivery in the log; the receiver verifies the signature with that secret.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import { verifyWebhook } from '../lib/platform/client/webhooks';
import { expectTablesReadable, screenshot, signIn } from './helpers';
import { test } from './test';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

test('add an endpoint, send a test event, see it in the delivery log', async ({ page }) => {
  const received: Received[] = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks from the e2e receiver');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  try {
    await signIn(page, 'admin@acme.example', '/settings/webhooks');
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await form.getByLabel('Endpoint URL').fill(url);
    await form.getByLabel('Description (optional)').fill('e2e receiver');
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    const secret = (await secretDialog.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: 'Done' }).click();

    const card = page.getByRole('region', { name: url });
    await expect(card.getByText('Enabled')).toBeVisible();
    await card.getByRole('button', { name: 'Send test event' }).click();

    const log = page.getByRole('region', { name: 'Delivery log' });
    const row = log.getByRole('row').filter({ hasText: 'webhook_endpoint.test' });
    await expect(row.getByText('Succeeded')).toBeVisible({ timeout: 20_000 });
    await expect(row.getByText('HTTP 200')).toBeVisible();
    await row.getByText('Response body').click();
    await expect(row.getByText('thanks from the e2e receiver')).toBeVisible();

    expect(received).toHaveLength(1);
    const event = verifyWebhook(received[0]!.body, received[0]!.headers['payout-signature'], secret);
    expect(event.type).toBe('webhook_endpoint.test');

    // Every column of the log is in view on a laptop, Re-send included (it was cut off at the right edge), and on a
    // phone each delivery is a card with all of it.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectTablesReadable(page, 'delivery log at 1280 px');
    const resend = row.getByRole('button', { name: /^Re-send/ });
    const box = await resend.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(1280);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectTablesReadable(page, 'delivery log at 390 px');
    await resend.scrollIntoViewIfNeeded();
    await screenshot(page, 'delivery-log-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Re-send: the same event arrives again.
    await resend.click();
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(2);
    expect(received[1]!.headers['payout-event-id']).toBe(event.id);
  } finally {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
});

test('the docs show how to verify a delivery and list every webhook event with its payload', async ({
  page,
}) => {
  await page.goto('/docs/signing#webhooks');
  await expect(page.getByRole('heading', { name: 'Verifying webhooks' })).toBeVisible();
  await expect(page.getByText('verifyWebhook(rawBody, signatureHeader, secret')).toBeVisible();
  // The index lists the types; each payload is on the webhook events page, once per resource.
  await page.goto('/docs/api#webhook-events');
  await expect(page.getByRole('heading', { name: 'Webhook events' })).toBeVisible();
  await page.getByRole('link', { name: 'funding.deposit_credited', exact: true }).click();
  await expect(page).toHaveURL(/\/docs\/api\/webhook-events#event-funding\.deposit_credited$/);
  const deposit = page.getByRole('article', { name: 'Deposit events' });
  // The event's own entry (another event's description may name it too).
  await expect(deposit.locator('dt', { hasText: /^funding\.deposit_credited$/ })).toBeVisible();
  await expect(
    deposit
      .getByRole('region', { name: 'Payload of funding.deposit_credited' })
      .getByText('data.object.transaction_hash'),
  ).toBeVisible();
});

test('the event log lists the organization’s events with their payloads, filtered by type', async ({
  page,
}) => {
  await signIn(page, 'admin@acme.example', '/settings/webhooks');
  const log = page.getByRole('region', { name: 'Event log' });
  const rows = log.getByRole('table', { name: 'Events' }).getByRole('row');
  // The seeded organization has events; the header row plus at least one.
  await expect(rows.nth(1)).toBeVisible({ timeout: 20_000 });

  await log.getByLabel('Event type').click();
  await page.getByRole('option', { name: 'batch.confirmed', exact: true }).click();
  await expect(rows.nth(1)).toContainText('batch.confirmed');
  const shown = await rows.count();
  for (let i = 1; i < shown; i++) await expect(rows.nth(i)).toContainText('batch.confirmed');

  await rows
    .nth(1)
    .getByText(/^Object/)
    .click();
  const payload = JSON.parse(await rows.nth(1).locator('pre').innerText()) as {
    type: string;
    data: { object: Record<string, unknown> };
  };
  expect(payload.type).toBe('batch.confirmed');
  // The batch as the API shows it, with no quote internals (no rate, no margin).
  expect(payload.data.object).toMatchObject({
    status: expect.any(String),
    source_amount_total: expect.any(String),
  });
  expect(JSON.stringify(payload)).not.toMatch(/margin|fx_rate|"rate"/i);
});

test('who manages endpoints follows the API: an admin may, an approver is told to ask', async ({ page }) => {
  await signIn(page, 'admin@acme.example', '/settings/webhooks');
  await expect(page.getByRole('button', { name: /add endpoint/i })).toBeVisible();
  // Leave the page first: left open without its session, its next read answers 401 and it goes to sign in by itself,
  // aborting the navigation below (a run failed on that race).
  await page.goto('about:blank');
  await page.context().clearCookies();
  await signIn(page, 'approver@acme.example', '/settings/webhooks');
  await expect(page.getByText('Only admins manage webhooks')).toBeVisible();
  await page.goto('/settings');
  const hub = page.getByRole('list', { name: 'Settings sections' });
  await expect(hub.getByRole('link', { name: /Approvals/ })).toBeVisible();
  await expect(hub.getByRole('link', { name: /Webhooks/ })).toHaveCount(0);
});
