'use client';
// Owns loading the two-factor set-up card only for the members an organization's policy stops (the layout shows
// it instead of the page), so the security settings it carries do not weigh on every page's first load.
import dynamic from 'next/dynamic';

export const TwoFactorGateLazy = dynamic(() =>
  import('./two-factor-gate').then((module) => module.TwoFactorGate),
);
