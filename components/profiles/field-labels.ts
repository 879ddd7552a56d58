// Owns the words for a profile field's API name (`address_line1` → "Address line 1"): how a reviewer's request and a
// staff correction name fields to the client, and how the review dialogs label them.
const SPECIAL: Record<string, string> = {
  iban: 'IBAN',
  swift_bic: 'SWIFT/BIC',
  id_document_type: 'ID document type',
  id_document_number: 'ID document number',
  documents: 'Proof documents',
};

export function profileFieldLabel(name: string): string {
  const special = SPECIAL[name];
  if (special) return special;
  const words = name.replaceAll('_', ' ').replace(/(\D)(\d)/g, '$1 $2');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
