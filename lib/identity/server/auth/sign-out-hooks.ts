// Owns what other areas do when a person signs out, before the session is revoked (support ends an open "view as"
// with its own audit record). The composition root registers them (lib/app/register.ts), so identity does not import
// the areas that react to it.
import type { Executor } from '@/db/client';
import { defineRegistry } from '@/lib/platform/registry';

export type SignOutHook = (executor: Executor, userId: string, sessionId: string) => Promise<void>;

const registry = defineRegistry<readonly SignOutHook[]>('sign-out hooks');

export const provideSignOutHooks = registry.provide;

export async function runSignOutHooks(executor: Executor, userId: string, sessionId: string): Promise<void> {
  for (const hook of registry.read()) await hook(executor, userId, sessionId);
}
