// Owns what other areas do inside the transaction that opens an organization (funding derives its EVM deposit
// address). The composition root registers them (lib/app/register.ts), so identity does not import the areas that
// react to it: funding already depends on identity.
import type { Executor } from '@/db/client';
import { defineRegistry } from '@/lib/platform/registry';

export type OrganizationCreatedHook = (tx: Executor, orgId: string) => Promise<void>;

const registry = defineRegistry<readonly OrganizationCreatedHook[]>('organization-created hooks');

export const provideOrganizationCreatedHooks = registry.provide;

/** Runs each hook in the creating transaction: a hook that fails rolls the organization back. */
export async function runOrganizationCreatedHooks(tx: Executor, orgId: string): Promise<void> {
  for (const hook of registry.read()) await hook(tx, orgId);
}
