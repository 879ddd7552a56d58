'use client';
// Owns the gallery of UI primitives shown at /settings/ui: each primitive in its states, with sample data.
import { useState } from 'react';
import { Badge, STATUS_TONES, StatusBadge, type StatusKind } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Combobox } from '@/components/ui/combobox';
import { CopyButton } from '@/components/ui/copy-button';
import { type Column, DataTable } from '@/components/ui/data-table';
import { Countdown, DateTime } from '@/components/ui/date-time';
import { ConfirmDialog, Dialog, Drawer } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FileDropZone, type UploadProgress } from '@/components/ui/file-drop-zone';
import { Input } from '@/components/ui/input';
import { useListParams } from '@/components/ui/list-params';
import { Money } from '@/components/ui/money';
import { Select } from '@/components/ui/select';
import { LoadingBlock, Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { Tabs } from '@/components/ui/tabs';
import { useToast } from '@/components/ui/toast';
import { Tooltip } from '@/components/ui/tooltip';

interface SampleRow {
  id: string;
  beneficiary: string;
  amount: string;
  currency: string;
  status: string;
}

const SAMPLE_ROWS: SampleRow[] = Array.from({ length: 57 }, (_, i) => ({
  id: `row-${i + 1}`,
  beneficiary: ['Müller GmbH', 'Tanaka KK', 'Osei & Sons', 'Dubois SARL', 'Silva Ltda'][i % 5]!,
  amount: `${(i * 7919) % 100000}.${String((i * 37) % 100).padStart(2, '0')}`,
  currency: ['EUR', 'JPY', 'NGN', 'EUR', 'BRL'][i % 5]!,
  status: ['DRAFT', 'AWAITING_DEPOSIT', 'PAYING_BENEFICIARY', 'COMPLETED', 'FAILED'][i % 5]!,
}));

const COLUMNS: Column<SampleRow>[] = [
  {
    key: 'beneficiary',
    header: 'Beneficiary',
    cell: (row) => row.beneficiary,
    sortValue: (row) => row.beneficiary,
  },
  {
    key: 'amount',
    header: 'Amount',
    align: 'right',
    cell: (row) => <Money amount={row.amount} currency={row.currency} />,
  },
  {
    key: 'status',
    header: 'Status',
    cell: (row) => <StatusBadge kind="order" status={row.status} />,
    sortValue: (row) => row.status,
  },
];

function TableDemo() {
  const params = useListParams({ defaultLimit: 10 });
  const start = (params.page - 1) * params.limit;
  return (
    <DataTable
      caption="Sample orders"
      columns={COLUMNS}
      rows={SAMPLE_ROWS.slice(start, start + params.limit)}
      rowKey={(row) => row.id}
      params={params}
      total={SAMPLE_ROWS.length}
    />
  );
}

export function PrimitivesGallery() {
  const notify = useToast();
  const [checked, setChecked] = useState(true);
  const [currency, setCurrency] = useState<string | undefined>('EUR');
  const [beneficiary, setBeneficiary] = useState<string | null>(null);
  const [uploads, setUploads] = useState<UploadProgress[]>([]);
  const inFive = new Date(Date.now() + 5 * 60_000).toISOString();
  const inTwoHours = new Date(Date.now() + 2 * 3600_000).toISOString();
  const past = new Date(Date.now() - 3600_000).toISOString();

  const fakeUpload = (files: File[]) => {
    for (const file of files) {
      setUploads((current) => [...current, { name: file.name, progress: 0, status: 'uploading' }]);
      let progress = 0;
      const timer = setInterval(() => {
        progress += 0.2;
        setUploads((current) =>
          current.map((u) =>
            u.name === file.name
              ? { ...u, progress: Math.min(progress, 1), status: progress >= 1 ? 'done' : 'uploading' }
              : u,
          ),
        );
        if (progress >= 1) clearInterval(timer);
      }, 300);
    }
  };

  return (
    <div className="space-y-6">
      <Card id="buttons" title="Buttons">
        <div className="flex flex-wrap gap-2">
          <Button>Primary</Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="ghost">Ghost</Button>
          <Button variant="danger">Danger</Button>
          <Button busy>Saving</Button>
          <Button size="sm" disabled>
            Disabled
          </Button>
          <CopyButton value="TNHQrgyr3fLxTfBdo9FBWb14j4LBbZzpsG" label="Copy a sample address" />
          <Tooltip content="Tooltips add detail; they never hold the only copy of information.">
            <Button variant="secondary">Hover or focus me</Button>
          </Tooltip>
        </div>
      </Card>

      <Card id="forms" title="Form controls">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Client reference" hint="Shown on the beneficiary's statement.">
            <Input placeholder="INV-2026-0042" />
          </Field>
          <Field label="Amount" error="Enter an amount greater than zero">
            <Input inputMode="decimal" defaultValue="0" />
          </Field>
          <Field label="Currency">
            <Select
              value={currency}
              onValueChange={setCurrency}
              placeholder="Choose a currency"
              options={['EUR', 'GBP', 'JPY', 'NGN'].map((code) => ({ value: code, label: code }))}
            />
          </Field>
          <Field label="Beneficiary">
            <Combobox
              value={beneficiary}
              onValueChange={setBeneficiary}
              options={[
                { value: 'b1', label: 'Müller GmbH', description: 'DE · IBAN …4410' },
                { value: 'b2', label: 'Tanaka KK', description: 'JP · …0093' },
                { value: 'b3', label: 'Osei & Sons', description: 'NG · …7781' },
                { value: 'b4', label: 'Dubois SARL', description: 'FR · IBAN …2290', disabled: true },
              ]}
            />
          </Field>
          <Checkbox
            checked={checked}
            onCheckedChange={setChecked}
            label="Email me when a batch completes"
            description="Sent to your sign-in address."
          />
        </div>
      </Card>

      <Card id="overlays" title="Dialogs, drawers, toasts">
        <div className="flex flex-wrap gap-2">
          <Dialog
            trigger={<Button variant="secondary">Open a dialog</Button>}
            title="A dialog"
            description="Focus stays inside until it closes; Escape closes it."
          >
            <Field label="Name">
              <Input />
            </Field>
          </Dialog>
          <ConfirmDialog
            trigger={<Button variant="danger">Revoke…</Button>}
            title="Revoke this API key?"
            description="Requests signed with it fail at once. This cannot be undone."
            confirmLabel="Revoke key"
            onConfirm={() => notify({ tone: 'success', title: 'Key revoked (demo)' })}
          />
          <Drawer trigger={<Button variant="secondary">Open a drawer</Button>} title="Order details">
            <p className="text-sm text-slate-600">Details slide in from the side.</p>
          </Drawer>
          <Button
            variant="secondary"
            onClick={() => notify({ tone: 'success', title: 'Saved', description: 'Your change is live.' })}
          >
            Success toast
          </Button>
          <Button variant="secondary" onClick={() => notify({ tone: 'error', title: 'Could not save' })}>
            Error toast
          </Button>
        </div>
      </Card>

      <Card id="badges" title="Status badges">
        <div className="space-y-3">
          {(Object.keys(STATUS_TONES) as StatusKind[]).map((kind) => (
            <div key={kind} className="flex flex-wrap items-center gap-2">
              <span className="w-24 text-xs font-medium uppercase text-slate-500">{kind}</span>
              {Object.keys(STATUS_TONES[kind]).map((status) => (
                <StatusBadge key={status} kind={kind} status={status} />
              ))}
            </div>
          ))}
          <div className="flex gap-2">
            <Badge tone="accent">Accent</Badge>
            <Badge>Neutral</Badge>
          </div>
        </div>
      </Card>

      <Card id="values" title="Money, dates, deadlines">
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-500">USDT</dt>
            <dd>
              <Money amount="158855.495365" currency="USDT" />
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">JPY (no decimals), BHD (three)</dt>
            <dd className="space-x-3">
              <Money amount="1250000" currency="JPY" />
              <Money amount="1.2345" currency="BHD" />
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Date and time</dt>
            <dd>
              <DateTime value="2026-11-23T14:05:00Z" />
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Deadline (timezone shown)</dt>
            <dd>
              <DateTime value="2026-11-23T14:05:00Z" style="deadline" />
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Quote valid for</dt>
            <dd>
              <Countdown deadline={inFive} />
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Order expires</dt>
            <dd>
              <Countdown deadline={inTwoHours} />
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Past deadline</dt>
            <dd>
              <Countdown deadline={past} />
            </dd>
          </div>
        </dl>
      </Card>

      <Card id="tabs" title="Tabs">
        <Tabs
          aria-label="Sample tabs"
          items={[
            { value: 'orders', label: 'Orders', content: <p className="text-sm">The batch's orders.</p> },
            { value: 'events', label: 'Events', content: <p className="text-sm">What happened, when.</p> },
          ]}
        />
      </Card>

      <Card id="table" title="Table with sorting and pagination (state in the URL)">
        <TableDemo />
      </Card>

      <Card id="states" title="Loading, empty, error">
        <div className="grid gap-4 sm:grid-cols-3">
          <div className="space-y-2">
            <Skeleton className="h-6 w-1/2" />
            <LoadingBlock label="Sample placeholder while loading" />
          </div>
          <EmptyState
            title="No batches yet"
            description="Create your first batch."
            action={<Button size="sm">New batch</Button>}
          />
          <ErrorState
            title="Could not load batches"
            error="Network error"
            onRetry={() => notify({ title: 'Retrying' })}
          />
        </div>
      </Card>

      <Card id="upload" title="File drop zone">
        <FileDropZone
          label="Choose a file"
          hint="PDF or PNG, up to 5 MB."
          accept=".pdf,image/png"
          maxBytes={5 * 1024 * 1024}
          multiple
          onFiles={fakeUpload}
          uploads={uploads}
        />
      </Card>
    </div>
  );
}
