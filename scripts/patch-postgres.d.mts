// Types of scripts/patch-postgres.mjs for the test that checks the patch is applied.
export declare const POSTGRES_CONNECTION_FILES: string[];
