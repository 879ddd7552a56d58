// Bulk files keyed on the organization's own references, at laptop and phone width: a CSV whose rows name
// beneficiaries by reference with one bad row makes a draft of the good rows (the bad one stays downloadable with its
// error), the template lists every ready beneficiary with its id and reference, and the beneficiaries list finds one
// by reference, shows its id to copy and exports the list as CSV.
import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { expectNoSeriousViolations, screenshot, signIn } from './helpers';
import { test } from './test';

interface Beneficiary {
  id: string;
  name: string;
  status: string;
  client_reference: string | null;
}

async function readyBeneficiaries(page: Page): Promise<Beneficiary[]> {
  const response = await page.request.get('/api/v2/beneficiaries?status=ready&limit=100');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: Beneficiary[] }).items;
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<string> {
  const download = page.waitForEvent('download');
  await click();
  return readFile((await (await download).path())!, 'utf8');
}

// axe at 1280 only (the same pages, the same states); at 390 the journey itself shows what is on screen and usable.
for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 844 } });

    test('a CSV naming beneficiaries by reference, with one bad row, makes a draft of the good rows', async ({
      page,
    }) => {
      await signIn(page, 'approver@acme.example');
      const ready = await readyBeneficiaries(page);
      const rhein = ready.find((b) => b.name === 'Rhein Logistik GmbH');
      const thames = ready.find((b) => b.name === 'Thames Supplies Ltd');
      if (!rhein?.client_reference || !thames?.client_reference) {
        throw new Error('the demo data has ready beneficiaries with references');
      }
      await page.goto('/batches/new');
      await page.getByRole('tab', { name: 'Import a CSV file' }).click();

      // The template lists every ready beneficiary, each with its id and its reference.
      const template = await downloaded(page, () =>
        page.getByRole('button', { name: 'Download the CSV template' }).click(),
      );
      const lines = template.trimEnd().split('\r\n');
      expect(lines[0]).toMatch(/^beneficiary_profile_id,beneficiary_reference,/);
      expect(lines).toHaveLength(ready.length + 1);
      for (const b of ready) {
        expect(lines.some((line) => line.startsWith(`${b.id},${b.client_reference ?? ''},`))).toBe(true);
      }

      const csv = [
        'beneficiary_reference,beneficiary_amount,fee_type,purpose_code,client_reference',
        `${rhein.client_reference},100.00,OUR,GDSP,ref-${width}-1`,
        `VEND-NOBODY,200.00,SHA,TECH,ref-${width}-2`,
        `${thames.client_reference},300.00,OUR,RENT,ref-${width}-3`,
      ].join('\n');
      await page
        .getByLabel('Upload a batch CSV')
        .setInputFiles({ name: 'by-reference.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await expect(page.getByTestId('csv-accepted')).toHaveText('2 accepted');
      await expect(page.getByTestId('csv-rejected')).toHaveText('1 rejected');
      // The reason in full and on screen, on a phone too (#38 §8: it was cut off, and past a sideways scroll).
      const reason = page.getByText(
        'row 3, beneficiary_reference: no beneficiary has the reference VEND-NOBODY',
      );
      await reason.scrollIntoViewIfNeeded();
      await expect(reason).toBeInViewport({ ratio: 1 });
      expect(await reason.evaluate((cell) => cell.scrollWidth <= cell.clientWidth)).toBe(true);
      // On a phone the row is a card, whose cells read their column's name first.
      await expect(page.getByRole('cell', { name: /^(Beneficiary\s*)?VEND-NOBODY$/ })).toBeVisible();
      await expect(page.getByText('The rejected row is left out')).toBeVisible();
      const rejected = await downloaded(page, () =>
        page.getByRole('button', { name: 'Download rejected rows with their errors' }).click(),
      );
      expect(rejected).toContain('beneficiary_reference: no beneficiary has the reference VEND-NOBODY');
      if (width > 500) await expectNoSeriousViolations(page, `CSV import by reference at ${width}`);
      await screenshot(page, `csv-by-reference-${width}`);

      await page.getByRole('button', { name: 'Create the draft with the 2 good rows' }).click();
      await page.waitForURL(/\/batches\/[0-9a-f-]{36}$/);
      const batchId = page.url().split('/').pop()!;
      const batch = await page.request.get(`/api/v2/payouts/${batchId}`);
      expect(batch.ok()).toBe(true);
      const orders = ((await batch.json()) as { orders: { beneficiary_profile_id: string }[] }).orders;
      expect(orders.map((o) => o.beneficiary_profile_id)).toEqual([rhein.id, thames.id]);
    });

    test('the beneficiaries list finds one by reference, its page shows the id to copy, and the list exports', async ({
      page,
    }) => {
      await signIn(page, 'member@acme.example');
      await page.goto('/beneficiaries');
      await page.getByRole('searchbox', { name: 'Search by name or reference' }).fill('VEND-RHEIN');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page).toHaveURL(/q=VEND-RHEIN/);
      await expect(page.getByRole('link', { name: 'Rhein Logistik GmbH' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Thames Supplies Ltd' })).toHaveCount(0);
      if (width > 500)
        await expectNoSeriousViolations(page, `beneficiaries search at ${width}`, { afterLoading: true });

      const exported = await downloaded(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
      const rows = exported.trimEnd().split('\r\n');
      expect(rows[0]).toMatch(/^beneficiary_id,client_reference,name,/);
      expect(rows).toHaveLength(2);
      expect(rows[1]).toContain(',VEND-RHEIN,Rhein Logistik GmbH,');

      await page.getByRole('link', { name: 'Rhein Logistik GmbH' }).click();
      await page.waitForURL(/\/beneficiaries\/[0-9a-f-]{36}$/);
      const id = page.url().split('/').pop()!;
      await expect(page.getByTestId('beneficiary-id')).toHaveText(id);
      await expect(page.getByRole('button', { name: 'Copy the beneficiary id' })).toBeVisible();
      await expect(page.getByText('VEND-RHEIN')).toBeVisible();
      if (width > 500)
        await expectNoSeriousViolations(page, `beneficiary page at ${width}`, { afterLoading: true });
      await screenshot(page, `beneficiary-id-${width}`);
    });
  });
}
