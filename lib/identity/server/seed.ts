// Owns the demo's organizations and people: Acme (every product), Globex (payouts only), their users, provider staff
// and Acme's integration key — all through the real services.
import { inArray } from 'drizzle-orm';
import { organizations } from '@/db/schema/identity/organizations';
import { memberships, type OrgRole, STAFF_ROLES, type StaffRole, users } from '@/db/schema/identity/users';
import { createApiKey } from '@/lib/identity/server/auth/api-key-lifecycle';
import { hashPassword } from '@/lib/identity/server/auth/password-hash';
import { addMembership, createUser } from '@/lib/identity/server/auth/users';
import { createOrganization } from '@/lib/identity/server/organizations/create-organization';
import { SYSTEM_ACTOR } from '@/lib/platform/events/audit-actor';
import { recordEvent } from '@/lib/platform/events/record-event';
import type { SeedContext } from '@/lib/platform/seed/context';
import { days, minutesBefore } from '@/lib/platform/seed/time';
import { DEMO_LOGINS, DEMO_ORGANIZATIONS, DEMO_PASSWORD, type DemoOrgKey } from './demo-logins';

export {
  DEMO_LOGINS,
  DEMO_ORGANIZATIONS,
  type DemoOrgKey,
} from './demo-logins';

export type DemoUserKey =
  | 'acmeAdmin'
  | 'acmeApprover'
  | 'acmeMember'
  | 'acmeCfo'
  | 'globexAdmin'
  | 'support'
  | 'supportLead'
  | 'operations'
  | 'payments'
  | 'treasury';

const USER_KEYS: Record<string, DemoUserKey> = {
  'admin@acme.example': 'acmeAdmin',
  'approver@acme.example': 'acmeApprover',
  'member@acme.example': 'acmeMember',
  'cfo@acme.example': 'acmeCfo',
  'admin@globex.example': 'globexAdmin',
  'support@provider.example': 'support',
  'lead@provider.example': 'supportLead',
  'operations@provider.example': 'operations',
  'payments@provider.example': 'payments',
  'treasury@provider.example': 'treasury',
};

export interface SeededPeople {
  orgs: Record<DemoOrgKey, string>;
  users: Record<DemoUserKey, string>;
  /** Acme's integration key (its secret is discarded: an integrator issues their own with `sandbox bootstrap`). */
  acmeApiKeyId: string;
}

const isStaffRole = (role: OrgRole | StaffRole): role is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(role);

/** scrypt is deliberately slow: hash before the seed's transaction opens, not while it holds the seed lock. */
export async function hashDemoPasswords(): Promise<Map<string, string>> {
  const hashes = await Promise.all(DEMO_LOGINS.map(() => hashPassword(DEMO_PASSWORD)));
  return new Map(DEMO_LOGINS.map((login, i) => [login.email, hashes[i]!]));
}

/** The organizations and people were "onboarded" three months before the seed runs; history starts after that. */
export async function seedPeople(
  ctx: SeedContext,
  passwordHashes: Map<string, string>,
): Promise<SeededPeople> {
  const { tx } = ctx;
  const onboardedAt = minutesBefore(ctx.at, days(90));
  const orgs = {} as Record<DemoOrgKey, string>;
  for (const key of ['acme', 'globex'] as const) {
    const spec = DEMO_ORGANIZATIONS[key];
    // Onboarded months before the approvals release: they keep confirm's digest optional, as organizations of that
    // time do (the seed's own confirms send none).
    const created = await createOrganization(tx, { ...spec, requireReviewDigest: false });
    orgs[key] = created.id;
  }

  const userIds = {} as Record<DemoUserKey, string>;
  for (const login of DEMO_LOGINS) {
    const passwordHash = passwordHashes.get(login.email);
    if (!passwordHash) throw new Error(`no password hash prepared for ${login.email}`);
    const user = await createUser(tx, {
      email: login.email,
      name: login.name,
      passwordHash,
      staffRole: isStaffRole(login.role) ? login.role : undefined,
    });
    userIds[USER_KEYS[login.email]!] = user.id;
    const orgId = login.organization ? orgs[login.organization] : null;
    if (orgId && !isStaffRole(login.role)) {
      await addMembership(tx, { orgId, userId: user.id, role: login.role });
    }
    await recordEvent(tx, {
      orgId,
      type: 'user.created',
      actor: SYSTEM_ACTOR,
      subjectId: user.id,
      data: { email: login.email, role: login.role, source: 'demo_seed' },
    });
  }

  // Services stamp "now"; the demo's story has these accounts exist before the history the seed writes.
  const orgIds = Object.values(orgs);
  await tx
    .update(organizations)
    .set({ createdAt: onboardedAt, updatedAt: onboardedAt })
    .where(inArray(organizations.id, orgIds));
  await tx
    .update(users)
    .set({ createdAt: onboardedAt, updatedAt: onboardedAt })
    .where(inArray(users.id, Object.values(userIds)));
  await tx
    .update(memberships)
    .set({ createdAt: onboardedAt, updatedAt: onboardedAt })
    .where(inArray(memberships.orgId, orgIds));

  const key = await createApiKey(tx, {
    orgId: orgs.acme,
    name: 'ERP integration',
    role: 'approver',
    createdByUserId: userIds.acmeAdmin,
  });

  return { orgs, users: userIds, acmeApiKeyId: key.id };
}
