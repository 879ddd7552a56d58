// Owns the rules of a treasury rate sheet that both the wire schema and the console's form apply (browser-safe, free
// of zod so the form can check a pasted sheet without loading the schemas).

/** The most currencies one sheet may carry (the product pays a few dozen; more is a paste gone wrong). */
export const MAX_SHEET_RATES = 200;
/** How far ahead a sheet may be valid: a sheet nobody renews for a week should stop quoting. */
export const MAX_SHEET_VALIDITY_HOURS = 7 * 24;
/** The shortest validity a sheet may have, so a typo in the date cannot publish a sheet that is stale at once. */
export const MIN_SHEET_VALIDITY_MINUTES = 5;
/** A rate as treasury types it: a positive decimal, at most 12 integer and 12 fraction digits. */
export const SHEET_RATE_TEXT = /^(?=.*[1-9])\d{1,12}(\.\d{1,12})?$/;
/** An ISO 4217 code. */
export const SHEET_CURRENCY_TEXT = /^[A-Z]{3}$/;
