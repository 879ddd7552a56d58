'use client';
// Owns the support console's email problems: messages the mail server refused for good or whose fate is unknown
// (newest first, no bodies), and per message "Send again" (a fresh copy, while its body is kept) or "Mark resolved".
import { useQueryClient } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { DateTime } from '@/components/ui/date-time';
import { DialogForm } from '@/components/ui/dialog-form';
import { FormField } from '@/components/ui/form';
import { Textarea } from '@/components/ui/input';
import { useListParams } from '@/components/ui/list-params';
import { Select } from '@/components/ui/select';
import { PagedListStates } from '@/components/ui/states';
import { Table } from '@/components/ui/table';
import { useDialogForm } from '@/components/ui/use-dialog-form';
import { apiFetch } from '@/lib/platform/browser/api';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
import { useApiQuery } from '@/lib/platform/browser/queries';
import {
  listEmailProblemsOperation,
  resendEmailProblemOperation,
  resolveEmailProblemOperation,
} from '@/lib/support/contract/routes';

type StateFilter = 'all' | 'failed' | 'unknown';

const resolutionSchema = lazySchema(() =>
  import('@/lib/support/contract/form-schemas').then((m) => m.emailResolution),
);

const STATE_WORDS = {
  failed: { label: 'Failed', tone: 'danger', hint: 'The server refused it; nothing was delivered.' },
  unknown: {
    label: 'Unknown',
    tone: 'warning',
    hint: 'The line dropped after the message was handed over: it may have arrived. Ask the recipient before sending again.',
  },
} as const;

const KIND_WORDS: Record<string, string> = {
  invitation: 'Invitation',
  password_reset: 'Password reset',
  notice: 'Notice',
};

export function EmailProblems() {
  const params = useListParams();
  const state = (params.get('state') as StateFilter | null) ?? 'all';
  const queryClient = useQueryClient();
  const result = useApiQuery(listEmailProblemsOperation, {
    query: {
      state: state === 'all' ? undefined : state,
      page: String(params.page),
      limit: String(params.limit),
    },
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [listEmailProblemsOperation.id] });
  return (
    <div className="space-y-4">
      <div className="max-w-xs">
        <Select<StateFilter>
          aria-label="State"
          value={state}
          onValueChange={(value) => params.set({ state: value === 'all' ? null : value })}
          options={[
            { value: 'all', label: 'Failed and unknown' },
            { value: 'failed', label: 'Failed' },
            { value: 'unknown', label: 'Unknown' },
          ]}
        />
      </div>
      <PagedListStates
        result={result}
        params={params}
        loading="Loading the emails that need staff"
        empty={{ title: 'No email needs you', description: 'Every message went out, or has been resolved.' }}
      >
        {(items) => (
          <Table
            columns={['Recipient', 'Email', 'State', 'When', 'Actions']}
            caption="Emails that need staff"
          >
            {items.map((item) => (
              <tr key={item.id} data-testid="email-problem-row" className="align-top">
                <td className="px-3 py-2">
                  <span className="block break-all font-medium">{item.to}</span>
                  <span className="block text-xs text-slate-500">{item.org_name ?? 'No organization'}</span>
                </td>
                <td className="max-w-xs px-3 py-2">
                  <span className="block text-xs text-slate-500">{KIND_WORDS[item.kind] ?? item.kind}</span>
                  <span className="block break-words">{item.subject}</span>
                </td>
                <td className="max-w-xs px-3 py-2">
                  <Badge tone={STATE_WORDS[item.state].tone}>{STATE_WORDS[item.state].label}</Badge>
                  <span className="mt-1 block text-xs text-slate-600">{STATE_WORDS[item.state].hint}</span>
                  {item.last_error ? (
                    <span className="mt-1 block break-words text-xs text-slate-500">
                      {item.last_error} ({item.attempts} {item.attempts === 1 ? 'attempt' : 'attempts'})
                    </span>
                  ) : null}
                </td>
                <td className="px-3 py-2 text-xs">
                  <DateTime value={item.created_at} />
                  {item.last_attempt_at ? (
                    <span className="block text-slate-500">
                      last try <DateTime value={item.last_attempt_at} />
                    </span>
                  ) : null}
                </td>
                <td className="px-3 py-2">
                  <div className="flex flex-wrap gap-2">
                    {item.can_resend ? (
                      <ConfirmAction
                        trigger={
                          <Button size="sm" variant="secondary">
                            Send again
                          </Button>
                        }
                        title={`Send again to ${item.to}`}
                        description={
                          item.state === 'unknown'
                            ? 'A fresh copy goes out now. The first one may have arrived, so the recipient may get it twice.'
                            : 'A fresh copy goes out now.'
                        }
                        confirmLabel="Send again"
                        action={() => apiFetch(resendEmailProblemOperation, { params: { emailId: item.id } })}
                        success="A fresh copy is on its way"
                        failure="Not sent again"
                        onDone={() => void refresh()}
                      />
                    ) : (
                      <span className="text-xs text-slate-600">
                        Its body is no longer kept: the sender must trigger it again (invite again, or ask for
                        a new reset link).
                      </span>
                    )}
                    <ResolveDialog emailId={item.id} to={item.to} onDone={() => void refresh()} />
                  </div>
                </td>
              </tr>
            ))}
          </Table>
        )}
      </PagedListStates>
    </div>
  );
}

function ResolveDialog({ emailId, to, onDone }: { emailId: string; to: string; onDone: () => void }) {
  const dialog = useDialogForm({
    schema: resolutionSchema,
    defaultValues: { note: '' },
    submit: ({ note }: { note: string }) =>
      apiFetch(resolveEmailProblemOperation, { params: { emailId }, body: { note } }),
    fields: ['note'],
    fallback: 'Not marked resolved. Try again.',
    success: `Email to ${to} marked resolved`,
    onDone,
  });
  const { form } = dialog;
  return (
    <DialogForm
      {...dialog}
      trigger={
        <Button size="sm" variant="secondary">
          Mark resolved
        </Button>
      }
      title={`Mark the email to ${to} resolved`}
      description="Nothing is sent. Say how it was resolved: it is kept in the audit log."
      submitLabel="Mark resolved"
    >
      <FormField control={form.control} name="note" label="How it was resolved">
        {(field) => <Textarea rows={3} {...field} />}
      </FormField>
    </DialogForm>
  );
}
