// The read-only mechanism as the markup a page gets (server-rendered, Suspense resolved): a control marked as changing
// state is aria-disabled (still focusable), described by the explanation and wrapped in its tooltip trigger while the
// page is read-only, and untouched otherwise. Clicking it doing nothing is checked in the browser (e2e/support.spec.ts).
import { type ComponentType, createElement as h, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Checkbox } from './checkbox';
import { ConfirmAction } from './confirm-action';
import { FileDropZone } from './file-drop-zone';
import { ChangesState, ReadOnlyProvider } from './read-only';
import { Select } from './select';
import { ToastProvider } from './toast';

const EXPLANATION = 'Read-only support view: changes are not allowed';

/** createElement for a component whose props require children, given as the argument. */
function wrap<P>(type: ComponentType<P>, props: Omit<P, 'children'>, child: ReactNode) {
  return h(type as ComponentType<Omit<P, 'children'>>, props, child);
}

async function html(node: ReactNode, readOnly: boolean): Promise<string> {
  const tree = wrap(
    ReadOnlyProvider,
    { explanation: readOnly ? EXPLANATION : null },
    wrap(ToastProvider, {}, node),
  );
  const { prelude } = await prerenderToNodeStream(tree);
  let text = '';
  for await (const chunk of prelude) text += chunk.toString();
  return text;
}

/** The opening tag of the first element carrying `marker` in its attributes. */
function tagWith(markup: string, marker: string): string {
  const at = markup.indexOf(marker);
  expect(at, `${marker} in ${markup}`).toBeGreaterThan(-1);
  return markup.slice(markup.lastIndexOf('<', at), markup.indexOf('>', at) + 1);
}

/** The accessible description the tag gives itself (no aria-describedby: that would take precedence). */
function description(tag: string): string {
  expect(tag).not.toContain('aria-describedby');
  return /aria-description="([^"]*)"/.exec(tag)?.[1] ?? '';
}

describe('read-only controls', () => {
  it('a changing button works as usual outside a read-only page', async () => {
    const markup = await html(h(Button, { changesState: true }, 'Confirm batch'), false);
    expect(markup).toMatch(
      /^<button type="button" class="[^"]*hover:bg-accent-700[^"]*">Confirm batch<\/button>/,
    );
  });

  it('on a read-only page it is aria-disabled (not disabled: it stays focusable), described by the explanation and tooltipped', async () => {
    const markup = await html(
      h(Button, { changesState: true, disabled: true, 'aria-describedby': 'why' }, 'Confirm batch'),
      true,
    );
    const tag = tagWith(markup, 'aria-disabled');
    expect(tag).toContain('aria-disabled="true"');
    expect(tag).not.toMatch(/\sdisabled(=|\s|>)/);
    expect(tag).toContain('data-read-only');
    // Radix's tooltip trigger: shown on hover and focus.
    expect(tag).toContain('data-state="closed"');
    // The explanation replaces its own description (why it is blocked otherwise): it is what counts now.
    expect(description(tag)).toBe(EXPLANATION);
    expect(markup).toContain('>Confirm batch<');
  });

  it('a button that changes nothing is untouched on a read-only page', async () => {
    const markup = await html(h(Button, { variant: 'secondary' }, 'Download CSV'), true);
    expect(markup).not.toContain('aria-disabled');
    expect(markup).not.toContain(EXPLANATION);
  });

  it('a link to a page that changes something becomes an unavailable button, without its href', async () => {
    const link = h('a', { href: '/batches/new' }, 'New batch');
    expect(await html(h(Button, { asChild: true, changesState: true }, link), false)).toContain(
      'href="/batches/new"',
    );
    const markup = await html(h(Button, { asChild: true, changesState: true }, link), true);
    expect(markup).not.toContain('href=');
    const tag = tagWith(markup, 'aria-disabled');
    expect(tag).toMatch(/^<button [^>]*type="button"/);
    expect(description(tag)).toBe(EXPLANATION);
    expect(markup).toContain('>New batch<');
  });

  it('a submit button stays a submit button (Enter in its form clicks it; the click is cancelled)', async () => {
    const markup = await html(h(Button, { type: 'submit', changesState: true }, 'Add endpoint'), true);
    expect(tagWith(markup, 'aria-disabled')).toMatch(/^<button [^>]*type="submit"/);
  });

  it('ConfirmAction and <ChangesState> make their buttons changing without a mark', async () => {
    const confirm = h(ConfirmAction, {
      trigger: h(Button, { 'aria-label': 'Revoke key 1' }, 'Revoke'),
      title: 'Revoke?',
      confirmLabel: 'Revoke key',
      action: async () => undefined,
      success: 'Revoked',
      failure: 'Not revoked',
    });
    expect(await html(confirm, false)).not.toContain('aria-disabled');
    const markup = await html(confirm, true);
    expect(tagWith(markup, 'aria-disabled')).toContain('aria-label="Revoke key 1"');
    // The trigger opens no dialog.
    expect(tagWith(markup, 'aria-disabled')).not.toContain('aria-haspopup');
    expect(await html(wrap(ChangesState, {}, h(Button, null, 'Re-send')), true)).toContain(
      'aria-disabled="true"',
    );
  });

  it('a changing select and checkbox are unavailable with the explanation', async () => {
    const select = await html(
      h(Select, {
        value: 'member',
        onValueChange: () => undefined,
        options: [{ value: 'member', label: 'Member' }],
        'aria-label': 'Role of Ann',
        changesState: true,
      }),
      true,
    );
    const trigger = tagWith(select, 'aria-disabled');
    expect(trigger).toContain('role="combobox"');
    expect(trigger).not.toMatch(/\sdisabled(=|\s|>)/);
    expect(description(trigger)).toBe(EXPLANATION);

    const checkbox = await html(
      h(Checkbox, {
        checked: false,
        onCheckedChange: () => undefined,
        label: 'Require 2FA',
        changesState: true,
      }),
      true,
    );
    const box = tagWith(checkbox, 'aria-disabled');
    expect(box).toContain('role="checkbox"');
    expect(description(box)).toBe(EXPLANATION);
  });

  it('an upload zone has no file input on a read-only page; a zone that only reads a file keeps it', async () => {
    const zone = (changesState: boolean) =>
      h(FileDropZone, { label: 'Upload a document', onFiles: () => undefined, changesState });
    const upload = await html(zone(true), true);
    expect(upload).not.toContain('type="file"');
    expect(description(tagWith(upload, 'aria-disabled'))).toBe(EXPLANATION);
    expect(await html(zone(false), true)).toContain('type="file"');
  });
});
