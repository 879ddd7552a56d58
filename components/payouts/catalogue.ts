// Owns the words the payouts pages use for the API's codes: purpose codes (the spec's meanings) and fee types.
import { PURPOSE_CODES as CODES } from '@/lib/payouts/contract/enums';

export const PURPOSE_MEANINGS: Record<string, string> = {
  SNTR: 'Transfer of the same name',
  GDSP: 'Payment',
  LGST: 'Logistics costs',
  ADVT: 'Advertising costs',
  TECH: 'Technical service fee',
  CLUD: 'Cloud as a Service',
  RENT: 'Rental costs',
  UTIL: 'Utility expenses',
  LAWF: 'Law firm fees',
  ACCT: 'Accounting expenses',
  CONS: 'Consultancy fees',
  SPON: 'Sponsorship costs',
  INVT: 'Investment and financial management',
};

export const PURPOSE_CODES = CODES;

export const FEE_TYPE_EXPLANATIONS: Record<string, string> = {
  OUR: 'OUR — you pay the whole wire fee; the beneficiary receives the full amount.',
  SHA: 'SHA — the fee is shared: you pay the sending side, and the receiving bank may deduct its share, so less may arrive.',
};
