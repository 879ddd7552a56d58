// @vitest-environment happy-dom
// The form primitives as assistive technology and a person meet them: each error tied to its field, a summary after a
// refused submit that takes you to the field, and the server's message announced.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { FORM_ERROR, Form, FormField, FormServerError, FormSubmit } from './form';
import { Input } from './input';
import { lazyResolver } from './lazy-resolver';

interface Values {
  name: string;
  iban: string;
}

const schema = async () => {
  const { z } = await import('zod');
  return z.object({
    name: z.string().min(1, 'Enter the name'),
    iban: z.string().regex(/^[A-Z]{2}\d{2}/, 'Starts with the country code and two digits'),
  });
};

function Example({ onSubmit }: { onSubmit: (values: Values) => Promise<void> | void }) {
  const form = useForm<Values>({
    resolver: lazyResolver<Values>(schema),
    defaultValues: { name: '', iban: '' },
  });
  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        await onSubmit(values);
        form.setError(FORM_ERROR, { type: 'server', message: 'The bank is not reachable' });
      }}
    >
      <FormField control={form.control} name="name" label="Name">
        {(field) => <Input {...field} />}
      </FormField>
      <FormField control={form.control} name="iban" label="IBAN" hint="As on the bank statement">
        {(field) => <Input {...field} />}
      </FormField>
      <FormServerError />
      <FormSubmit>Save</FormSubmit>
    </Form>
  );
}

describe('the form primitives', () => {
  it('tie each error to its field and list the fields to fix', async () => {
    const submitted = vi.fn();
    render(<Example onSubmit={submitted} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('IBAN'), 'de89');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('2 fields need attention');
    const iban = screen.getByLabelText('IBAN');
    expect(iban.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (iban.getAttribute('aria-describedby') ?? '').split(' ');
    const said = describedBy.map((id) => document.getElementById(id)?.textContent);
    expect(said).toEqual(['As on the bank statement', 'Starts with the country code and two digits']);
    expect(submitted).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'IBAN' }));
    expect(document.activeElement).toBe(iban);
  });

  it("announces the server's message for the whole form once the fields are right", async () => {
    render(<Example onSubmit={async () => {}} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Rhein Logistik');
    await user.type(screen.getByLabelText('IBAN'), 'DE89370400440532013000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The bank is not reachable'));
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBeNull();
  });

  it('cannot be submitted before the page is hydrated: the browser would put every field in the URL', async () => {
    // The server's HTML: the submit button is disabled, so neither a click nor Enter submits the form natively.
    const html = renderToString(<Example onSubmit={() => {}} />);
    const page = document.createElement('div');
    page.innerHTML = html;
    expect(page.querySelector('button[type="submit"]')?.hasAttribute('disabled')).toBe(true);
    // Once React runs in the browser, it is enabled.
    render(<Example onSubmit={() => {}} />);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
