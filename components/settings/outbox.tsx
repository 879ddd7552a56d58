'use client';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { LoadingBlock } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { useApiQuery } from '@/lib/platform/browser/queries';
// Owns the sandbox outbox page: the emails the sandbox would have sent you (and, for admins, the organization),
// newest first, with their links — so invitations and password resets can be tried without a mailbox.
import type { EmailKind } from '@/lib/platform/enums';
import { getSandboxOutboxOperation } from '@/lib/sandbox/contract/routes';

const KIND_LABEL = {
  invitation: 'Invitation',
  password_reset: 'Password reset',
  staff_invitation: 'Staff account',
  notice: 'Notice',
} as const satisfies Record<Exclude<EmailKind, `notification_${string}`>, string>;

/** Every notification kind's email reads as a notification (its subject says which). */
const kindLabel = (kind: EmailKind): string =>
  kind.startsWith('notification_') ? 'Notification' : KIND_LABEL[kind as keyof typeof KIND_LABEL];

/** Text with its links clickable (the links come from our own emails; shown as text, never as HTML). */
function Body({ text, links }: { text: string; links: string[] }) {
  if (links.length === 0) return <>{text}</>;
  const pattern = new RegExp(
    `(${links.map((link) => link.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`,
  );
  return (
    <>
      {text.split(pattern).map((part, index) =>
        links.includes(part) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
          <a key={index} href={part} className="break-all font-medium text-accent-700 underline">
            {part}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
          <span key={index}>{part}</span>
        ),
      )}
    </>
  );
}

export function Outbox() {
  const outbox = useApiQuery(getSandboxOutboxOperation, {}, { refetchInterval: 5000 });
  return (
    <Card
      id="outbox"
      title="Sandbox emails"
      description="Nothing leaves the sandbox: emails land here instead."
    >
      {outbox.isPending ? (
        <LoadingBlock label="Loading the sandbox emails" />
      ) : outbox.isError ? (
        <ErrorState
          title="Could not load the sandbox emails"
          error={outbox.error}
          onRetry={() => outbox.refetch()}
        />
      ) : outbox.data.items.length === 0 ? (
        <EmptyState
          title="No emails yet"
          description="Invitations you send and password resets you ask for appear here."
        />
      ) : (
        <ol className="divide-y divide-slate-200" aria-label="Emails, newest first">
          {outbox.data.items.map((message) => (
            <li key={message.id} className="space-y-2 py-4">
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={message.kind === 'password_reset' ? 'warning' : 'info'}>
                  {kindLabel(message.kind)}
                </Badge>
                <span className="text-xs text-slate-500">
                  <DateTime value={message.created_at} />
                </span>
              </div>
              <h2 className="text-sm font-semibold text-slate-900">{message.subject}</h2>
              <p className="text-xs text-slate-600">To {message.to}</p>
              <p className="whitespace-pre-wrap break-words rounded-md bg-slate-50 p-3 text-sm text-slate-800">
                <Body text={message.text} links={message.links} />
              </p>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
