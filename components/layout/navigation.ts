// Owns the portal's top-level areas: one list feeds the header navigation and the home page overview.
export interface NavigationArea {
  href: string;
  label: string;
  summary: string;
}

export const navigationAreas: readonly NavigationArea[] = [
  {
    href: '/payouts',
    label: 'Payouts',
    summary:
      'Build batches of cross-border payouts, review the quoted USDT amounts and fees, confirm them and follow each order to completion.',
  },
  {
    href: '/liquidity',
    label: 'Liquidity',
    summary:
      'See your USDT funding balance and deposit address, withdraw to your wallets, and keep proofs of settlement per route.',
  },
  {
    href: '/profiles',
    label: 'Profiles',
    summary:
      'Register the senders who pay and the beneficiaries who get paid; each must clear review before an order may use it.',
  },
  {
    href: '/settings',
    label: 'Settings',
    summary: 'Manage your team and their roles, API keys for integrations, and webhook endpoints.',
  },
];
