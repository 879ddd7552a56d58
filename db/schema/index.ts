// One Drizzle schema for the whole product: every domain's tables, re-exported from here.

export * from './account-security';
export * from './api-keys';
export * from './approval-policies';
export * from './chains';
export * from './email';
export * from './events';
export * from './files';
export * from './funding';
export * from './ledger';
export * from './liquidity';
export * from './organizations';
export * from './payouts';
export * from './platform';
export * from './profiles';
export * from './quotes';
export * from './sessions';
export * from './users';
export * from './webhooks';
export * from './workers';
