// Owns `npm run bench:payment-files`: the payouts desk builds a 2,000-transaction pain.001 and applies the bank's
// 2,000-entry pain.002 for it (half accepted, a quarter rejected, a quarter pending) — each service as the routes call
// it, against a real PostgreSQL (DATABASE_URL, else an embedded cluster in .data/bench). Target: each under 2 s.
import '@/lib/app/register';
import { randomUUID } from 'node:crypto';
import { closeDb, db } from '@/db/client';
import * as schema from '@/db/schema';
import { creditDeposit } from '@/lib/funding/server';
import { createOrganization, type ServiceActor, systemActor } from '@/lib/identity/server';
import {
  applyPaymentReport,
  buildPaymentFile,
  confirmBatch,
  createBatch,
  markPaymentFileSent,
  payoutsFundFromCustodyTask,
} from '@/lib/payouts/server';
import type { StaffActor } from '@/lib/platform/actor/actor';
import { ensureSandboxChains } from '@/lib/platform/chains/sandbox-chains';
import { resetEnvCache } from '@/lib/platform/env';
import { ensurePricing, readyBeneficiary, readySender } from '../test/payouts-fixtures';
import { benchDatabase } from './bench-database';

const SIZE = 2_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET_MS = 2_000;
const say = (message: string) => process.stdout.write(`[bench:payment-files] ${message}\n`);

async function staff(name: string): Promise<StaffActor> {
  const [user] = await db()
    .insert(schema.users)
    .values({ email: `${name.toLowerCase()}-${randomUUID()}@example.com`, name, passwordHash: 'not-a-login' })
    .returning({ id: schema.users.id });
  return {
    via: 'session',
    orgId: null,
    role: null,
    userId: user!.id,
    sessionId: randomUUID(),
    staffRole: 'support',
    staffRoles: ['support', 'operations'],
    entitlements: [],
  };
}

function pain002(messageId: string, endToEndIds: string[]): string {
  const statuses = ['ACSC', 'ACSC', 'RJCT', 'PDNG'];
  const tx = endToEndIds
    .map((id, i) => {
      const status = statuses[i % 4]!;
      const reason = status === 'RJCT' ? '<StsRsnInf><Rsn><Cd>AC04</Cd></Rsn></StsRsnInf>' : '';
      const ref = status === 'ACSC' ? `<AcctSvcrRef>BANK-${i}</AcctSvcrRef>` : '';
      return `<TxInfAndSts><OrgnlEndToEndId>${id}</OrgnlEndToEndId><TxSts>${status}</TxSts>${reason}${ref}</TxInfAndSts>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10"><CstmrPmtStsRpt><GrpHdr><MsgId>B-${messageId.slice(0, 30)}</MsgId><CreDtTm>2026-11-29T15:00:00Z</CreDtTm></GrpHdr><OrgnlGrpInfAndSts><OrgnlMsgId>${messageId}</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId></OrgnlGrpInfAndSts><OrgnlPmtInfAndSts><OrgnlPmtInfId>${messageId}1</OrgnlPmtInfId>${tx}</OrgnlPmtInfAndSts></CstmrPmtStsRpt></Document>`;
}

async function main() {
  const { embedded } = await benchDatabase({
    name: 'payout_bench_payment_files',
    fresh: true,
    log: say,
    settings: { CUSTODY_ADAPTER: 'manual', PAYOUT_RAIL_ADAPTER: 'operations', WORKER_IN_PROCESS: 'false' },
  });
  try {
    await ensureSandboxChains(db());
    await ensurePricing();
    // Opened and funded as the fixtures do it (sandbox addresses and deposit); then custody is manual, as at the desk.
    process.env.CUSTODY_ADAPTER = 'sandbox';
    resetEnvCache();
    const org = await createOrganization(db(), { name: `Bench payment files ${new Date().toISOString()}` });
    const senderId = await readySender(org.id, 'Bench Sender Ltd');
    const beneficiary = await readyBeneficiary(org.id, senderId, 'EUR');
    await creditDeposit(db(), { orgId: org.id, amount: '500000000' });
    process.env.CUSTODY_ADAPTER = 'manual';
    resetEnvCache();
    const maker = await staff('Maker');
    const checker = await staff('Checker');
    await db().insert(schema.payoutAccounts).values({
      name: 'Bench EUR',
      accountNumber: 'DE44500105175407324931',
      bic: 'INGDDEFFXXX',
      currency: 'EUR',
      createdByUserId: maker.userId,
    });
    const actor: ServiceActor = { ...systemActor(org.id), userId: maker.userId, apiKeyId: null };

    const build: number[] = [];
    const apply: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const created = await createBatch(db(), actor, {
        orders: Array.from({ length: SIZE }, (_, i) => ({
          sender_profile_id: senderId,
          beneficiary_profile_id: beneficiary,
          beneficiary_amount: `${100 + (i % 800)}.${String(i % 100).padStart(2, '0')}`,
          beneficiary_currency: 'EUR',
          fee_type: 'OUR' as const,
          purpose_code: 'GDSP' as const,
          client_reference: `INV-${run}-${i}`,
        })),
      });
      await confirmBatch(db(), actor, created.batch.id);
      await payoutsFundFromCustodyTask.run({ orgId: org.id, batchId: created.batch.id }, {} as never);
      const orderIds = created.orders.map((order) => order.id);

      let started = performance.now();
      const { file } = await buildPaymentFile(db(), maker, { order_ids: orderIds });
      build.push(performance.now() - started);
      await markPaymentFileSent(db(), maker, file.id, null);
      const bytes = new TextEncoder().encode(
        pain002(
          file.message_id,
          file.order_ids.map((id) => id.replaceAll('-', '')),
        ),
      );
      started = performance.now();
      const report = await applyPaymentReport(
        db(),
        checker,
        {
          name: 'status.xml',
          type: 'application/xml',
          size: bytes.length,
          bytes,
          stream: () => new Blob([bytes]).stream(),
        },
        null,
      );
      apply.push(performance.now() - started);
      say(
        `run ${run + 1}: build ${build.at(-1)!.toFixed(0)} ms (${file.transaction_count} transactions), apply ${apply.at(-1)!.toFixed(0)} ms (${report.applied.length} applied, ${report.recorded.length} recorded)`,
      );
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const rows = [
      `| Build a ${SIZE.toLocaleString('en')}-transaction pain.001 | ${RUNS} | ${median(build).toFixed(0)} | ${Math.max(...build).toFixed(0)} | ${TARGET_MS} |`,
      `| Apply its ${SIZE.toLocaleString('en')}-entry pain.002 | ${RUNS} | ${median(apply).toFixed(0)} | ${Math.max(...apply).toFixed(0)} | ${TARGET_MS} |`,
    ];
    say(`\n| Step | Runs | Median ms | Max ms | Target ms |\n|---|---|---|---|---|\n${rows.join('\n')}`);
    const over = [...build, ...apply].some((ms) => ms > TARGET_MS);
    if (over) {
      say('over target');
      process.exitCode = 1;
    }
  } finally {
    await closeDb();
    await embedded?.stop();
  }
}

await main();
