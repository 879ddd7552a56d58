// One Drizzle schema for the whole product: every domain's tables, re-exported from here.

export * from './approvals';
export * from './funding';
export * from './identity/account-security';
export * from './identity/api-keys';
export * from './identity/organizations';
export * from './identity/sessions';
export * from './identity/users';
export * from './ledger';
export * from './liquidity';
export * from './notifications';
export * from './payouts';
export * from './platform/adapter-health';
export * from './platform/chains';
export * from './platform/email-outbox';
export * from './platform/events';
export * from './platform/files';
export * from './platform/requests';
export * from './platform/workers';
export * from './pricing';
export * from './profiles';
export * from './support';
export * from './webhooks';
