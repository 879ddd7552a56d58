// Every settings page can be reached from the Settings hub: a page missing from the sections list is an orphan.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { settingsSections, unlistedSettingsPages, visibleSections } from './sections';

const settingsDir = path.resolve(import.meta.dirname, '../../app/(portal)/settings');

/** `/settings/<name>` for every folder under app/(portal)/settings that has a page of its own. */
function settingsPages(): string[] {
  return readdirSync(settingsDir, { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && readdirSync(path.join(settingsDir, entry.name)).includes('page.tsx'),
    )
    .map((entry) => `/settings/${entry.name}`)
    .sort();
}

describe('settings sections', () => {
  it('lists every settings page in the hub (or says why not)', () => {
    const listed = new Set([
      ...settingsSections.map((section) => section.href),
      ...Object.keys(unlistedSettingsPages),
    ]);
    expect(settingsPages().filter((href) => !listed.has(href))).toEqual([]);
  });

  it('lists a section to those whose role may call the operation it is built on', () => {
    const hrefs = (role: 'admin' | 'approver' | 'member') =>
      visibleSections({ role, sandbox: false }).map((section) => section.href);
    expect(hrefs('admin')).toEqual(
      expect.arrayContaining(['/settings/access-log', '/settings/approvals', '/settings/team']),
    );
    expect(hrefs('member')).toContain('/settings/approvals');
    expect(hrefs('member')).not.toContain('/settings/access-log');
    // In the portal webhook endpoints are an admin's (the declarations' sessionRole): the hub follows the API.
    expect(hrefs('admin')).toContain('/settings/webhooks');
    expect(hrefs('approver')).not.toContain('/settings/webhooks');
    expect(hrefs('approver')).not.toContain('/settings/team');
    expect(hrefs('member')).not.toContain('/settings/webhooks');
  });
});
