// Business time for payouts (quote expiry, funding deadline, draft expiry) is the organization's clock: it lives in
// lib/clock.ts with every other business record's time (DESIGN "Time bases"); kept here for the payouts imports.
export { atBusinessTime, businessNow } from '@/lib/clock';
