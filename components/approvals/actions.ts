// Owns reading an object's `actions` (what the signed-in person may do next, and why not), as the server computed
// them: the portal offers a button from these and never restates an approval rule.
import type { ACTION_NAMES } from '@/lib/approvals/contract/schemas';

export type ActionName = (typeof ACTION_NAMES)[number];
export interface Action {
  name: ActionName;
  allowed: boolean;
  reason: string | null;
}

/** The named action, or undefined when the object offers none (its `actions` are null, or it has no such action). */
export function actionOf(
  actions: readonly Action[] | null | undefined,
  name: ActionName,
): Action | undefined {
  return actions?.find((action) => action.name === name);
}
