// Types of scripts/build-state.mjs for TypeScript importers (the benchmark).

/** Why the build in `root`/.next must be (re)made, or undefined when it is current. */
export function staleBuildReason(root: string): string | undefined;
