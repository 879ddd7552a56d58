// Owns the enumerations of api keys shared by the tables, the wire schemas and the portal (no drizzle, no db/).

/** API keys act as member or approver, never admin (admin work needs a person). */
export const API_KEY_ROLES = ['member', 'approver'] as const;
export type ApiKeyRole = (typeof API_KEY_ROLES)[number];

/** A new key's role unless asked otherwise: the least, so a leaked key cannot confirm batches or withdraw. */
export const DEFAULT_API_KEY_ROLE = 'member' satisfies ApiKeyRole;

/**
 * Why a token was refused, as the sandbox tells the client (`reason` on `invalid_token`); production never sends it.
 * The first ten are DESIGN's ("Why a token was refused"); the others name the remaining checks.
 */
export const TOKEN_REFUSAL_REASONS = [
  'uri_mismatch',
  'body_hash_mismatch',
  'signature_not_raw_r_s',
  'nbf_in_milliseconds',
  'lifetime_too_long',
  'token_replayed',
  'key_revoked',
  'key_unknown',
  'expired',
  'not_yet_valid',
  'credentials_incomplete',
  'token_malformed',
  'algorithm_not_es256',
  'signature_invalid',
  'claims_missing',
  'sub_mismatch',
  'time_claims_not_whole_seconds',
  'organization_suspended',
  'method_mismatch',
] as const;
export type TokenRefusalReason = (typeof TOKEN_REFUSAL_REASONS)[number];
