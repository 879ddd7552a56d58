// Owns keeping secrets out of logs: the paths and query strings that carry a bearer secret (an invitation token in
// the path, a reset token or any other credential in the query) are logged with the secret replaced.

export const REDACTED = '[redacted]';

/**
 * Paths whose next segment is itself a credential: whoever has it can join an organization. Every operation with a
 * `{token}` path parameter must be matched here (lib/platform/log-redaction.test.ts checks the declarations).
 */
const SECRET_SEGMENT = /^(\/+(?:api\/(?:auth|v2)\/)?invitations\/)[^/]+/;
/** Query parameters whose value is a credential wherever they appear. */
const SECRET_PARAM = /^(token|reset_token|secret|code|password|api[_-]?key|key|signature|sig)$/i;

function decode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

function redactSegments(path: string): string {
  return path.replace(SECRET_SEGMENT, `$1${REDACTED}`);
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      const name = pair.slice(0, equals);
      const value = decode(pair.slice(equals + 1));
      if (SECRET_PARAM.test(decode(name))) return `${name}=${REDACTED}`;
      // A path carried in a parameter (`/login?callbackUrl=/invitations/<token>`) keeps its secret too.
      const redacted = redactPath(value);
      return redacted === value ? pair : `${name}=${encodeURIComponent(redacted)}`;
    })
    .join('&');
}

/** `target` (a path, with or without its query) as it may be written to a log; the fragment is dropped. */
export function redactPath(target: string): string {
  const withoutFragment = target.split('#', 1)[0] ?? '';
  const question = withoutFragment.indexOf('?');
  if (question < 0) return redactSegments(withoutFragment);
  return `${redactSegments(withoutFragment.slice(0, question))}?${redactQuery(withoutFragment.slice(question + 1))}`;
}
