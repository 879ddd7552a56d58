// Owns which sandbox emails a signed-in person may read: their own, plus their organization's when they are its admin.
import type { Executor } from '@/db/client';
import { type OrgRole, roleAtLeast } from '@/lib/platform/actor/roles';
import { listOutbox, type OutboxMessage } from './list-outbox';

export interface OutboxMessageWire {
  id: string;
  kind: OutboxMessage['kind'];
  to: string;
  subject: string;
  text: string;
  /** The absolute links in the text, in order (what a person would click). */
  links: string[];
  created_at: string;
}

const LINK = /https?:\/\/[^\s<>"]+/g;

/**
 * Messages addressed to the user's account (password resets, invitations to an email that has an account) and, for
 * an admin, every message about the organization (invitations to new people): an invitation link grants a role, so
 * only those who may grant it see it. Newest first.
 */
export async function listVisibleOutbox(
  executor: Executor,
  viewer: { userId: string; orgId: string | null; role: OrgRole | null },
  limit = 50,
): Promise<{ items: OutboxMessageWire[] }> {
  const [own, organization] = await Promise.all([
    listOutbox(executor, { userId: viewer.userId, limit }),
    // Admins are who may invite (createInvitation's role).
    viewer.orgId && viewer.role && roleAtLeast(viewer.role, 'admin')
      ? listOutbox(executor, { orgId: viewer.orgId, limit })
      : [],
  ]);
  const byId = new Map<string, OutboxMessage>();
  for (const message of [...own, ...organization]) byId.set(message.id, message);
  const items = [...byId.values()]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
    .slice(0, limit)
    .map((message) => ({
      id: message.id,
      kind: message.kind,
      to: message.to,
      subject: message.subject,
      text: message.text,
      links: message.text.match(LINK) ?? [],
      created_at: message.createdAt.toISOString(),
    }));
  return { items };
}
