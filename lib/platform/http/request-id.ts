// Owns X-Request-Id: echo a client's well-formed id, otherwise mint one.
import { newId } from '@/lib/platform/ids';

const ACCEPTABLE = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFrom(headers: Headers): string {
  const sent = headers.get('x-request-id');
  return sent && ACCEPTABLE.test(sent) ? sent : newId();
}
