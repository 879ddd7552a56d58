// Owns `npm run bench:csv-import`: the portal's CSV import of a 5,000-order file in Chromium — from choosing the file
// to the validated, virtualised table — and how long the page's main thread was blocked at most meanwhile (long
// tasks), against the app as the e2e server runs it (fresh seeded database; `npm run build` first), or BASE_URL.
import '@/lib/app/register';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { DEMO_PASSWORD } from '@/lib/identity/server';
import { freePort } from '../scripts/embedded-db.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROWS = 5_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const say = (message: string) => process.stdout.write(`[bench:csv-import] ${message}\n`);

async function waitFor(url: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

async function startServer(): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  if (process.env.BASE_URL) return { baseUrl: process.env.BASE_URL, stop: async () => {} };
  const port = await freePort();
  say(`starting the e2e server on port ${port} (a fresh seeded database)`);
  const child = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    cwd: ROOT,
    env: { ...process.env, E2E_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}/api/health`, 300_000);
  return {
    baseUrl,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main() {
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ baseURL: server.baseUrl, viewport: { width: 1280, height: 900 } });
    await page.goto('/login?callbackUrl=%2Fbatches%2Fnew');
    await page.getByLabel('Email').fill('approver@acme.example');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/batches/new');

    const list = (await (await page.request.get('/api/v2/beneficiaries?status=ready&limit=100')).json()) as {
      items: { id: string; currency: string }[];
    };
    const payable = list.items.filter((b) => ['EUR', 'GBP', 'USD'].includes(b.currency));
    if (payable.length === 0) throw new Error('no ready EUR/GBP/USD beneficiary in the demo data');
    const lines = ['beneficiary_profile_id,beneficiary_amount,fee_type,purpose_code,client_reference'];
    for (let i = 0; i < ROWS; i++) {
      const b = payable[i % payable.length]!;
      lines.push(
        `${b.id},${100 + (i % 900)}.${String(i % 100).padStart(2, '0')},${i % 2 ? 'SHA' : 'OUR'},GDSP,inv-${i + 1}`,
      );
    }
    const csv = Buffer.from(lines.join('\n'));
    say(`file: ${ROWS.toLocaleString('en-US')} rows, ${(csv.length / 1024).toFixed(0)} KiB; ${RUNS} runs`);

    await page.getByRole('tab', { name: 'Import a CSV file' }).click();
    await page.getByLabel('Upload a batch CSV').waitFor({ state: 'attached' });
    const totals: number[] = [];
    const measured: number[] = [];
    const longest: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await page.evaluate(() => {
        performance.clearMeasures('csv-import');
        const w = window as unknown as { __longTasks: number[] };
        w.__longTasks = [];
        new PerformanceObserver((entries) => {
          for (const entry of entries.getEntries()) w.__longTasks.push(entry.duration);
        }).observe({ type: 'longtask' });
      });
      const started = Date.now();
      await page
        .getByLabel('Upload a batch CSV')
        .setInputFiles({ name: `bench-${run}.csv`, mimeType: 'text/csv', buffer: csv });
      await page
        .getByTestId('csv-accepted')
        .filter({ hasText: `${ROWS.toLocaleString('en-US')} accepted` })
        .waitFor();
      await page.getByRole('region', { name: 'Imported rows' }).getByRole('row').nth(5).waitFor();
      totals.push(Date.now() - started);
      const { measure, tasks } = await page.evaluate(() => ({
        measure: performance.getEntriesByName('csv-import').at(-1)?.duration ?? Number.NaN,
        tasks: (window as unknown as { __longTasks: number[] }).__longTasks,
      }));
      measured.push(measure);
      longest.push(tasks.length ? Math.max(...tasks) : 0);
      say(
        `run ${run + 1}: ${totals.at(-1)} ms to the validated table (in-page ${measure.toFixed(0)} ms); longest main-thread task ${longest.at(-1)?.toFixed(0)} ms`,
      );
    }
    const result = {
      at: new Date().toISOString(),
      rows: ROWS,
      runs: RUNS,
      p50TotalMs: percentile(totals, 50),
      p50InPageMs: Math.round(percentile(measured, 50)),
      maxLongTaskMs: Math.round(Math.max(...longest)),
      totals,
    };
    say(
      `p50 ${result.p50TotalMs} ms file → validated table (in-page ${result.p50InPageMs} ms); longest task ${result.maxLongTaskMs} ms`,
    );
    const out = path.join(ROOT, 'bench', 'results');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(
      path.join(out, `csv-import-${result.at.replace(/[:.]/g, '-')}.json`),
      `${JSON.stringify(result, null, 2)}\n`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
