// Owns the SemVer of the v2 API description: the minor grows with additive changes, the patch with corrections.

/**
 * `info.version` of the OpenAPI document. Its major always equals the `/api/v2` of the paths; within it,
 * changes are additive only (see the changelog), so clients never route on it.
 */
export const API_VERSION = '2.10.0';
