'use client';
// Owns the fields of a period download: two days on the form pattern, checked as they change (a last day before the
// first is said beside it), and the download run as the form's submit. Loaded after the page (see period-download.tsx).
import { useForm } from 'react-hook-form';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
import { Form, FormField, FormSubmit } from './form';
import { Input } from './input';
import { useLazyResolver } from './lazy-resolver';
import { localDay, type PeriodDownloadProps, startOfLocalDay } from './period';
import { useToast } from './toast';

interface Values {
  fromDay: string;
  toDay: string;
}

const schema = lazySchema(() => import('./period-schema').then((m) => m.period));

export function PeriodDownloadForm({
  fromLabel = 'From',
  toLabel = 'To',
  buttonLabel = 'Download CSV',
  days = 30,
  download,
  success,
  failure,
}: Omit<PeriodDownloadProps, 'title' | 'description'>) {
  const notify = useToast();
  const form = useForm<Values>({
    mode: 'onChange',
    resolver: useLazyResolver<Values>(schema),
    defaultValues: { fromDay: localDay(-days), toDay: localDay() },
  });
  const submit = async ({ fromDay, toDay }: Values) => {
    try {
      await download({ fromDay, toDay, from: startOfLocalDay(fromDay), to: startOfLocalDay(toDay, 1) });
      notify({ tone: 'success', title: success });
    } catch (error) {
      notify({ tone: 'error', title: failure, description: (error as Error).message });
    }
  };
  return (
    <Form form={form} onSubmit={submit} summary={false} className="mt-3 flex flex-wrap items-start gap-3">
      <FormField control={form.control} name="fromDay" label={fromLabel}>
        {(field) => <Input type="date" {...field} />}
      </FormField>
      <FormField control={form.control} name="toDay" label={toLabel}>
        {(field) => <Input type="date" {...field} />}
      </FormField>
      <FormSubmit variant="secondary" className="mt-6">
        {buttonLabel}
      </FormSubmit>
    </Form>
  );
}
