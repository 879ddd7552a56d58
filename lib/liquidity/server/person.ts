// Owns "the same person" for four eyes on withdrawals and wallets: an API key acts for the user who created it, so
// a second key of the requester (or a key an admin mints for themselves) is never the second pair of eyes.
// TODO(merge): the request actor in lib/auth gains the key's creator in parallel (issue #29 §2); use it then.
import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { apiKeys } from '@/db/schema/identity/api-keys';
import { ApiError } from '@/lib/platform/errors/api-error';

/** Who asked for something: exactly one of the two, as the request recorded it. */
export type Requester = { userId: string } | { apiKeyId: string };

/** A person: a user id, or a key with no creator (CLI, fixtures), which counts as its own person. */
export type Person = { userId: string } | { apiKeyId: string };

/** The person a requester counts as: the user, or the key's creator when it has one. */
export async function personOf(executor: Executor, requester: Requester): Promise<Person> {
  if ('userId' in requester) return { userId: requester.userId };
  const [row] = await executor
    .select({ createdByUserId: apiKeys.createdByUserId })
    .from(apiKeys)
    .where(eq(apiKeys.id, requester.apiKeyId));
  return row?.createdByUserId ? { userId: row.createdByUserId } : { apiKeyId: requester.apiKeyId };
}

export function samePerson(a: Person, b: Person): boolean {
  if ('userId' in a && 'userId' in b) return a.userId === b.userId;
  if ('apiKeyId' in a && 'apiKeyId' in b) return a.apiKeyId === b.apiKeyId;
  return false;
}

/** `separate_approver_required` when the approver is the person who asked (`what` names the thing). */
export async function assertSecondPerson(
  executor: Executor,
  requester: Requester,
  approverUserId: string,
  what: string,
): Promise<void> {
  if (!samePerson(await personOf(executor, requester), { userId: approverUserId })) return;
  throw new ApiError('forbidden', SEPARATE_APPROVER(what), { code: 'separate_approver_required' });
}

/** The refusal of the person who asked, as the approval policy has always said it. */
export const SEPARATE_APPROVER = (what: string) =>
  `approval policy: ${what} must be approved by an approver other than the person who asked for it (an API key counts as the user who created it)`;
