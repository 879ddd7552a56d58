// Owns the hand-over from the composition root to platform at run time: lib/app/ provides what only it can assemble
// (the event catalogue, the task list, the sweep list) and platform reads it here, without importing an area or
// lib/app/. The value lives on globalThis under a Symbol.for key because Next compiles instrumentation.ts and each
// route as separate entries that need not share a module instance (vercel/next.js#69544): one process, one value.

/** A value lib/app/ provides once per process and platform reads; reading it before it is provided names the fix. */
export function defineRegistry<T>(name: string): { provide(value: T): void; read(): T } {
  const key = Symbol.for(`payout-portal.registry.${name}`);
  const slot = globalThis as unknown as Record<symbol, T | undefined>;
  return {
    provide(value: T) {
      slot[key] = value;
    },
    read(): T {
      const value = slot[key];
      if (value === undefined)
        throw new Error(`the ${name} has not been provided: import '@/lib/app/register' in this entry point`);
      return value;
    },
  };
}
