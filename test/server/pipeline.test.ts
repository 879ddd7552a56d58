// Issue #33 §1 against the production build: two app instances (as `npm start` serves them) behind PgBouncer in
// transaction mode and two `npm run worker` processes, on a PostgreSQL cluster of this test's own (it is restarted
// on purpose, so never the shared one). Integrators' traffic is spread over both instances while one instance and one
// worker are killed with SIGKILL and restarted and PostgreSQL restarts; afterwards what an integrator and an auditor
// would check must hold. The same harness as `npm run bench:pipeline`, with smaller volumes (DESIGN: ≤ 120 s).
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  checkInvariants,
  invariantProblems,
  type Pipeline,
  processErrors,
  runPhase,
  setUpPipeline,
  stateSummary,
} from '../../bench/pipeline/run';

let pipeline: Pipeline | undefined;

beforeAll(async () => {
  pipeline = await setUpPipeline({
    apps: 2,
    workers: 2,
    organizations: 2,
    env: { SANDBOX_STEP_SECONDS: '1' },
  });
}, 120_000);

afterAll(async () => {
  await pipeline?.close();
}, 60_000);

it('through kill -9 of an app instance and a worker and a PostgreSQL restart, every order ends once, the ledger balances, every event arrives, no retried key runs twice, 5xx only while the database is down and then 503', async () => {
  const run = pipeline!;
  const phase = await runPhase(run, {
    name: 'pipeline test',
    apps: 2,
    workers: 2,
    chaos: true,
    durationMs: 12_000,
    loopsPerOrg: 1,
    sizes: [1, 4, 12],
    repeatEvery: 3,
    drainTimeoutMs: 45_000,
  });
  expect(run.incidents.join('\n')).toMatch(/kill -9 worker 1[\s\S]*kill -9 app 1[\s\S]*PostgreSQL back/);
  expect(phase.orders).toBeGreaterThan(0);
  // A run that did not drain says where it stands and what the processes logged, not only "false".
  const explain = async () =>
    JSON.stringify({ state: await stateSummary(run), errors: processErrors(run) }, null, 1);
  expect(phase.drained, phase.drained ? '' : await explain()).toBe(true);
  const report = await checkInvariants(run, { deliveryTimeoutMs: 30_000, graceMs: 3_000 });
  const problems = invariantProblems(report);
  expect(problems, problems.length === 0 ? '' : await explain()).toEqual([]);
  // The checks had something to check: repeated keys, delivered events, both instances answering.
  expect(report.repeated).toBeGreaterThan(0);
  expect(report.events).toBeGreaterThan(phase.orders);
  const instances = new Set(run.spread.answers.filter((a) => a.status > 0).map((a) => a.instance));
  expect([...instances].sort()).toEqual(['app 1', 'app 2']);
  // The harness kills app 1 mid-request when it finds one in flight within 10 s, else kills it anyway (since the
  // worker's restart got slower, traffic is often idle by then). When it did, that request got no answer and is not
  // among the failures above: the client's retry (same key, next instance) carried it.
  const app1 = run.spread.answers.filter((a) => a.instance === 'app 1');
  if (/kill -9 app 1 \(pid \d+\) with [1-9]\d* request\(s\) in flight/.test(run.incidents.join('\n'))) {
    expect(
      app1.some((a) => a.status === 0),
      run.incidents.join('\n'),
    ).toBe(true);
  }
}, 120_000);
