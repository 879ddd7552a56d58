// Owns `npm run --silent cli -- <command>`: sandbox bootstrap, API key management and request signing from a terminal.
//
// Database modules are imported dynamically, after the environment is settled (DATABASE_URL, or the embedded server's
// URL and secrets), because lib/env and db/client read process.env on first use. `sign` needs no database at all.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { rateLimitProblem } from '@/lib/auth/api-key-limits';
import { signRequest } from '@/lib/client/sign';

/** Wrong usage: exit 2 with one line. */
class UsageError extends Error {}
/** The command ran but could not do its job (not found, refused, database down): exit 1 with one line. */
class CommandFailure extends Error {}

const ROOT_HELP = `Payout portal CLI

Usage: npm run --silent cli -- <command> [options]

Commands:
  sandbox bootstrap        Create a sandbox organization with an admin, an API key, profiles and funds
  apikey create            Issue an API key for an organization
  apikey list              List an organization's API keys
  apikey revoke <id>       Revoke an API key at once
  sign                     Print the two authentication headers for one request (no database needed)

Run a command with --help for its options.
Database commands use DATABASE_URL when set, otherwise the embedded database in .data/ (started if not running).`;

const HELP: Record<string, string> = {
  'sandbox bootstrap': `Usage: npm run --silent cli -- sandbox bootstrap [--json]

Creates a sandbox organization entitled to every product, with an admin user, an API key (approver) with a
generated ES256 key pair, two ready senders, three ready beneficiaries (EUR, GBP, INR) and a funded USDT balance.

  --json    Print one JSON object (save it: it is the credentials file \`sign --cred\` reads)

The private key, shared secret and admin password are shown only once.`,
  'apikey create': `Usage: npm run --silent cli -- apikey create --org <id> [options]

  --org <id>               Organization id (required)
  --name <name>            Label shown in key lists (default "CLI key")
  --public-key-file <F>    Register your own P-256 public key (SPKI PEM); otherwise a key pair is generated
  --role <role>            member or approver (default approver)
  --rate-limit <n>         Requests per minute for this key, 1 to 100000 (default DEFAULT_RATE_LIMIT_PER_MINUTE, 100)
  --json                   Print one JSON object

The API key, the shared secret and a generated private key are shown only once.`,
  'apikey list': `Usage: npm run --silent cli -- apikey list --org <id> [--json]

Lists the organization's keys (revoked ones included); keys and secrets are never shown again.`,
  'apikey revoke': `Usage: npm run --silent cli -- apikey revoke <id> [--json]

Revokes the key with this id (as \`apikey list\` shows it). Every server instance refuses it at once.
Revoking an already revoked key changes nothing.`,
  sign: `Usage: npm run --silent cli -- sign --cred <file> --method <M> --uri <path?query> [--body-file <file>]

Prints the x-api-key and Authorization headers for one request, valid for 60 seconds.

  --cred <file>              JSON with api_key, private_key_pem and shared_secret (the sandbox bootstrap --json output)
  --private-key-file <file>  PKCS#8 PEM private key, when the credentials file has none (registered public key)
  --method <M>               GET, POST, PUT, PATCH or DELETE
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

/**
 * Runs `fn` against the database, then closes the pool and releases the embedded server (which stops only when no
 * other process, such as `npm start`, still holds it).
 */
async function withDatabase<T>(fn: () => Promise<T>): Promise<T> {
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!process.env.DATABASE_URL) {
    const { startEmbeddedDatabase } = await import('./embedded-db.mjs');
    // Finds the server `npm start` runs (through .data/), or starts one: never a second postmaster on that data.
    const embedded = await startEmbeddedDatabase();
    stopEmbedded = embedded.stop;
    for (const [name, value] of Object.entries(embedded.env)) process.env[name] ??= value;
  }
  try {
    const { EnvError, parseEnv } = await import('@/lib/env');
    try {
      parseEnv(process.env);
    } catch (error) {
      if (error instanceof EnvError) throw new CommandFailure(error.problems.join('; '));
      throw error;
    }
    if (stopEmbedded) {
      // The embedded database may be fresh (no `npm start` yet): bring its schema up to date (a no-op when it is).
      const { migrate } = await import('@/db/migrate');
      await migrate(process.env.DATABASE_URL!);
    }
    const { closeDb } = await import('@/db/client');
    try {
      return await fn();
    } finally {
      await closeDb();
    }
  } finally {
    await stopEmbedded?.();
  }
}

const ONCE =
  'Store the private key and the shared secret now: they are shown only once and cannot be retrieved later.';

async function sandboxBootstrap(args: string[]): Promise<void> {
  const { values } = parse('sandbox bootstrap', args, { json: { type: 'boolean' } }, 0);
  if (values.flag('help')) return print(HELP['sandbox bootstrap']!);
  const result = await withDatabase(async () => {
    const { bootstrapSandboxOrganization } = await import('@/lib/sandbox/bootstrap');
    return bootstrapSandboxOrganization();
  });
  if (values.flag('json')) return print(JSON.stringify(result, null, 2));
  print(`Sandbox organization created.

  Organization   ${result.org_id}
  Balance        ${result.balance} USDT available
  Admin sign-in  ${result.admin.email}
  Password       ${result.admin.password}
  API key id     ${result.api_key_id}
  API key        ${result.api_key}
  Shared secret  ${result.shared_secret}
  Senders        ${result.senders.map((s) => `${s.id} (${s.country})`).join('\n                 ')}
  Beneficiaries  ${result.beneficiaries.map((b) => `${b.id} (${b.currency}, sender ${b.sender_profile_id})`).join('\n                 ')}

Private key (PKCS#8 PEM):
${result.private_key_pem.trim()}

${ONCE} The admin password too.
Tip: \`npm run --silent cli -- sandbox bootstrap --json > sandbox.json\` saves everything as a credentials file
for \`npm run --silent cli -- sign --cred sandbox.json …\`.`);
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
  const role = values.str('role') ?? 'approver';
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
    const { createApiKey } = await import('@/lib/auth/api-keys');
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
    const { listApiKeys } = await import('@/lib/auth/api-keys');
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
    const { revokeApiKey } = await import('@/lib/auth/api-keys');
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

const COMMANDS: Record<string, (args: string[]) => Promise<void>> = {
  'sandbox bootstrap': sandboxBootstrap,
  'apikey create': apikeyCreate,
  'apikey list': apikeyList,
  'apikey revoke': apikeyRevoke,
  sign,
};

const GROUPS: Record<string, string[]> = { sandbox: ['bootstrap'], apikey: ['create', 'list', 'revoke'] };

async function main(argv: string[]): Promise<void> {
  const [first, second, ...rest] = argv;
  if (first === undefined) {
    process.stderr.write(`${ROOT_HELP}\n`);
    process.exitCode = 2;
    return;
  }
  if (first === '--help' || first === '-h' || first === 'help') return print(ROOT_HELP);
  if (first === 'sign') return sign(argv.slice(1));
  const group = GROUPS[first];
  if (!group)
    throw new UsageError(`unknown command "${first}" (commands: sandbox, apikey, sign; see --help)`);
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

/** Bad input is a usage error (2), whether the CLI or the service (a 422, e.g. an unusable public key) found it. */
function exitCodeFor(error: unknown): number {
  if (error instanceof UsageError) return 2;
  const status = error && typeof error === 'object' && 'status' in error ? error.status : undefined;
  return status === 422 ? 2 : 1;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`error: ${describeError(error)}\n`);
  process.exitCode = exitCodeFor(error);
});
