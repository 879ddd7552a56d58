// Owns who is signed in, for whom, and signing out — at the foot of the sidebar and in the phone menu.
import { SignOutButton } from '@/components/auth/sign-out-button';
import type { CurrentUser } from '@/lib/identity/contract/signed-in';

export function UserPanel({ user }: { user: CurrentUser }) {
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="grid size-8 shrink-0 place-items-center rounded-full bg-slate-200 text-xs font-semibold text-slate-700"
        >
          {user.name
            .split(/\s+/)
            .map((part) => part[0])
            .slice(0, 2)
            .join('')
            .toUpperCase()}
        </span>
        <div className="min-w-0 flex-1 text-xs leading-4">
          <div className="truncate font-medium text-slate-900">{user.name}</div>
          <div className="truncate text-slate-500">{user.email}</div>
          {user.organization ? (
            <div className="truncate text-slate-500" data-testid="signed-in-organization">
              {user.organization.name} · {user.organization.role}
            </div>
          ) : null}
        </div>
      </div>
      <SignOutButton className="w-full" />
    </div>
  );
}
