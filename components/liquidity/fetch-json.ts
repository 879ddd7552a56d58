// Owns the liquidity pages' plain same-origin JSON calls (until they move onto the typed operation fetch of lib/browser).

export class PortalApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: { field: string; code: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'PortalApiError';
  }
}

interface ErrorBody {
  statusCode?: number;
  message?: string | string[];
  errors?: { field: string; code: string; message: string }[];
  error?: { message?: string; errors?: { field: string; code: string; message: string }[] };
}

export async function fetchJson<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(path, {
    ...init,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
  });
  const body = (await response.json().catch(() => undefined)) as unknown;
  if (response.ok) return body as T;
  const error = (body ?? {}) as ErrorBody;
  const message =
    error.error?.message ?? (Array.isArray(error.message) ? error.message.join('; ') : error.message);
  throw new PortalApiError(
    response.status,
    message ?? `Request failed (${response.status})`,
    error.errors ?? error.error?.errors,
  );
}
