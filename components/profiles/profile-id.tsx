'use client';
// Owns showing a profile's id where people need to copy it (API calls, bulk files, support): in full, selectable,
// with the shared copy button.
import { CopyButton } from '@/components/ui/copy-button';
import type { ProfileKind } from '@/lib/profiles/contract/enums';

export function ProfileId({ id, kind }: { id: string; kind: ProfileKind }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <code className="break-all font-mono text-xs text-slate-800" data-testid={`${kind}-id`}>
        {id}
      </code>
      <CopyButton value={id} label={`Copy the ${kind} id`} />
    </span>
  );
}
