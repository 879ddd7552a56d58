// Types of scripts/embedded-db.mjs for TypeScript importers (tests, scripts/migrate.ts).

export interface EmbeddedPostgresOptions {
  /** Data directory, relative to the working directory (default `.data`). */
  dir?: string;
  /** Database created if missing (default `payout`). */
  database?: string;
  /** Server max_connections (default 100). */
  maxConnections?: number;
  /** Further server settings, e.g. `{ fsync: 'off' }` for throwaway test clusters. */
  settings?: Record<string, string | number>;
  /** Progress messages (default: silent). */
  log?: (message: string) => void;
}

export interface EmbeddedPostgres {
  /** Connection URL of the requested database. */
  url: string;
  /** Connection URL of the `postgres` maintenance database (CREATE/DROP DATABASE). */
  adminUrl: string;
  urlFor(database: string): string;
  port: number;
  pid: number;
  /** Whether this call started the server (false when it reused a running one). */
  started: boolean;
  /** Releases this handle's lease; the server stops when no live process holds a lease any more. */
  stop(): Promise<void>;
}

export interface EmbeddedSecrets {
  AUTH_SECRET: string;
  ENCRYPTION_KEY: string;
}

export interface EmbeddedDatabase extends EmbeddedPostgres {
  /** DATABASE_URL logs in as APP_ROLE; MIGRATION_DATABASE_URL as the owner (`url`). */
  env: EmbeddedSecrets & {
    DATABASE_URL: string;
    MIGRATION_DATABASE_URL: string;
    APP_ENV: 'sandbox';
    EMBEDDED_DATABASE: 'true';
  };
}

/** The role the application runs as on the embedded server (no superuser, owns nothing). */
export const APP_ROLE: string;
/** The owner's URL with APP_ROLE's login instead. */
export function appRoleUrl(ownerUrl: string): string;

export function ensureEmbeddedPostgres(options?: EmbeddedPostgresOptions): Promise<EmbeddedPostgres>;
export function stopEmbeddedPostgres(options?: { dir?: string }): Promise<boolean>;
export function loadOrCreateSecrets(options?: { dir?: string }): EmbeddedSecrets;
export function startEmbeddedDatabase(options?: EmbeddedPostgresOptions): Promise<EmbeddedDatabase>;
/** A port nothing listens on now (the OS picks it), on 127.0.0.1. */
export function freePort(): Promise<number>;

/** The paths of one embedded cluster: `pgDir` (the data directory), its state (password, port), log and secrets. */
export function layout(dir: string): {
  base: string;
  pgDir: string;
  stateFile: string;
  logFile: string;
  lockFile: string;
  leaseDir: string;
  secretsFile: string;
};
/** The owner the server's files need: the `postgres` system user as root, nothing otherwise. */
export function embeddedServerUser(): Promise<{ uid?: number; gid?: number }>;
