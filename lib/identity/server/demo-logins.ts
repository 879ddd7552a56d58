// Owns the demo's fixed logins and organizations: plain data (no database code), so browser tests and docs can import it.
import type { Entitlement } from '@/db/schema/identity/organizations';
import type { OrgRole, StaffRole } from '@/db/schema/identity/users';

/** One documented password for every demo login: this is sandbox data, never production. */
export const DEMO_PASSWORD = 'demo-password-2026';

export type DemoOrgKey = 'acme' | 'globex';

export interface DemoOrganization {
  name: string;
  legalName: string;
  country: string;
  entitlements: readonly Entitlement[];
}

export const DEMO_ORGANIZATIONS: Record<DemoOrgKey, DemoOrganization> = {
  acme: {
    name: 'Acme Trading Ltd',
    legalName: 'Acme Trading Ltd',
    country: 'GB',
    entitlements: ['payouts', 'liquidity_management', 'liquidity_utilization'],
  },
  // Payouts only, and data of its own: signed in as Acme you never see it, which makes isolation visible.
  globex: {
    name: 'Globex Imports GmbH',
    legalName: 'Globex Imports GmbH',
    country: 'DE',
    entitlements: ['payouts'],
  },
};

export interface DemoLogin {
  email: string;
  name: string;
  role: OrgRole | StaffRole;
  /** Null for provider staff, who belong to no client organization. */
  organization: DemoOrgKey | null;
}

export const DEMO_LOGINS: readonly DemoLogin[] = [
  { email: 'admin@acme.example', name: 'Amelia Clarke', role: 'admin', organization: 'acme' },
  // A second admin, as a finance team has (a CFO): a change that weakens the approval rules waits for another admin.
  { email: 'cfo@acme.example', name: 'Daniel Reyes', role: 'admin', organization: 'acme' },
  { email: 'approver@acme.example', name: 'Ben Okafor', role: 'approver', organization: 'acme' },
  { email: 'member@acme.example', name: 'Chloe Martin', role: 'member', organization: 'acme' },
  { email: 'admin@globex.example', name: 'Greta Vogel', role: 'admin', organization: 'globex' },
  { email: 'support@provider.example', name: 'Sam Patel', role: 'support', organization: null },
  { email: 'lead@provider.example', name: 'Lena Hoffmann', role: 'support_lead', organization: null },
  // The desk and custody records take two people (one records, another confirms or reports the outcome): two operators.
  { email: 'operations@provider.example', name: 'Omar Haddad', role: 'operations', organization: null },
  { email: 'payments@provider.example', name: 'Priya Nair', role: 'operations', organization: null },
  { email: 'treasury@provider.example', name: 'Tara Quinn', role: 'treasury', organization: null },
];
