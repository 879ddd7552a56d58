// Owns the address and contact fields every profile has, in their wire order: a sender, a beneficiary and the
// beneficiaries export list them the same way, so a new one is added once.
export const ADDRESS_AND_CONTACT_FIELDS = [
  'country',
  'address_line1',
  'address_line2',
  'city',
  'postal_code',
  'region',
  'contact_email',
] as const;
