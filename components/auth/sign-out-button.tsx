'use client';
// Owns signing out: next-auth clears the cookie and its signOut event revokes the server-side session row.
import { signOut } from 'next-auth/react';
import { buttonClasses } from '@/components/ui/button';

export function SignOutButton({ className }: { className?: string }) {
  return (
    <button
      type="button"
      onClick={() => signOut({ callbackUrl: '/login' })}
      className={buttonClasses('secondary', 'sm', className)}
    >
      Sign out
    </button>
  );
}
