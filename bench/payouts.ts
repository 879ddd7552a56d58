// Owns `npm run bench:payouts`: createBatch with 1, 100, 1,000 and 5,000 orders, confirm of 1,000-order batches, and
// the sandbox lifecycle's throughput with the worker in-process — each service as the routes call it, against a
// real PostgreSQL (DATABASE_URL, else an embedded cluster in .data/bench), counting SQL statements per call.
import '@/lib/app/register';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { closeDb, db } from '@/db/client';
import * as schema from '@/db/schema';
import { textArray } from '@/db/sql';
import { creditDeposit } from '@/lib/funding/server';
import { createOrganization, type ServiceActor, systemActor } from '@/lib/identity/server';
import type { CreateBatchBody } from '@/lib/payouts/contract/schemas';
import { confirmBatch, createBatch, runSandboxStep } from '@/lib/payouts/server';
import { ensureSandboxChains } from '@/lib/platform/chains/sandbox-chains';
import { resetEnvCache } from '@/lib/platform/env';
import { startWorker } from '@/lib/platform/jobs/runner';
import { createEndpoint } from '@/lib/webhooks/server';
import { ensurePricing, readyBeneficiary, readySender } from '../test/payouts-fixtures';
import { benchDatabase } from './bench-database';
import { treeCpuMs } from './cpu';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (message: string) => process.stdout.write(`[bench:payouts] ${message}\n`);
const TARGETS = {
  create1000P50Ms: 500,
  create5000P50Ms: 2500,
  confirm1000P50Ms: 300,
  transitionsPerSecond: 500,
};

/** Whole parts ending in 555, 666 or 777 are the sandbox's magic values; the bench wants every order to complete. */
const plain = (whole: number) => ([555, 666, 777].includes(whole % 1000) ? whole + 1 : whole);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** A Drizzle instance on its own pool whose every statement is counted (postgres.js `debug` hook). */
function countingDb(url: string) {
  let statements = 0;
  const client = postgres(url, {
    max: 4,
    onnotice: () => {},
    connection: { application_name: 'bench-payouts', TimeZone: 'UTC' },
    debug: () => {
      statements += 1;
    },
  });
  return {
    db: drizzle({ client, schema, casing: 'snake_case' }),
    take: () => {
      const n = statements;
      statements = 0;
      return n;
    },
    end: () => client.end({ timeout: 5 }),
  };
}

async function main() {
  const { url, embedded } = await benchDatabase({
    name: 'payout_bench_payouts',
    fresh: true,
    log: say,
    settings: { SANDBOX_STEP_SECONDS: '0', WORKER_IN_PROCESS: 'false' },
  });
  const counted = countingDb(url);
  try {
    await ensureSandboxChains(db());
    await ensurePricing();
    const org = await createOrganization(db(), { name: `Bench payouts ${new Date().toISOString()}` });
    const senderId = await readySender(org.id, 'Bench Sender Ltd');
    const beneficiaries = await Promise.all(
      ['EUR', 'GBP', 'JPY'].map((currency) => readyBeneficiary(org.id, senderId, currency)),
    );
    await creditDeposit(db(), { orgId: org.id, amount: '500000000' });
    const actor: ServiceActor = { ...systemActor(org.id), userId: null, apiKeyId: null };
    // createBatch records its creator; a bench user stands in for a person.
    const [user] = await db()
      .insert(schema.users)
      .values({ email: `bench-${Date.now()}@example.com`, name: 'Bench', passwordHash: 'not-a-login' })
      .returning({ id: schema.users.id });
    actor.userId = user!.id;
    actor.audit = { actorType: 'user', actorId: user!.id, impersonationSessionId: null };

    const body = (count: number): CreateBatchBody => ({
      client_reference: `BENCH-${count}`,
      orders: Array.from({ length: count }, (_, i) => ({
        sender_profile_id: senderId,
        beneficiary_profile_id: beneficiaries[i % 3]!,
        beneficiary_amount: i % 3 === 2 ? `${plain(20_000 + i * 3)}` : `${plain(100 + (i % 900))}.25`,
        beneficiary_currency: ['EUR', 'GBP', 'JPY'][i % 3]!,
        fee_type: i % 2 === 0 ? 'OUR' : 'SHA',
        purpose_code: 'GDSP',
        client_reference: `LINE-${i}`,
      })),
    });

    if (process.env.BENCH_WEBHOOK_ENDPOINT === '1') {
      // Every event then also writes a webhook delivery and its job (nothing delivers them here: no worker).
      process.env.WEBHOOK_ALLOW_PRIVATE_URLS = 'true';
      resetEnvCache();
      await createEndpoint(
        db(),
        { orgId: org.id, role: 'admin', via: 'api_key', entitlements: ['payouts'] },
        { url: 'http://127.0.0.1:9/bench', event_types: ['*'] },
      );
      say('one webhook endpoint subscribed to every event');
    }
    const results: Record<string, unknown> = {};
    const rows: string[] = [];
    // Warm-up: module loading, plans, the connection pool.
    for (let i = 0; i < 3; i += 1) await createBatch(counted.db, actor, body(10));
    counted.take();

    // BENCH_ONLY=confirm measures confirm alone (quick before/after comparisons of the confirm path).
    const only = process.env.BENCH_ONLY;
    const sizes = [
      [1, 40],
      [100, 20],
      [1000, 10],
      [5000, 5],
    ] as const;
    for (const [size, runs] of only === 'confirm' ? [] : sizes) {
      const times: number[] = [];
      const statements = new Set<number>();
      for (let i = 0; i < runs; i += 1) {
        const input = body(size);
        const started = performance.now();
        await createBatch(counted.db, actor, input);
        times.push(performance.now() - started);
        statements.add(counted.take());
      }
      const p50 = percentile(times, 50);
      results[`createBatch_${size}`] = { p50, p95: percentile(times, 95), runs, statements: [...statements] };
      rows.push(
        `| createBatch, ${size.toLocaleString('en')} orders | ${runs} | ${p50.toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${[...statements].join(', ')} |`,
      );
      say(`createBatch ${size}: p50 ${p50.toFixed(1)} ms, statements ${[...statements].join('/')}`);
    }

    const confirmTimes: number[] = [];
    const confirmStatements = new Set<number>();
    const confirmRuns = Number(process.env.BENCH_CONFIRM_RUNS ?? 8);
    // CPU per confirm, this process and PostgreSQL (all its processes): far less sensitive to a busy machine than time.
    let appCpuMs = 0;
    let postgresCpuMs = 0;
    for (let i = 0; i < confirmRuns; i += 1) {
      const created = await createBatch(db(), actor, body(1000));
      counted.take();
      const cpuBefore = process.cpuUsage();
      const postgresBefore = treeCpuMs(embedded?.pid);
      const started = performance.now();
      await confirmBatch(counted.db, actor, created.batch.id);
      confirmTimes.push(performance.now() - started);
      const cpu = process.cpuUsage(cpuBefore);
      appCpuMs += (cpu.user + cpu.system) / 1000;
      postgresCpuMs += (treeCpuMs(embedded?.pid) ?? Number.NaN) - (postgresBefore ?? Number.NaN);
      confirmStatements.add(counted.take());
    }
    const confirmCpu = { app: appCpuMs / confirmRuns, postgres: postgresCpuMs / confirmRuns };
    const confirmP50 = percentile(confirmTimes, 50);
    results.confirm_1000 = {
      p50: confirmP50,
      p95: percentile(confirmTimes, 95),
      statements: [...confirmStatements],
      cpuMsPerConfirm: confirmCpu,
    };
    rows.push(
      `| confirm, 1,000 orders | ${confirmRuns} | ${confirmP50.toFixed(1)} | ${percentile(confirmTimes, 95).toFixed(1)} | ${[...confirmStatements].join(', ')} |`,
    );
    say(
      `confirm 1000: p50 ${confirmP50.toFixed(1)} ms, statements ${[...confirmStatements].join('/')}, CPU per confirm ${confirmCpu.app.toFixed(1)} ms app + ${confirmCpu.postgres.toFixed(1)} ms PostgreSQL`,
    );
    if (only === 'confirm') {
      process.stdout.write(
        `\nLoad average (1, 5, 15 min; 2 cores): ${os
          .loadavg()
          .map((n) => n.toFixed(1))
          .join(
            ', ',
          )}\n${rows.join('\n')}\nconfirm times ms: ${confirmTimes.map((t) => t.toFixed(0)).join(', ')}\n`,
      );
      return;
    }

    // Lifecycle, the step itself: 10 confirmed batches of 1,000 orders, three steps each (AD → DR → PB → done).
    const stepBatches: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const created = await createBatch(db(), actor, body(1000));
      await confirmBatch(db(), actor, created.batch.id);
      stepBatches.push(created.batch.id);
    }
    let moved = 0;
    const stepStarted = performance.now();
    for (let step = 0; step < 3; step += 1)
      for (const batchId of stepBatches) moved += await runSandboxStep(org.id, batchId, counted.db);
    const stepSeconds = (performance.now() - stepStarted) / 1000;
    const stepRate = moved / stepSeconds;
    const stepStatements = counted.take() / (3 * stepBatches.length);
    results.lifecycle_steps = {
      transitions: moved,
      seconds: stepSeconds,
      perSecond: stepRate,
      statementsPerStep: stepStatements,
    };
    say(`lifecycle steps: ${moved} transitions in ${stepSeconds.toFixed(2)} s = ${stepRate.toFixed(0)}/s`);

    // Lifecycle end to end: the worker in-process takes the automatic steps every second.
    process.env.SANDBOX_STEP_SECONDS = '1';
    resetEnvCache();
    const workerBatches: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const created = await createBatch(db(), actor, body(1000));
      await confirmBatch(db(), actor, created.batch.id);
      workerBatches.push(created.batch.id);
    }
    const worker = await startWorker({ connectionString: url, concurrency: 2, pollInterval: 100 });
    const workerStarted = performance.now();
    const open = async () => {
      const [row] = await db().execute<{ n: number }>(sql`
        select count(*)::int as n from payout_orders
        where batch_id = any(${textArray(workerBatches)}::uuid[])
          and status in ('AWAITING_DEPOSIT', 'DEPOSIT_RECEIVED', 'PAYING_BENEFICIARY')`);
      return row!.n;
    };
    while ((await open()) > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    const workerSeconds = (performance.now() - workerStarted) / 1000;
    await worker.stop();
    const workerTransitions = workerBatches.length * 1000 * 3;
    results.lifecycle_worker = {
      transitions: workerTransitions,
      seconds: workerSeconds,
      perSecond: workerTransitions / workerSeconds,
    };
    say(`lifecycle with the worker: ${workerTransitions} transitions in ${workerSeconds.toFixed(2)} s`);

    const c1000 = (results.createBatch_1000 as { p50: number }).p50;
    const c5000 = (results.createBatch_5000 as { p50: number }).p50;
    const verdict = (ok: boolean) => (ok ? 'pass' : 'FAIL');
    const load = os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(', ');
    const report = [
      `Load average during the run (1, 5, 15 min; 2 cores): ${load}.`,
      '',
      '| operation | runs | p50 ms | p95 ms | SQL statements per call |',
      '|---|---:|---:|---:|---|',
      ...rows,
      '',
      `- confirm, 1,000 orders: CPU per call ${confirmCpu.app.toFixed(1)} ms in this process + ${confirmCpu.postgres.toFixed(1)} ms in PostgreSQL (less sensitive to the machine's load than the times)`,
      `- lifecycle step (what the worker runs): ${moved.toLocaleString('en')} transitions in ${stepSeconds.toFixed(2)} s = **${stepRate.toFixed(0)} transitions/s**, ${stepStatements.toFixed(1)} statements per step of a 1,000-order batch`,
      `- lifecycle with the worker in-process (steps every 1 s, 2 jobs at a time): ${workerTransitions.toLocaleString('en')} transitions in ${workerSeconds.toFixed(2)} s (three 1-second waits included) = ${(workerTransitions / workerSeconds).toFixed(0)} transitions/s`,
      '',
      `Targets: create 1,000 p50 < ${TARGETS.create1000P50Ms} ms: ${verdict(c1000 < TARGETS.create1000P50Ms)}; create 5,000 p50 < ${TARGETS.create5000P50Ms} ms: ${verdict(c5000 < TARGETS.create5000P50Ms)}; confirm 1,000 p50 < ${TARGETS.confirm1000P50Ms} ms: ${verdict(confirmP50 < TARGETS.confirm1000P50Ms)}; ≥ ${TARGETS.transitionsPerSecond} transitions/s: ${verdict(stepRate >= TARGETS.transitionsPerSecond)}.`,
    ].join('\n');
    process.stdout.write(`\n${report}\n`);
    const dir = path.join(ROOT, 'bench', 'results');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, `payouts-${new Date().toISOString().replaceAll(':', '-')}.json`),
      JSON.stringify({ at: new Date().toISOString(), loadAverage: os.loadavg(), results }, null, 2),
    );
  } finally {
    await counted.end();
    await closeDb();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
