// @vitest-environment happy-dom
// Treasury's rate sheet form as treasury meets it: a pasted sheet's mistakes named by line before anything is sent,
// the sheet sent as the wire takes it, and the server's refusal put back on the line it concerns.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { PayoutApiError } from '@/lib/platform/client/errors';

const publishRateSheetRequest = vi.fn();
vi.mock('./api', () => ({
  publishRateSheetRequest: (...args: unknown[]) => publishRateSheetRequest(...args),
}));

const { RateSheetForm } = await import('./rate-sheet-form');

function renderForm(onPublished = vi.fn()) {
  render(
    <ToastProvider>
      <RateSheetForm onPublished={onPublished} />
    </ToastProvider>,
  );
  return { user: userEvent.setup(), onPublished };
}

describe('the rate sheet form', () => {
  beforeEach(() => {
    publishRateSheetRequest.mockReset();
  });

  it('names each bad line and sends nothing', async () => {
    const { user } = renderForm();
    await user.type(
      screen.getByLabelText('Rates (units per USDT)'),
      'EUR 0,92{enter}euro 1{enter}GBP 0.79{enter}gbp 0.8{enter}JPY',
    );
    await user.click(screen.getByRole('button', { name: 'Publish rate sheet' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Line 1: "0,92" is not a positive rate');
    expect(alert.textContent).toContain('Line 2: "euro" is not a currency code');
    expect(alert.textContent).toContain('Line 4: GBP is already on line 3');
    expect(alert.textContent).toContain('Line 5: write the currency and its rate');
    expect(publishRateSheetRequest).not.toHaveBeenCalled();
  });

  it('sends the rates in capitals with the chosen validity, then starts again empty', async () => {
    publishRateSheetRequest.mockResolvedValue({});
    const { user, onPublished } = renderForm();
    await user.type(screen.getByLabelText('Rates (units per USDT)'), 'eur 0.9231{enter}{enter}JPY\t151.2');
    await user.selectOptions(screen.getByLabelText('Valid for'), '8 hours');
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'Publish rate sheet' }));
    await waitFor(() => expect(onPublished).toHaveBeenCalled());
    const [body] = publishRateSheetRequest.mock.calls[0] as [{ valid_until: string; rates: unknown[] }];
    expect(body.rates).toEqual([
      { currency: 'EUR', units_per_usdt: '0.9231' },
      { currency: 'JPY', units_per_usdt: '151.2' },
    ]);
    const hours = (new Date(body.valid_until).getTime() - before) / 3_600_000;
    expect(hours).toBeGreaterThan(7.99);
    expect(hours).toBeLessThan(8.01);
    expect((screen.getByLabelText('Rates (units per USDT)') as HTMLTextAreaElement).value).toBe('');
    expect(await screen.findByText('Rate sheet published')).toBeTruthy();
  });

  it("puts the server's refusal on the line it concerns", async () => {
    const refusal = new PayoutApiError({
      status: 422,
      code: 'invalid_parameter',
      message: 'rates.1.units_per_usdt: must be a positive decimal',
      messages: [],
      fieldErrors: [
        {
          field: 'rates.1.units_per_usdt',
          code: 'invalid',
          message: 'rates.1.units_per_usdt: must be a positive decimal',
        },
      ],
      requestId: null,
      headers: new Headers(),
      body: null,
    });
    publishRateSheetRequest.mockImplementation(async () => {
      throw refusal;
    });
    const { user, onPublished } = renderForm();
    await user.type(screen.getByLabelText('Rates (units per USDT)'), 'EUR 0.92{enter}{enter}GBP 0.79');
    await user.click(screen.getByRole('button', { name: 'Publish rate sheet' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Line 3: must be a positive decimal');
    expect(onPublished).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Rates (units per USDT)') as HTMLTextAreaElement).value).toContain('GBP');
  });
});
