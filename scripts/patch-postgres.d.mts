// Types of scripts/patch-postgres.mjs for the test that checks the patches are applied.
export declare const POSTGRES_CONNECTION_FILES: string[];
export declare const POSTGRES_PATCHES: { name: string; mark: string; upstream: string }[];
