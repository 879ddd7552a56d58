// Serves GET and PATCH /api/v2/organizations/me/settings: the review digest rule, re-quote tolerance and low-balance notice.

import { handle } from '@/lib/app/handle';
import {
  getOrganizationSettingsOperation,
  updateOrganizationSettingsOperation,
} from '@/lib/identity/contract/organizations-operations';
import { getOrganizationSettings, updateOrganizationSettings } from '@/lib/identity/server';
import { auditActorOf } from '@/lib/platform/events/audit-actor';
import { route } from '@/lib/platform/http/route';

export const dynamic = 'force-dynamic';
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(getOrganizationSettingsOperation, ({ actor, db }) => getOrganizationSettings(db, actor.orgId)),
  PATCH: handle(updateOrganizationSettingsOperation, ({ actor, db, body, requestId }) =>
    updateOrganizationSettings(db, {
      orgId: actor.orgId,
      change: body,
      actor: auditActorOf(actor),
      requestId,
    }),
  ),
});
