// Owns how recorded activity reads to a person: staff reads (operation ids and resources), review history events and
// product (entitlement) codes in words, never the API's identifiers.

/** What the reads that are not "view the <words>" say. */
const READS: Record<string, string> = {
  listReviewQueue: 'Listed your profiles in the support review queue',
  getReviewProfile: 'Opened a profile in the support review console',
  getReviewFile: "Opened a sender's document in the support review console",
  getSupportOrganization: "Opened your organization's overview in the support console",
  getLiquidityBackOffice: 'Opened your liquidity records in the support back office',
  getMyOrganization: 'Viewed the organization',
  getOrderReceipt: 'Downloaded an order receipt',
  exportOrders: 'Exported the orders',
  exportBeneficiaries: 'Exported the beneficiaries',
  getFundingStatement: 'Downloaded the funding statement',
  getSenderFileContent: "Opened a sender's document",
  getBatchSourceFile: "Downloaded a batch's source file",
  getProofOfSettlementContent: 'Opened a proof of settlement',
  getSandboxOutbox: 'Viewed the sandbox emails',
};

/** Words an identifier is made of: "listFundingTransactions" → ["funding", "transactions"] after the verb. */
function wordsOf(operation: string): { verb: string; rest: string } {
  const words = operation
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\bapi\b/g, 'API')
    .split(' ');
  return { verb: words[0] ?? '', rest: words.slice(1).join(' ') };
}

/**
 * "listBeneficiaries" → "Viewed the beneficiaries list"; "getFundingBalance" → "Viewed the funding balance". A
 * change, which a view refuses but records, reads as an attempt: "createWithdrawal" → "Tried to create withdrawal".
 */
export function staffReadWords(operation: string, method = 'GET'): string {
  const known = READS[operation];
  if (known) return known;
  const { verb, rest } = wordsOf(operation);
  if (method !== 'GET' && method !== 'HEAD')
    return `Tried to ${verb} ${rest} (refused: read-only view)`.trim();
  if (verb === 'list') return `Viewed the ${rest} list`;
  if (verb === 'get') return `Viewed the ${rest}`;
  return `Viewed: ${verb} ${rest}`.trim();
}

const RESOURCE_KINDS: Record<string, string> = {
  sender: 'Sender',
  beneficiary: 'Beneficiary',
  file: 'Document',
  organization: 'Organization',
  'review-queue': 'Review queue',
};

/**
 * What was read, for a person: "sender/0b6f…" → "Sender 0b6f1c1e"; a request path inside a view → its last
 * identifier's kind and id ("/api/v2/beneficiaries/<id>" → "beneficiaries 0b6f1c1e"), or "—" for a whole list.
 */
export function staffReadRecord(resource: string): string {
  if (resource.startsWith('/')) {
    const parts = resource.split('?')[0]!.split('/').filter(Boolean).slice(2);
    let idAt = -1;
    parts.forEach((part, index) => {
      if (/^[0-9a-f]{8}-[0-9a-f-]{27}$/i.test(part)) idAt = index;
    });
    if (idAt < 1) return '—';
    return `${parts[idAt - 1]!.replaceAll('-', ' ')} ${parts[idAt]!.slice(0, 8)}`;
  }
  const [kind = '', id] = resource.split('/');
  const label = RESOURCE_KINDS[kind] ?? kind;
  return id ? `${label} ${id.slice(0, 8)}` : label;
}

const REVIEW_CHANGES: Record<string, string> = {
  submitted: 'submitted for review',
  referred: 'referred to staff by screening',
  ready: 'approved',
  rejected: 'rejected',
  action_required: 'needs more information',
};

const ACTORS: Record<string, string> = {
  system: 'automatic',
  staff: 'by staff',
  user: 'by the client',
  api_key: "by the client's API key",
};

/** "sender.submitted" by "system" → "Sender submitted for review (automatic)". */
export function reviewEventWords(type: string, actorType: string): string {
  const who = ACTORS[actorType] ?? actorType;
  if (type === 'support_review.cleared') return `Screening hit cleared (${who})`;
  if (type === 'support_review.corrected') return `Details corrected (${who})`;
  const [kind = '', change = ''] = type.split('.');
  const subject = kind.charAt(0).toUpperCase() + kind.slice(1);
  return `${subject} ${REVIEW_CHANGES[change] ?? change.replaceAll('_', ' ')} (${who})`;
}

const PRODUCTS: Record<string, string> = {
  payouts: 'Payouts',
  liquidity_management: 'Liquidity management',
  liquidity_utilization: 'Liquidity utilization',
};

/** "liquidity_management" → "Liquidity management": one list for Settings → Organization and the support console. */
export function productName(entitlement: string): string {
  return PRODUCTS[entitlement] ?? entitlement.replaceAll('_', ' ');
}
