// Date-time filters across the documented range (#38 §6): years 0001–9999 reach PostgreSQL and bound the lists
// (before the fix, anything before 1901 was a 422).
import { expect, it } from 'vitest';
import { useTestDatabase } from '../db';
import { createPayoutOrg, orderItem } from '../payouts-fixtures';

await useTestDatabase();

const q = (value: string) => encodeURIComponent(value);

it('created_from and created_to take any instant of years 0001–9999, with an offset crossing a year', async () => {
  const org = await createPayoutOrg();
  const created = await org.client.send('POST', '/api/v2/payouts', {
    body: { orders: [orderItem(org, '100.00')] },
  });
  expect(created.status).toBe(201);
  const cases: [string, number][] = [
    [`created_from=${q('0001-01-01T00:00:00Z')}`, 1],
    [`created_from=${q('1900-12-31T23:59:59Z')}`, 1],
    [`created_from=${q('0001-01-01T23:00:00+23:00')}&created_to=${q('1901-01-01T00:30:00+01:00')}`, 0],
    [`created_to=${q('9999-12-31T23:59:59Z')}`, 1],
    [`created_from=${q('9999-12-31T08:00:00-15:59')}`, 0],
  ];
  for (const [query, count] of cases) {
    for (const path of ['/api/v2/payouts', '/api/v2/orders']) {
      const response = await org.client.send('GET', `${path}?${query}`);
      const text = await response.text();
      expect(response.status, `${path}?${query}: ${text}`).toBe(200);
      expect((JSON.parse(text) as { items: unknown[] }).items, `${path}?${query}`).toHaveLength(count);
    }
  }
});
