// Owns the products an organization may be entitled to: the operation declaration names one, the pipeline checks it.

/** Products an organization may be entitled to; a route of another product is `forbidden`. */
export const ENTITLEMENTS = ['payouts', 'liquidity_management', 'liquidity_utilization'] as const;
export type Entitlement = (typeof ENTITLEMENTS)[number];
