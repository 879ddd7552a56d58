'use client';
// Owns sending a visitor without a (live) session to sign-in, remembering where they were so sign-in brings them back.
import { useEffect } from 'react';

export function signInUrl(): string {
  const back = `${window.location.pathname}${window.location.search}`;
  return back === '/' ? '/login' : `/login?callbackUrl=${encodeURIComponent(back)}`;
}

export function SignInRedirect() {
  useEffect(() => {
    window.location.replace(signInUrl());
  }, []);
  return (
    <p role="status" className="p-8 text-sm text-slate-600">
      Your session has ended. Taking you to sign in…
    </p>
  );
}
