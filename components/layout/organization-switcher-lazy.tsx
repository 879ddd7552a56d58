'use client';
// Owns loading the organization switcher only for users who have several organizations (most have one),
// so its select does not weigh on everyone's first load.
import dynamic from 'next/dynamic';

export const OrganizationSwitcherLazy = dynamic(() =>
  import('./organization-switcher').then((module) => module.OrganizationSwitcher),
);
