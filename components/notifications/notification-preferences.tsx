'use client';
// Owns a person's notification preferences in the organization they act in: each kind with its two channels, in the
// portal and by email; security notices shown on and unchangeable. Saved together.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { LoadingBlock } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import {
  getNotificationPreferencesOperation,
  updateNotificationPreferencesOperation,
} from '@/lib/notifications/contract/routes';
import { apiFetch } from '@/lib/platform/browser/api';
import { useApiQuery } from '@/lib/platform/browser/queries';

type Choice = { in_app: boolean; email: boolean };

export function NotificationPreferences() {
  const saved = useApiQuery(getNotificationPreferencesOperation, {});
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const queryClient = useQueryClient();
  const toast = useToast();
  useEffect(() => {
    if (saved.data) {
      setChoices(
        Object.fromEntries(saved.data.preferences.map((p) => [p.kind, { in_app: p.in_app, email: p.email }])),
      );
    }
  }, [saved.data]);
  const save = useMutation({
    mutationFn: () =>
      apiFetch(updateNotificationPreferencesOperation, {
        body: {
          preferences: (saved.data?.preferences ?? [])
            .filter((p) => !p.always_on)
            .map((p) => ({ kind: p.kind, ...(choices[p.kind] ?? { in_app: p.in_app, email: p.email }) })),
        },
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData([getNotificationPreferencesOperation.id, {}], answer);
      toast({ title: 'Notification preferences saved', tone: 'success' });
    },
    onError: () => toast({ title: 'The preferences could not be saved', tone: 'error' }),
  });

  if (saved.isPending) return <LoadingBlock label="Loading your notification preferences" />;
  if (saved.isError) return <ErrorState error={saved.error} />;
  const set = (kind: string, channel: keyof Choice, value: boolean) =>
    setChoices((was) => ({
      ...was,
      [kind]: { ...(was[kind] ?? { in_app: true, email: true }), [channel]: value },
    }));

  return (
    <Card
      title="Notifications"
      description="What you are told in this organization: in the portal's bell, by email, or both. An email links to the page to act on."
    >
      <ul className="divide-y divide-slate-100">
        {saved.data.preferences.map((p) => {
          const choice = choices[p.kind] ?? { in_app: p.in_app, email: p.email };
          return (
            <li
              key={p.kind}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <span className="text-sm text-slate-900">{p.label}</span>
              <span className="flex gap-6">
                <Checkbox
                  label={
                    <span>
                      In the portal<span className="sr-only">: {p.label}</span>
                    </span>
                  }
                  checked={p.always_on || choice.in_app}
                  disabled={p.always_on}
                  onCheckedChange={(value) => set(p.kind, 'in_app', value)}
                />
                <Checkbox
                  label={
                    <span>
                      By email<span className="sr-only">: {p.label}</span>
                    </span>
                  }
                  checked={p.always_on || choice.email}
                  disabled={p.always_on}
                  onCheckedChange={(value) => set(p.kind, 'email', value)}
                />
              </span>
            </li>
          );
        })}
      </ul>
      <div className="mt-4">
        <Button onClick={() => save.mutate()} busy={save.isPending}>
          Save preferences
        </Button>
      </div>
    </Card>
  );
}
