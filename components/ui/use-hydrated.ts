'use client';
// Owns "has React taken over this page yet": false in the server's HTML and during hydration, true after.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** Whether this render runs after hydration (the server snapshot is false, the browser's true). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
