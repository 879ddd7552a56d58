// Tests the navigation registry against the pages on disk: a link shows only when its page exists, and by entitlement.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { NextConfig } from 'next';
import { describe, expect, it } from 'vitest';
import { isCurrent, navigationItems, visibleNavigation } from './navigation';

const portal = path.resolve(import.meta.dirname, '../../app/(portal)');
const pageExists = (href: string) => existsSync(path.join(portal, href, 'page.tsx'));

const linkedHref = (href: string) => navigationItems.some((item) => item.href === href && item.ready);

describe('navigation registry', () => {
  it.each(navigationItems.map((item) => [item.href, item] as const))(
    '%s is ready exactly when its page exists',
    (_href, item) => {
      expect(item.ready).toBe(pageExists(item.href));
    },
  );

  it('links every top-level portal page (settings pages are reached through the Settings hub)', () => {
    const pages = readdirSync(portal, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && pageExists(`/${entry.name}`))
      .map((entry) => `/${entry.name}`);
    const linked = new Set(navigationItems.map((item) => item.href));
    expect(pages.filter((href) => !linked.has(href))).toEqual([]);
  });

  it('sends /liquidity, the link for a wallet, to /withdrawals, the liquidity area’s first page, with an HTTP redirect', async () => {
    const configFile = pathToFileURL(path.resolve(import.meta.dirname, '../../next.config.mjs')).href;
    const config = ((await import(configFile)) as { default: NextConfig }).default;
    expect(await config.redirects?.()).toContainEqual({
      source: '/liquidity',
      destination: '/withdrawals',
      permanent: false,
    });
    expect(linkedHref('/withdrawals')).toBe(true);
  });

  it('shows an organization only the products it is entitled to', () => {
    expect(visibleNavigation(['payouts']).map((item) => item.label)).toEqual(
      navigationItems
        .filter(
          (item) =>
            item.ready && !item.sandboxOnly && (item.entitlement === null || item.entitlement === 'payouts'),
        )
        .map((item) => item.label),
    );
    expect(visibleNavigation([]).map((item) => item.label)).not.toContain('Sandbox emails');
    expect(visibleNavigation([], { sandbox: true }).map((item) => item.label)).toContain('Sandbox emails');
    const everything = visibleNavigation(['payouts', 'liquidity_management', 'liquidity_utilization']);
    expect(everything.map((item) => item.label)).toContain('Dashboard');
    expect(everything.map((item) => item.label)).toContain('Settings');
    expect(visibleNavigation([]).every((item) => item.entitlement === null)).toBe(true);
  });

  it('marks the dashboard only on /, other areas on their sub-pages too', () => {
    const [dashboard] = navigationItems;
    const settings = navigationItems.find((item) => item.href === '/settings')!;
    expect(isCurrent(dashboard!, '/')).toBe(true);
    expect(isCurrent(dashboard!, '/settings')).toBe(false);
    expect(isCurrent(settings, '/settings/team')).toBe(true);
    expect(isCurrent(settings, '/settingsx')).toBe(false);
  });
});
