// Owns serializing team changes of one organization, so two admins demoting each other at once cannot both win.
import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { organizations } from '@/db/schema/identity/organizations';

/**
 * Locks the organization's row for the rest of the transaction. `FOR NO KEY UPDATE` does not block foreign-key checks,
 * so other slices inserting rows of this organization are not slowed down; only other team changes wait.
 */
export async function lockTeam(tx: Executor, orgId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .for('no key update');
  return row !== undefined;
}
