// Owns a support lead opening a client organization: the organization with its products, its default margin, and
// the invitation of its first admin, in one transaction (a refusal anywhere stores nothing).
import type { z } from 'zod';
import type { Executor } from '@/db/client';
import { createInvitation, createOrganization } from '@/lib/identity/server';
import type { StaffActor } from '@/lib/platform/actor/actor';
import { assertNotViewing } from '@/lib/platform/actor/read-only-view';
import { now } from '@/lib/platform/clock';
import { auditActorOf } from '@/lib/platform/events/audit-actor';
import { setMargin } from '@/lib/pricing/server';
import type {
  CreatedClientOrganizationWire,
  createClientOrganizationBody,
} from '@/lib/support/contract/staff-schemas';

export async function openClientOrganization(
  executor: Executor,
  actor: StaffActor,
  input: z.output<typeof createClientOrganizationBody>,
  requestId?: string,
): Promise<CreatedClientOrganizationWire> {
  assertNotViewing(actor);
  const audit = auditActorOf(actor);
  return executor.transaction(async (tx) => {
    const organization = await createOrganization(tx, {
      name: input.name,
      legalName: input.legal_name,
      country: input.country,
      entitlements: input.entitlements,
      actor: audit,
      requestId,
    });
    // The pricing area's own service: its validation, its audit event.
    const margin =
      input.margin_bps === undefined
        ? null
        : await setMargin(tx, actor, {
            org_id: organization.id,
            currency: null,
            margin_bps: input.margin_bps,
          });
    const invitation = await createInvitation(tx, {
      orgId: organization.id,
      email: input.admin_email,
      role: 'admin',
      invitedByUserId: actor.userId,
      actor: audit,
      requestId,
    });
    return {
      id: organization.id,
      name: organization.name,
      entitlements: [...input.entitlements],
      margin_bps: margin?.margin_bps ?? null,
      admin_invitation: { id: invitation.id, email: invitation.email, expires_at: invitation.expires_at },
      created_at: now().toISOString(),
    };
  });
}
