// Owns creating people: client users with their memberships, and provider staff.
import type { Executor } from '@/db/client';
import { memberships, type OrgRole, type StaffRole, users } from '@/db/schema/identity/users';
import { hashPassword } from './password-hash';

export interface CreateUserInput {
  email: string;
  name: string;
  /** Either the password, or its hash when the caller hashed it before opening a transaction (scrypt is slow). */
  password?: string;
  passwordHash?: string;
  /** Provider staff only (the primary role); client users get memberships instead. */
  staffRole?: StaffRole;
  /** Further staff roles the person holds beside the primary one. */
  moreStaffRoles?: readonly StaffRole[];
}

export async function createUser(
  executor: Executor,
  input: CreateUserInput,
): Promise<{ id: string; email: string }> {
  const [user] = await executor
    .insert(users)
    .values({
      email: input.email.trim().toLowerCase(),
      name: input.name,
      passwordHash: input.passwordHash ?? (await hashPassword(requirePassword(input.password))),
      staffRole: input.staffRole ?? null,
      staffRoles: input.staffRole ? [...new Set([input.staffRole, ...(input.moreStaffRoles ?? [])])] : [],
    })
    .returning({ id: users.id, email: users.email });
  return user!;
}

export async function addMembership(
  executor: Executor,
  input: { orgId: string; userId: string; role: OrgRole },
): Promise<void> {
  await executor.insert(memberships).values(input);
}

function requirePassword(password: string | undefined): string {
  if (!password) throw new Error('createUser needs a password or a passwordHash');
  return password;
}
