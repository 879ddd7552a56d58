// @vitest-environment happy-dom
// The CSV import as a finance user meets it: a file with a bad row is read, counted and explained; the draft is made
// of the good rows alone, with the batch reference typed beside the button.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import type { BeneficiaryOption } from './profile-options';

const push = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ push, replace: vi.fn(), refresh: vi.fn() }) }));

const SENDER = '0b6f1c1e-0000-4000-8000-000000000001';
const RHEIN = '0b6f1c1e-0000-4000-8000-000000000002';
const LYON = '0b6f1c1e-0000-4000-8000-000000000003';
const BENEFICIARIES = [
  {
    id: RHEIN,
    sender_profile_id: SENDER,
    name: 'Rhein Logistik',
    currency: 'EUR',
    status: 'ready',
    client_reference: 'VEND-RHEIN',
  },
  {
    id: LYON,
    sender_profile_id: SENDER,
    name: 'Lyon Textiles',
    currency: 'EUR',
    status: 'ready',
    client_reference: null,
  },
] as unknown as BeneficiaryOption[];

vi.mock('./profile-options', () => ({
  useAllBeneficiaries: () => ({ data: BENEFICIARIES, refetch: async () => ({ data: BENEFICIARIES }) }),
}));
const createBatchRequest = vi.fn();
const attachSourceFile = vi.fn();
vi.mock('./api', () => ({
  createBatchRequest: (...args: unknown[]) => createBatchRequest(...args),
  attachSourceFile: (...args: unknown[]) => attachSourceFile(...args),
  saveBlob: vi.fn(),
}));

// happy-dom lays nothing out: give the rows' scrolling box the height it has on screen (28rem), so the virtualised
// table renders the rows in view.
Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
  configurable: true,
  get(this: HTMLElement) {
    return this.getAttribute('aria-label') === 'Imported rows' ? 448 : 0;
  },
});

const { CsvImportPanel } = await import('./csv-import-panel');

const CSV = [
  'beneficiary_reference,beneficiary_profile_id,beneficiary_amount,fee_type,purpose_code,client_reference',
  'VEND-RHEIN,,1250.50,OUR,GDSP,INV-1001',
  `,${LYON},300.00,SHA,GDSP,INV-1002`,
  'VEND-NOBODY,,99.00,OUR,GDSP,INV-1003',
].join('\r\n');

/** Renders the panel and uploads `text` as the file `name`. */
async function uploadFile(text: string, name: string) {
  render(
    <ToastProvider>
      <CsvImportPanel />
    </ToastProvider>,
  );
  const user = userEvent.setup();
  await user.upload(
    screen.getByLabelText('Upload a batch CSV'),
    new File([text], name, { type: 'text/csv' }),
  );
  return user;
}

/** Uploads a file the panel reads, once its result is shown. */
async function upload(text = CSV, name = 'november.csv') {
  const user = await uploadFile(text, name);
  await screen.findByRole('region', { name: 'Import result' });
  return user;
}

describe('the CSV import panel', () => {
  beforeEach(() => {
    push.mockReset();
    createBatchRequest.mockReset();
    attachSourceFile.mockReset();
  });

  it('counts the good and the rejected rows and offers a draft of the good ones only', async () => {
    await upload();
    expect(screen.getByTestId('csv-accepted').textContent).toBe('2 accepted');
    expect(screen.getByTestId('csv-rejected').textContent).toBe('1 rejected');
    expect(screen.getByRole('button', { name: 'Create the draft with the 2 good rows' })).toBeTruthy();
    expect(screen.getByText(/The rejected row is left out/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download rejected rows with their errors' })).toBeTruthy();
  });

  it('creates the draft from the good rows with the batch reference, keeps the file, and opens the batch', async () => {
    createBatchRequest.mockResolvedValue({ batch: { id: 'batch-7' } });
    attachSourceFile.mockResolvedValue({});
    const user = await upload();
    await user.type(screen.getByLabelText('Batch reference'), 'payroll-2026-11');
    await user.click(screen.getByRole('button', { name: 'Create the draft with the 2 good rows' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/batches/batch-7'));
    const [body] = createBatchRequest.mock.calls[0] as [{ client_reference?: string; orders: unknown[] }];
    expect(body.client_reference).toBe('payroll-2026-11');
    expect(body.orders).toEqual([
      expect.objectContaining({
        beneficiary_profile_id: RHEIN,
        beneficiary_amount: '1250.50',
        client_reference: 'INV-1001',
      }),
      expect.objectContaining({
        beneficiary_profile_id: LYON,
        beneficiary_amount: '300.00',
        fee_type: 'SHA',
      }),
    ]);
    expect(attachSourceFile).toHaveBeenCalledWith('batch-7', expect.any(File));
  });

  it('reads a semicolon file as European Excel saves it: 4200,00 is 4,200.00 EUR, shown before the draft', async () => {
    createBatchRequest.mockResolvedValue({ batch: { id: 'batch-8' } });
    const user = await upload(
      [
        'beneficiary;amount;fee;purpose;reference',
        'VEND-RHEIN;4200,00;OUR;GDSP;INV-2001',
        `${LYON};1.250,5;SHA;GDSP;INV-2002`,
      ].join('\r\n'),
      'excel-de.csv',
    );
    expect(screen.getByTestId('csv-accepted').textContent).toBe('2 accepted');
    const rows = screen.getAllByRole('row');
    const rhein = rows.find((row) => row.textContent?.includes('Rhein Logistik'))!;
    expect(rhein.textContent).toContain('4,200.00 EUR');
    expect(rhein.textContent).toContain('typed 4200,00');
    await user.click(screen.getByRole('button', { name: 'Create draft with 2 orders' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/batches/batch-8'));
    const [body] = createBatchRequest.mock.calls[0] as [{ orders: { beneficiary_amount: string }[] }];
    expect(body.orders.map((order) => order.beneficiary_amount)).toEqual(['4200.00', '1250.5']);
  });

  it('refuses an amount of a semicolon file that could be read two ways', async () => {
    await upload(
      ['beneficiary_reference;beneficiary_amount;fee_type;purpose_code', 'VEND-RHEIN;4.200;OUR;GDSP'].join(
        '\r\n',
      ),
      'ambiguous.csv',
    );
    expect(screen.getByTestId('csv-rejected').textContent).toBe('1 rejected');
    expect(screen.getByText(/4\.200 could be 4200 or 4\.2/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Create/ })).toBeNull();
  });

  it('shows every rejection reason in full, wrapping rather than cut off', async () => {
    await upload(
      ['beneficiary;amount;fee;purpose', 'VEND-RHEIN;4.200;OUR;GDSP', 'VEND-NOBODY;4200,00;XYZ;NOPE'].join(
        '\r\n',
      ),
      'reasons.csv',
    );
    const expected = [
      'row 2, beneficiary_amount: 4.200 could be 4200 or 4.2: write 4200 without the separator, or with its decimals (4200,00 or 4200.00)',
      'row 3, beneficiary_profile_id: beneficiary not found; row 3, fee_type: must be OUR or SHA; row 3, purpose_code: unknown purpose code NOPE',
    ];
    for (const reason of expected) {
      const cell = screen.getByText(reason);
      expect(cell.textContent).toBe(reason);
      // Nothing on the cell or around it within its row may clip the text to one line.
      for (let node: HTMLElement | null = cell; node && node.tagName !== 'TBODY'; node = node.parentElement)
        expect(node.className).not.toMatch(/\b(truncate|text-ellipsis|whitespace-nowrap|line-clamp-\d)\b/);
    }
  });

  it('says when a file lacks a required column and offers no draft', async () => {
    await uploadFile('beneficiary_reference,fee_type\r\nVEND-RHEIN,OUR', 'short.csv');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/short\.csv could not be read as a batch/);
    expect(alert.textContent).toMatch(/Missing column: beneficiary_amount/);
    expect(screen.queryByRole('button', { name: /Create/ })).toBeNull();
  });
});
