// Owns `npm run --silent cli -- <command>`: sandbox bootstrap, API key management and request signing from a terminal.
//
// Database modules are imported dynamically, after the environment is settled (DATABASE_URL, or the embedded server's
// URL and secrets), because lib/platform/env and db/client read process.env on first use. `sign` needs no database at all.
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { rateLimitProblem } from '@/lib/identity/contract/api-key-limits';
import { PayoutApiClient } from '@/lib/platform/client/client';
import { signRequest } from '@/lib/platform/client/sign';
import { ApiError } from '@/lib/platform/errors/api-error';
import { bootstrapSummary, ONCE } from './cli-bootstrap-summary';

/** Where `sandbox bootstrap --save` writes and `call` reads credentials: inside the git-ignored .data/. */
const DEFAULT_CREDENTIALS_FILE = path.join('.data', 'sandbox-credentials.json');
/** Where `npm start` records the URL it answers on (scripts/launch.mjs), whatever PORT it was given. */
const INSTANCE_FILE = path.join('.data', 'instance.json');

/** Wrong usage: exit 2 with one line. */
class UsageError extends Error {}
/** The command ran but could not do its job (not found, refused, database down): exit 1 with one line. */
class CommandFailure extends Error {}

const ROOT_HELP = `Payout portal CLI

Usage: npm run --silent cli -- <command> [options]

Commands:
  sandbox bootstrap        Create a sandbox organization with an admin, an API key, profiles and funds
  staff create-lead        Invite the provider's first support lead by email (how production starts)
  apikey create            Issue an API key for an organization
  apikey list              List an organization's API keys
  apikey revoke <id>       Revoke an API key at once
  call <METHOD> <PATH>     Sign and send one API request, print the response (like \`stripe post\`)
  sign                     Print the two authentication headers for one request (no database needed)

Run a command with --help for its options.
Database commands use DATABASE_URL when set, otherwise the embedded database in .data/ (started if not running).`;

const HELP: Record<string, string> = {
  'sandbox bootstrap': `Usage: npm run --silent cli -- sandbox bootstrap [--save] [--json]

Creates a sandbox organization entitled to every product, with an admin user, an API key (approver) with a
generated ES256 key pair, two ready senders, three ready beneficiaries (EUR, GBP, INR) and a funded USDT balance.

  --save    Also write everything to ${DEFAULT_CREDENTIALS_FILE} (git-ignored, readable only by you), the file
            \`call\` and \`sign\` use by default
  --json    Print one JSON object (the credentials file format)

The private key, shared secret and admin password are shown only once.`,
  'staff create-lead': `Usage: npm run --silent cli -- staff create-lead --email <email> --name <name> [--another]

Creates the provider's first support lead with no usable password and emails her a link to choose one (valid
7 days, once); then she signs in to the support console and invites everyone else from its Staff page. Nothing
secret is printed: the link goes only to the mailbox. Works in production mode.

  --email <email>   The lead's email (required)
  --name <name>     Her name as the console shows it (required)
  --another         Add a lead although one exists already (otherwise refused)

Running it again with the email of a lead who has not chosen a password yet sends her a new link (the old one
stops working); an active lead's email is refused and nothing changes.`,
  'apikey create': `Usage: npm run --silent cli -- apikey create --org <id> [options]

  --org <id>               Organization id (required)
  --name <name>            Label shown in key lists (default "CLI key")
  --public-key-file <F>    Register your own P-256 public key (SPKI PEM); otherwise a key pair is generated
  --role <role>            member or approver (default member)
  --rate-limit <n>         Requests per minute for this key, 1 to 100000 (default DEFAULT_RATE_LIMIT_PER_MINUTE, 100)
  --json                   Print one JSON object

The API key, the shared secret and a generated private key are shown only once.`,
  'apikey list': `Usage: npm run --silent cli -- apikey list --org <id> [--json]

Lists the organization's keys (revoked ones included); keys and secrets are never shown again.`,
  'apikey revoke': `Usage: npm run --silent cli -- apikey revoke <id> [--json]

Revokes the key with this id (as \`apikey list\` shows it). Every server instance refuses it at once.
Revoking an already revoked key changes nothing.`,
  call: `Usage: npm run --silent cli -- call <METHOD> <PATH> [--body <JSON> | --body-file <file>] [options]

Signs and sends one request with a fresh token (and an Idempotency-Key on every POST), then prints its status and
the server it reached to stderr and the response body to stdout: JSON pretty-printed, files (PDF, CSV, PNG) as their
exact bytes, so \`> receipt.pdf\` works. Exits 0 on 2xx, 1 otherwise.

  --body <JSON>              The request body, sent exactly as given
  --body-file <file>         The request body bytes, from a file
  --output <file>            Write the response body's bytes to this file instead of stdout
  --cred <file>              Credentials (default ${DEFAULT_CREDENTIALS_FILE}, written by sandbox bootstrap --save)
  --idempotency-key <key>    Use this key (to retry a request safely); default: a new UUID per POST
  --base-url <url>           Where the server runs (default APP_BASE_URL, else the running \`npm start\` as
                             recorded in ${INSTANCE_FILE}, else http://localhost:3000)

Example: npm run --silent cli -- call POST /api/v2/sandbox/deposits --body '{"amount":"250.00"}'`,
  sign: `Usage: npm run --silent cli -- sign --cred <file> --method <M> --uri <path?query> [--body-file <file>]

Prints the x-api-key and Authorization headers for one request, valid for 60 seconds.

  --cred <file>              JSON with api_key, private_key_pem and shared_secret (the sandbox bootstrap --json output)
  --private-key-file <file>  PKCS#8 PEM private key, when the credentials file has none (registered public key)
  --method <M>               GET, POST, PUT, PATCH or DELETE (signed as the token's method claim: it is good for no other)
  --uri <path?query>         Path and query exactly as you send them, e.g. /api/v2/funding/transactions?limit=10
  --body-file <file>         The exact body bytes you send (send them with curl --data-binary @file)

A state-changing request is accepted once per token: sign again for every request.`,
};

type OptionSpec = Record<string, { type: 'string' | 'boolean' }>;

/** Parsed flags, read through str() and flag() so a command only sees the types its spec declared. */
class Flags {
  constructor(private readonly values: Record<string, string | boolean | (string | boolean)[] | undefined>) {}

  str(name: string): string | undefined {
    const value = this.values[name];
    return typeof value === 'string' ? value : undefined;
  }

  flag(name: string): boolean {
    return this.values[name] === true;
  }
}

function parse(
  command: string,
  args: string[],
  options: OptionSpec,
  maxPositionals: number,
): { values: Flags; positionals: string[] } {
  try {
    const parsed = parseArgs({
      args,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    if (parsed.positionals.length > maxPositionals) {
      throw new UsageError(`unexpected argument "${parsed.positionals[maxPositionals]}" for ${command}`);
    }
    return { values: new Flags(parsed.values), positionals: parsed.positionals };
  } catch (error) {
    if (error instanceof UsageError) throw error;
    // node:util's messages are already one clear sentence ("Unknown option '--x'"…); drop its long hints.
    const message = error instanceof Error ? (error.message.split('. ')[0] ?? error.message) : String(error);
    throw new UsageError(`${message.replace(/\.$/, '')} (${command})`);
  }
}

const required = (value: string | undefined, flag: string, command: string): string => {
  if (!value) throw new UsageError(`${command} needs ${flag}`);
  return value;
};

function readFileArg(path: string, flag: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : code;
    throw new UsageError(`cannot read ${flag} ${path}: ${reason ?? 'unreadable'}`);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuidArg(value: string, what: string): string {
  if (!UUID.test(value)) throw new UsageError(`${what} must be an id like 0190f3a2-…, got "${value}"`);
  return value;
}

function print(text: string): void {
  process.stdout.write(`${text}\n`);
}

/** Runs `fn` against the database (see scripts/with-database.ts); a bad environment is a one-line failure. */
async function withDatabase<T>(fn: () => Promise<T>): Promise<T> {
  const [{ withDatabase: run }, { EnvError }] = await Promise.all([
    import('./with-database'),
    import('@/lib/platform/env'),
  ]);
  try {
    return await run(fn);
  } catch (error) {
    if (error instanceof EnvError) throw new CommandFailure(error.problems.join('; '));
    throw error;
  }
}

async function sandboxBootstrap(args: string[]): Promise<void> {
  const { values } = parse(
    'sandbox bootstrap',
    args,
    { json: { type: 'boolean' }, save: { type: 'boolean' } },
    0,
  );
  if (values.flag('help')) return print(HELP['sandbox bootstrap']!);
  const result = await withDatabase(async () => {
    const { bootstrapSandboxOrganization } = await import('@/lib/app/sandbox-bootstrap');
    return bootstrapSandboxOrganization();
  });
  if (values.flag('save')) {
    mkdirSync(path.dirname(DEFAULT_CREDENTIALS_FILE), { recursive: true });
    writeFileSync(DEFAULT_CREDENTIALS_FILE, `${JSON.stringify(result, null, 2)}\n`, { mode: 0o600 });
    chmodSync(DEFAULT_CREDENTIALS_FILE, 0o600);
    process.stderr.write(`Saved the credentials to ${DEFAULT_CREDENTIALS_FILE} (git-ignored).\n`);
  }
  if (values.flag('json')) return print(JSON.stringify(result, null, 2));
  print(bootstrapSummary(result, { saved: values.flag('save'), credentialsFile: DEFAULT_CREDENTIALS_FILE }));
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

async function staffCreateLead(args: string[]): Promise<void> {
  const { values } = parse(
    'staff create-lead',
    args,
    { email: { type: 'string' }, name: { type: 'string' }, another: { type: 'boolean' } },
    0,
  );
  if (values.flag('help')) return print(HELP['staff create-lead']!);
  const email = required(values.str('email'), '--email <email>', 'staff create-lead').trim();
  if (!EMAIL.test(email) || email.length > 254) {
    throw new UsageError(`--email must be an email address, got "${email}"`);
  }
  const name = required(values.str('name'), '--name <name>', 'staff create-lead').trim();
  if (name.length === 0 || name.length > 100) throw new UsageError('--name must be 1 to 100 characters');
  const result = await withDatabase(async () => {
    const { createStaffLead } = await import('@/lib/support/server');
    return createStaffLead((await import('@/db/client')).db(), {
      email,
      name,
      another: values.flag('another'),
    });
  });
  if (result.outcome === 'refused') throw new CommandFailure(result.reason);
  const { member } = result;
  print(
    `${result.resent ? 'Sent a new set-password link to' : 'Invited'} ${member.name} <${member.email}> as support lead (id ${member.id}).
She chooses her password from the link in her email (valid 7 days, once), then signs in to the support console
and invites the rest of the staff from its Staff page.`,
  );
}

async function apikeyCreate(args: string[]): Promise<void> {
  const { values } = parse(
    'apikey create',
    args,
    {
      org: { type: 'string' },
      name: { type: 'string' },
      'public-key-file': { type: 'string' },
      role: { type: 'string' },
      'rate-limit': { type: 'string' },
      json: { type: 'boolean' },
    },
    0,
  );
  if (values.flag('help')) return print(HELP['apikey create']!);
  const orgId = uuidArg(required(values.str('org'), '--org <id>', 'apikey create'), '--org');
  const role = values.str('role') ?? 'member';
  if (role !== 'member' && role !== 'approver') {
    throw new UsageError(`--role must be member or approver, got "${role}" (API keys are never admin)`);
  }
  const rateLimit = values.str('rate-limit');
  // The service's own rule, checked here too so a typo is a usage error before any database work.
  const rateLimitPerMinute =
    rateLimit === undefined ? undefined : /^\d+$/.test(rateLimit) ? Number(rateLimit) : Number.NaN;
  const rateLimitRefused = rateLimitPerMinute === undefined ? null : rateLimitProblem(rateLimitPerMinute);
  if (rateLimitRefused) throw new UsageError(`--rate-limit ${rateLimitRefused}, got "${rateLimit}"`);
  const publicKeyFile = values.str('public-key-file');
  const publicKeyPem =
    publicKeyFile === undefined
      ? undefined
      : readFileArg(publicKeyFile, '--public-key-file').toString('utf8');

  const key = await withDatabase(async () => {
    const { createApiKey } = await import('@/lib/identity/server');
    return createApiKey((await import('@/db/client')).db(), {
      orgId,
      name: values.str('name') ?? 'CLI key',
      role,
      rateLimitPerMinute,
      publicKeyPem,
    });
  });

  if (values.flag('json')) {
    return print(
      JSON.stringify(
        {
          id: key.id,
          org_id: key.orgId,
          name: key.name,
          api_key: key.apiKey,
          prefix: key.prefix,
          role: key.role,
          rate_limit_per_minute: key.rateLimitPerMinute,
          public_key_pem: key.publicKeyPem,
          private_key_pem: key.privateKeyPem,
          shared_secret: key.sharedSecret,
          created_at: key.createdAt.toISOString(),
        },
        null,
        2,
      ),
    );
  }
  const privateKey = key.privateKeyPem
    ? `\nPrivate key (PKCS#8 PEM):\n${key.privateKeyPem.trim()}\n`
    : '\nSign with the private key that belongs to the public key you registered.\n';
  print(`API key created.

  Id             ${key.id}
  Name           ${key.name}
  Role           ${key.role}
  Rate limit     ${key.rateLimitPerMinute} requests/minute
  API key        ${key.apiKey}
  Shared secret  ${key.sharedSecret}
${privateKey}
${key.privateKeyPem ? ONCE : 'Store the API key and the shared secret now: they are shown only once and cannot be retrieved later.'}`);
}

async function apikeyList(args: string[]): Promise<void> {
  const { values } = parse('apikey list', args, { org: { type: 'string' }, json: { type: 'boolean' } }, 0);
  if (values.flag('help')) return print(HELP['apikey list']!);
  const orgId = uuidArg(required(values.str('org'), '--org <id>', 'apikey list'), '--org');
  const keys = await withDatabase(async () => {
    const { listApiKeys } = await import('@/lib/identity/server');
    return listApiKeys((await import('@/db/client')).db(), orgId);
  });
  if (values.flag('json')) {
    return print(
      JSON.stringify(
        keys.map((key) => ({
          id: key.id,
          name: key.name,
          prefix: key.prefix,
          role: key.role,
          rate_limit_per_minute: key.rateLimitPerMinute,
          created_at: key.createdAt.toISOString(),
          last_used_at: key.lastUsedAt?.toISOString() ?? null,
          revoked_at: key.revokedAt?.toISOString() ?? null,
        })),
        null,
        2,
      ),
    );
  }
  if (keys.length === 0) return print('This organization has no API keys.');
  const rows = keys.map((key) => [
    key.id,
    `${key.prefix}…`,
    key.name,
    key.role,
    `${key.rateLimitPerMinute}/min`,
    key.lastUsedAt?.toISOString() ?? 'never',
    key.revokedAt ? `revoked ${key.revokedAt.toISOString()}` : 'active',
  ]);
  const header = ['ID', 'KEY', 'NAME', 'ROLE', 'LIMIT', 'LAST USED', 'STATUS'];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  for (const row of [header, ...rows])
    print(
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    );
}

async function apikeyRevoke(args: string[]): Promise<void> {
  const { values, positionals } = parse('apikey revoke', args, { json: { type: 'boolean' } }, 1);
  if (values.flag('help')) return print(HELP['apikey revoke']!);
  const id = uuidArg(
    required(positionals[0], 'the key id (apikey revoke <id>)', 'apikey revoke'),
    'the key id',
  );
  const key = await withDatabase(async () => {
    const { revokeApiKey } = await import('@/lib/identity/server');
    return revokeApiKey((await import('@/db/client')).db(), { id });
  });
  if (!key) throw new CommandFailure(`API key ${id} not found`);
  if (values.flag('json')) {
    return print(
      JSON.stringify(
        {
          id: key.id,
          prefix: key.prefix,
          revoked_at: key.revokedAt.toISOString(),
          already_revoked: key.alreadyRevoked,
        },
        null,
        2,
      ),
    );
  }
  print(
    key.alreadyRevoked
      ? `API key ${key.id} (${key.prefix}…) was already revoked at ${key.revokedAt.toISOString()}.`
      : `Revoked API key ${key.id} (${key.prefix}…) at ${key.revokedAt.toISOString()}; it is refused from now on.`,
  );
}

const SIGNABLE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

function readCredentials(path: string): Record<string, unknown> {
  const text = readFileArg(path, '--cred').toString('utf8');
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // Reported below, with the same message as a JSON value that is not an object.
  }
  throw new UsageError(
    `--cred ${path} is not a JSON object (expected the output of sandbox bootstrap --json)`,
  );
}

async function sign(args: string[]): Promise<void> {
  const { values } = parse(
    'sign',
    args,
    {
      cred: { type: 'string' },
      'private-key-file': { type: 'string' },
      method: { type: 'string' },
      uri: { type: 'string' },
      'body-file': { type: 'string' },
    },
    0,
  );
  if (values.flag('help')) return print(HELP.sign!);
  const credPath = required(values.str('cred'), '--cred <file>', 'sign');
  const method = required(values.str('method'), '--method <M>', 'sign').toUpperCase();
  const uri = required(values.str('uri'), '--uri <path?query>', 'sign');
  if (!SIGNABLE_METHODS.includes(method)) {
    throw new UsageError(
      `--method must be one of ${SIGNABLE_METHODS.join(', ')}, got "${values.str('method')}"`,
    );
  }
  if (!uri.startsWith('/')) {
    throw new UsageError(
      `--uri must be the path and query as sent (e.g. /api/v2/funding/balance), not "${uri}"`,
    );
  }
  const credentials = readCredentials(credPath);
  const field = (name: string): string => {
    const value = credentials[name];
    if (typeof value !== 'string' || value.length === 0) {
      throw new UsageError(`--cred ${credPath} has no "${name}"`);
    }
    return value;
  };
  const privateKeyFile = values.str('private-key-file');
  const privateKeyPem = privateKeyFile
    ? readFileArg(privateKeyFile, '--private-key-file').toString('utf8')
    : field('private_key_pem');
  const bodyFile = values.str('body-file');
  const body = bodyFile ? new Uint8Array(readFileArg(bodyFile, '--body-file')) : undefined;

  let headers: Awaited<ReturnType<typeof signRequest>>;
  try {
    headers = await signRequest({
      apiKey: field('api_key'),
      privateKeyPem,
      sharedSecret: field('shared_secret'),
      method,
      uri,
      body,
    });
  } catch {
    throw new UsageError('the private key is not a PKCS#8 PEM EC P-256 key (-----BEGIN PRIVATE KEY-----)');
  }
  print(`x-api-key: ${headers['x-api-key']}`);
  print(`Authorization: ${headers.authorization}`);
}

async function call(args: string[]): Promise<void> {
  const { values, positionals } = parse(
    'call',
    args,
    {
      cred: { type: 'string' },
      body: { type: 'string' },
      'body-file': { type: 'string' },
      'idempotency-key': { type: 'string' },
      'base-url': { type: 'string' },
      output: { type: 'string' },
    },
    2,
  );
  if (values.flag('help')) return print(HELP.call!);
  const [rawMethod, pathWithQuery] = positionals;
  if (!rawMethod || !pathWithQuery)
    throw new UsageError('call needs <METHOD> <PATH>, e.g. call GET /api/v2/funding/balance');
  const method = rawMethod.toUpperCase();
  if (!SIGNABLE_METHODS.includes(method)) {
    throw new UsageError(`<METHOD> must be one of ${SIGNABLE_METHODS.join(', ')}, got "${rawMethod}"`);
  }
  if (!pathWithQuery.startsWith('/')) {
    throw new UsageError(
      `<PATH> must be the path and query (e.g. /api/v2/funding/balance), not "${pathWithQuery}"`,
    );
  }
  const bodyText = values.str('body');
  const bodyFile = values.str('body-file');
  if (bodyText !== undefined && bodyFile !== undefined)
    throw new UsageError('give --body or --body-file, not both');
  const rawBody = bodyFile ? new Uint8Array(readFileArg(bodyFile, '--body-file')) : bodyText;

  const credPath = values.str('cred') ?? DEFAULT_CREDENTIALS_FILE;
  let credentials: Record<string, unknown>;
  try {
    credentials = readCredentials(credPath);
  } catch (error) {
    if (values.str('cred') === undefined && error instanceof UsageError) {
      throw new UsageError(
        `no credentials in ${DEFAULT_CREDENTIALS_FILE}: run \`npm run --silent cli -- sandbox bootstrap --save\` first, or pass --cred <file>`,
      );
    }
    throw error;
  }
  const field = (name: string): string => {
    const value = credentials[name];
    if (typeof value !== 'string' || value.length === 0)
      throw new UsageError(`--cred ${credPath} has no "${name}"`);
    return value;
  };
  const baseUrl = (
    values.str('base-url') ??
    process.env.APP_BASE_URL ??
    runningInstanceUrl() ??
    'http://localhost:3000'
  ).replace(/\/$/, '');
  const client = new PayoutApiClient({
    baseUrl,
    apiKey: field('api_key'),
    privateKeyPem: field('private_key_pem'),
    sharedSecret: field('shared_secret'),
  });
  const idempotencyKey = method === 'POST' ? (values.str('idempotency-key') ?? randomUUID()) : undefined;
  let response: Response;
  try {
    response = await client.send(method, pathWithQuery, {
      rawBody,
      headers: rawBody === undefined ? {} : { 'content-type': 'application/json' },
      idempotencyKey,
    });
  } catch (error) {
    if (error instanceof TypeError && /fetch failed/i.test(error.message)) {
      throw new CommandFailure(
        `cannot reach ${baseUrl}: is \`npm start\` running? (--base-url to change it)`,
      );
    }
    throw error;
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  process.stderr.write(
    `HTTP ${response.status} from ${baseUrl}${idempotencyKey ? ` (Idempotency-Key: ${idempotencyKey})` : ''}\n`,
  );
  const output = values.str('output');
  if (output !== undefined) {
    writeFileSync(output, bytes);
    process.stderr.write(`Wrote ${bytes.length} bytes to ${output}\n`);
  } else {
    writeBody(bytes, response.headers.get('content-type') ?? '');
  }
  if (!response.ok) process.exitCode = 1;
}

/** The URL the running `npm start` recorded, unless that process is gone (a file left by a crash). */
function runningInstanceUrl(): string | undefined {
  try {
    const recorded = JSON.parse(readFileSync(INSTANCE_FILE, 'utf8')) as { url?: unknown; pid?: unknown };
    if (typeof recorded.url !== 'string' || typeof recorded.pid !== 'number') return undefined;
    process.kill(recorded.pid, 0);
    return recorded.url;
  } catch {
    return undefined;
  }
}

/**
 * JSON is pretty-printed and text printed as it came, each ending with a newline; anything else (a PDF receipt, a
 * PNG) goes out as its exact bytes, because re-encoding it as text would corrupt the file a redirect writes.
 */
function writeBody(bytes: Buffer, contentType: string): void {
  if (bytes.length === 0) return;
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  const isJson = mediaType === 'application/json' || mediaType.endsWith('+json');
  if (isJson) {
    const text = bytes.toString('utf8');
    let pretty = text;
    try {
      pretty = JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      // Labelled JSON that is not: show it as it came.
    }
    print(pretty);
    return;
  }
  if (mediaType.startsWith('text/')) {
    const text = bytes.toString('utf8');
    print(text.endsWith('\n') ? text.slice(0, -1) : text);
    return;
  }
  if (process.stdout.isTTY) {
    process.stderr.write(
      `The body is a ${mediaType || 'binary'} file of ${bytes.length} bytes: use --output <file> or redirect stdout.\n`,
    );
    return;
  }
  process.stdout.write(bytes);
}

const COMMANDS: Record<string, (args: string[]) => Promise<void>> = {
  'sandbox bootstrap': sandboxBootstrap,
  'staff create-lead': staffCreateLead,
  'apikey create': apikeyCreate,
  'apikey list': apikeyList,
  'apikey revoke': apikeyRevoke,
  sign,
  call,
};

const GROUPS: Record<string, string[]> = {
  sandbox: ['bootstrap'],
  staff: ['create-lead'],
  apikey: ['create', 'list', 'revoke'],
};

async function main(argv: string[]): Promise<void> {
  const [first, second, ...rest] = argv;
  if (first === undefined) {
    process.stderr.write(`${ROOT_HELP}\n`);
    process.exitCode = 2;
    return;
  }
  if (first === '--help' || first === '-h' || first === 'help') return print(ROOT_HELP);
  if (first === 'sign') return sign(argv.slice(1));
  if (first === 'call') return call(argv.slice(1));
  const group = GROUPS[first];
  if (!group)
    throw new UsageError(
      `unknown command "${first}" (commands: sandbox, staff, apikey, call, sign; see --help)`,
    );
  if (second === undefined || second === '--help' || second === '-h') {
    const lines = group.map((sub) => HELP[`${first} ${sub}`]!.split('\n')[0] ?? '');
    return print(
      `Commands of "${first}":\n${lines.map((line) => `  ${line.replace('Usage: ', '')}`).join('\n')}`,
    );
  }
  const run = COMMANDS[`${first} ${second}`];
  if (!run)
    throw new UsageError(`unknown command "${first} ${second}" (${first} commands: ${group.join(', ')})`);
  return run(rest);
}

/** One line for a failure, never a stack: an ApiError's field messages, else the first line of the message. */
function describeError(error: unknown): string {
  if (error && typeof error === 'object' && 'fieldErrors' in error && Array.isArray(error.fieldErrors)) {
    const fields = (error.fieldErrors as { message?: unknown }[])
      .map((f) => String(f.message))
      .filter(Boolean);
    if (fields.length > 0) return fields.join('; ');
  }
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!.trim() || 'unexpected failure';
}

/** Bad input is a usage error (2), whether the CLI or the service (a validation error, e.g. an unusable public key) found it. */
function exitCodeFor(error: unknown): number {
  if (error instanceof UsageError) return 2;
  return error instanceof ApiError && error.kind === 'validation' ? 2 : 1;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`error: ${describeError(error)}\n`);
  process.exitCode = exitCodeFor(error);
});
