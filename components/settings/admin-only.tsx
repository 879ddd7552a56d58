// Owns what a settings page for admins shows everyone else: why they cannot see it, and who can help.
import { EmptyState } from '@/components/ui/states';

export function AdminOnly({ what }: { what: string }) {
  return (
    <EmptyState
      title="Admins only"
      description={`Only your organization's admins manage ${what}. Ask one of them if you need a change.`}
    />
  );
}
