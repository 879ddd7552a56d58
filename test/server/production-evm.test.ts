// The built server in production mode with CUSTODY_ADAPTER=evm (issue #43) against a local EVM node started here
// (ganache, offline) with the repository's 6-decimal test token: readiness probes the node; an organization staff
// open has its deposit address at once; a transfer to it is pending n of N, then credited once; a withdrawal whose
// hash operations record completes only once the chain proves it. Over HTTP only, as the provider's people would;
// the day-one walk (production-day-one.test.ts) covers everything else with manual custody.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_XPUB } from '../chain/evm-custody';
import { type LocalNode, startLocalNode, type TestToken } from '../chain/local-node';
import { useTestDatabase } from '../db';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server';
import { Mailbox } from './mailbox';
import { Person } from './person';
import {
  addWallet,
  BASE,
  choosePasswordAndSignIn,
  eventually,
  PASSWORD,
  productionSettings,
  runCli,
  walletAddedYesterday,
} from './production-walk';
import { type RunningServer, startServer } from './servers';

await useTestDatabase();

/** Few, so the test mines them rather than waits; what N means is the same at 12. */
const CONFIRMATIONS = 3;

let smtp: TestSmtpServer;
let mailbox: Mailbox;
let node: LocalNode;
let token: TestToken;
/** The provider's custody platform's hot wallet, which pays withdrawals. */
let custodyWallet: `0x${string}`;
/** A client's own wallet, which sends deposits. */
let clientWallet: `0x${string}`;
let server: RunningServer;
let settings: Record<string, string>;

const person = (name: string) => new Person(name, () => `http://127.0.0.1:${server.port}`, BASE);

beforeAll(async () => {
  smtp = await startSmtpServer();
  mailbox = new Mailbox(smtp);
  node = await startLocalNode();
  token = await node.deployToken(6);
  custodyWallet = node.accounts[1]!;
  clientWallet = node.accounts[2]!;
  await token.mint(custodyWallet, '1000000');
  await token.mint(clientWallet, '1000000');
  settings = productionSettings(smtp.url, {
    RATES_ADAPTER: 'manual',
    CUSTODY_ADAPTER: 'evm',
    // One chain per deployment: the custodian's, and the only one clients are shown.
    CUSTODY_CHAINS: 'ethereum',
    CUSTODY_RPC_URL: node.url,
    CUSTODY_EVM_CHAIN_ID: '1',
    CUSTODY_TOKEN_ADDRESS: token.address,
    CUSTODY_TOKEN_DECIMALS: '6',
    CUSTODY_XPUB: TEST_XPUB,
    CUSTODY_CONFIRMATIONS: String(CONFIRMATIONS),
    CUSTODY_START_BLOCK: String(await node.head()),
    CUSTODY_POLL_SECONDS: '1',
  });
  server = await startServer('npm start (front)', settings);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await node?.close();
});

let lead: Person;
let otto: Person;
let ada: Person;
let orgId: string;
let address: `0x${string}`;

describe('production mode with EVM custody', () => {
  it('is ready with its custody entry ok; the first lead and an operator sign in through their emailed links', async () => {
    const ready = await eventually(
      () =>
        person('load balancer').call<{ adapters: Record<string, { implementation: string; state: string }> }>(
          'GET',
          '/api/health/ready',
        ),
      (answer) => answer.body.adapters?.custody?.state === 'ok',
      'the custody readiness entry',
      // The worker probes its adapters (and starts the chain watcher) as it starts, not at the next minute.
      20_000,
    );
    expect(ready.status).toBe(200);
    expect(ready.body.adapters.custody).toMatchObject({ implementation: 'evm', state: 'ok' });

    const run = await runCli(settings, [
      'staff',
      'create-lead',
      '--email',
      'lea@provider.test',
      '--name',
      'Lea Lead',
    ]);
    expect(run.code, run.stderr).toBe(0);
    lead = person('Lea');
    const leadMail = await mailbox.next('lea@provider.test', { subject: /support console account/ });
    await choosePasswordAndSignIn(lead, 'lea@provider.test', leadMail.links[0]);
    const invited = await lead.call('POST', '/api/v2/support/staff', {
      email: 'otto@provider.test',
      name: 'Otto Ops',
      roles: ['operations'],
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    otto = person('Otto');
    const opsMail = await mailbox.next('otto@provider.test', { subject: /support console account/ });
    await choosePasswordAndSignIn(otto, 'otto@provider.test', opsMail.links[0]);
  }, 180_000);

  it('an organization staff open has its EVM deposit address at once, on the one configured chain', async () => {
    const created = await lead.call<{ id: string }>('POST', '/api/v2/support/organizations', {
      name: 'Acme Trading',
      entitlements: ['payouts', 'liquidity_management'],
      margin_bps: '50',
      admin_email: 'ada@acme.example',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    orgId = created.body.id;
    const mail = await mailbox.next('ada@acme.example', { subject: /invited you to/ });
    const link = mail.links.find((candidate) => candidate.startsWith(`${BASE}/invitations/`))!;
    const invitation = new URL(link).pathname.split('/').pop()!;
    ada = person('Ada');
    const signedUp = await ada.call('POST', `/api/auth/invitations/${invitation}/sign-up`, {
      name: 'Ada Admin',
      password: PASSWORD,
    });
    expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(201);
    expect(await ada.signIn('ada@acme.example', PASSWORD)).toBe(true);

    const addresses = await ada.call<{
      items: { chain: string; address: `0x${string}` }[];
      preparing: unknown[];
    }>('GET', '/api/v2/funding/addresses');
    expect(addresses.body).toMatchObject({ items: [{ chain: 'ethereum' }], preparing: [] });
    expect(addresses.body.items).toHaveLength(1);
    address = addresses.body.items[0]!.address;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  }, 60_000);

  it('a transfer to it shows pending with its confirmations, then is credited once after N blocks', async () => {
    const hash = await token.transfer(clientWallet, address, '500');
    const pending = await eventually(
      () =>
        ada.call<{
          items: {
            status: string;
            transaction_hash: string;
            confirmations: number;
            required_confirmations: number;
          }[];
        }>('GET', '/api/v2/funding/deposits'),
      (answer) => answer.body.items.length === 1,
      'the detected deposit',
    );
    expect(pending.body.items[0]).toMatchObject({
      status: 'pending',
      transaction_hash: hash,
      required_confirmations: CONFIRMATIONS,
    });
    expect(pending.body.items[0]!.confirmations).toBeLessThan(CONFIRMATIONS);
    expect((await ada.call<{ available: string }>('GET', '/api/v2/funding/balance')).body.available).toBe(
      '0.00',
    );

    await node.mine(CONFIRMATIONS);
    await eventually(
      () => ada.call<{ available: string }>('GET', '/api/v2/funding/balance'),
      (answer) => answer.body.available === '500.00',
      'the credited balance',
    );
    // More blocks and more passes of the watcher credit nothing again.
    await node.mine(CONFIRMATIONS);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await ada.call<{ available: string }>('GET', '/api/v2/funding/balance')).body.available).toBe(
      '500.00',
    );
    const deposits = await ada.call<{ items: { status: string }[] }>('GET', '/api/v2/funding/deposits');
    expect(deposits.body.items.map((deposit) => deposit.status)).toEqual(['credited']);
  }, 60_000);

  it('a withdrawal whose hash operations record completes only once the chain has N confirmations of it', async () => {
    const walletAddress = node.accounts[3]!;
    const walletId = await addWallet(ada, 'ethereum', walletAddress, 'Treasury');
    await walletAddedYesterday(walletId);
    const requested = await ada.call<{ id: string }>('POST', '/api/v2/liquidity/management/withdrawals', {
      amount: '100',
      wallet_id: walletId,
    });
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);

    const hash = await token.transfer(custodyWallet, walletAddress, '100');
    const executed = await otto.call(
      'POST',
      `/api/v2/support/organizations/${orgId}/withdrawals/${requested.body.id}/execution`,
      { transaction_hash: hash },
    );
    expect(executed).toMatchObject({ status: 200, body: { status: 'PROCESSING' } });
    // Recorded is not done: the amount stays held until the chain proves the transfer.
    expect((await ada.call('GET', '/api/v2/funding/balance')).body).toMatchObject({ available: '400.00' });

    await node.mine(CONFIRMATIONS);
    await eventually(
      () =>
        ada.call<{ status: string }>('GET', `/api/v2/liquidity/management/withdrawals/${requested.body.id}`),
      (answer) => answer.body.status === 'COMPLETED',
      'the withdrawal',
    );
    expect((await ada.call('GET', '/api/v2/funding/balance')).body).toMatchObject({
      available: '400.00',
      held: '0.00',
    });
  }, 60_000);
});
