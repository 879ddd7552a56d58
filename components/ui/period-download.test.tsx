// @vitest-environment happy-dom
// The period download as a finance user meets it: the last 30 days filled in, a last day before the first said beside
// it (and nothing downloaded), and the chosen days sent as the instants that bound them in the reader's timezone.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { localDay, startOfLocalDay } from './period';
import { PeriodDownload } from './period-download';
import { ToastProvider } from './toast';

function renderDownload(download: () => Promise<void>) {
  render(
    <ToastProvider>
      <PeriodDownload
        title="Statement"
        description="Your balance's movements."
        fromLabel="Statement from"
        toLabel="Statement to"
        download={download}
        success="Statement downloaded"
        failure="Statement not downloaded"
      />
    </ToastProvider>,
  );
  return userEvent.setup();
}

describe('the period download', () => {
  it('says a last day before the first beside it and downloads nothing', async () => {
    const download = vi.fn(async () => {});
    const user = renderDownload(download);
    const to = await screen.findByLabelText('Statement to');
    expect((screen.getByLabelText('Statement from') as HTMLInputElement).value).toBe(localDay(-30));
    fireEvent.change(to, { target: { value: '2020-01-01' } });

    await waitFor(() => expect(to.getAttribute('aria-invalid')).toBe('true'));
    const said = (to.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id));
    expect(said.map((element) => element?.textContent)).toEqual(['The last day is before the first']);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(download).not.toHaveBeenCalled();
  });

  it('downloads the chosen days, both included, and says so', async () => {
    const download = vi.fn(async () => {});
    const user = renderDownload(download);
    fireEvent.change(await screen.findByLabelText('Statement from'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Statement to'), { target: { value: '2026-11-30' } });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    expect(download).toHaveBeenCalledWith({
      fromDay: '2026-11-01',
      toDay: '2026-11-30',
      from: startOfLocalDay('2026-11-01'),
      to: startOfLocalDay('2026-12-01'),
    });
    expect(await screen.findByText('Statement downloaded')).toBeTruthy();
  });
});
