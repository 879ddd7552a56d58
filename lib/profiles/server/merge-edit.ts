// Owns merging an edit into a stored profile under the kind's rules: the one rule set the client's PATCH and a staff
// correction share, so staff can never write what the client could not.
import { now } from '@/lib/platform/clock';
import type { ProfileKind } from './common';
import type { ProfileKindSpec, ValidProfile } from './profile-kind-spec';
import type { ProfileRow } from './profile-rows';

export interface MergedEdit {
  valid: ValidProfile;
  /** The kind's fields whose value changed (contact fields included). */
  detailsChanged: string[];
  /** Whether identity or bank details changed (anything but the contact fields): a new details version. */
  partyDetailsChanged: boolean;
}

/**
 * Merges `patch` (`undefined`: unchanged; `null` or empty: cleared) into the row and re-validates the whole (every
 * problem at once, the kind's API error).
 */
export function mergeEdit<K extends ProfileKind>(
  spec: ProfileKindSpec<K>,
  row: ProfileRow<K>,
  patch: Record<string, string | null | undefined>,
): MergedEdit {
  const before = spec.draftOf(row);
  const merged: Record<string, string | null | undefined> = { ...before };
  for (const field of spec.fields) {
    if (patch[field] !== undefined) merged[field] = patch[field];
  }
  const valid = spec.validate(merged, now());
  const detailsChanged = spec.fields.filter(
    (field) =>
      (before[field] ?? null) !== (valid.values[field] ?? null) &&
      !(spec.impliedWhenUnset.has(field) && !before[field]),
  );
  return {
    valid,
    detailsChanged,
    partyDetailsChanged: detailsChanged.some((field) => !spec.contactFields.has(field)),
  };
}
