// Types of scripts/patch-postgres.mjs for the tests and the start-up checks (instrumentation.ts, scripts/worker.ts).
export declare const POSTGRES_CONNECTION_FILES: string[];
export declare const POSTGRES_PATCHES: { name: string; mark: string; upstream: string }[];
export declare function postgresConnectionFiles(root?: string): string[];
export declare function missingPostgresPatches(files?: string[]): string[];
export declare function assertPostgresPatched(files?: string[]): void;
export declare function exitUnlessPostgresPatched(files?: string[]): void;
export declare function patchPostgres(files?: string[]): string[];
export declare class PostgresNotPatchedError extends Error {}
