// Owns the provider's name as people read it outside the portal: on receipts (the issuer) and in authenticator apps.
export const PROVIDER_NAME = 'Payout Portal';
