// Owns the catalogue of specific error codes: the kind each belongs to (lib/platform/http/error-status.ts answers a kind with
// its HTTP status), why it happens and a real example. Services may only throw codes listed here (ApiError's `code`
// is typed by it), and each operation declares the ones it can answer (`errors` in lib/api/operations), which is how
// the OpenAPI document lists them.
// Browser-safe: no imports beyond types.
import type { ErrorKind } from './kinds';

export interface ErrorCodeEntry {
  kind: ErrorKind;
  /** Why it happens, for the reference (Markdown). */
  explain: string;
  /** A message the server really sends with it. */
  example: string;
  /** The field a real answer names (`param`, and `errors[].field`), when it names one. */
  param?: string;
}

export const ERROR_CODES = {
  // bad_request — the request is well-formed but breaks a business rule.
  invalid_json: {
    kind: 'bad_request',
    explain: 'The body is not valid JSON.',
    example: 'Request body is not valid JSON',
  },
  fragment_in_target: {
    kind: 'bad_request',
    explain:
      'The request target carries a fragment (`#…`). A fragment is never part of an HTTP request: send (and sign) the path and query only.',
    example: 'The request target must not contain a fragment (#…): send and sign the path and query only',
  },
  invalid_multipart: {
    kind: 'bad_request',
    explain: 'The body is not valid `multipart/form-data`.',
    example: 'Request body is not valid multipart/form-data',
  },
  orders_invalid: {
    kind: 'bad_request',
    explain:
      'One or more orders break a business rule; `errors[]` names every one (`orders.N.<field>`, with codes such as `not_found`, `profile_not_ready`, `unsupported_corridor`, `file_not_found`). Nothing is stored.',
    example: 'orders.0.beneficiary_profile_id: beneficiary profile is no longer ready (it is in_review)',
    param: 'orders.0.beneficiary_profile_id',
  },
  insufficient_balance: {
    kind: 'bad_request',
    explain: 'The available USDT funding balance is short.',
    example: 'funding balance is short',
  },
  file_not_found: {
    kind: 'bad_request',
    explain: 'A file id names no document of this sender.',
    example: 'file_ids.0: no such file for this sender',
    param: 'file_ids.0',
  },
  not_found: {
    kind: 'bad_request',
    explain: 'A profile id in the body names no profile of your organization.',
    example: 'sender_profile_id: sender not found',
    param: 'sender_profile_id',
  },
  unsupported_corridor: {
    kind: 'bad_request',
    explain: 'No active corridor pays this currency to this bank country.',
    example: 'USD cannot be paid into accounts in DE (supported: EUR)',
    param: 'currency',
  },
  period_too_long: {
    kind: 'bad_request',
    explain: 'The period [from, to) is longer than the operation allows.',
    example: 'the period is at most 366 days',
    param: 'to',
  },
  unknown_chain: {
    kind: 'bad_request',
    explain: 'The chain has no funding address.',
    example: 'chain "bitcoin" has no funding address',
    param: 'chain',
  },
  endpoint_limit_reached: {
    kind: 'bad_request',
    explain: 'The organization already has the most webhook endpoints allowed.',
    example: 'An organization may have at most 16 webhook endpoints',
  },
  chain_not_found: {
    kind: 'bad_request',
    explain: 'The chain id names no chain.',
    example: 'chain_id: no such chain',
    param: 'chain_id',
  },
  chain_disabled: {
    kind: 'bad_request',
    explain: 'Withdrawals on the chain are disabled.',
    example: 'chain_id: Tron is disabled',
    param: 'chain_id',
  },
  wallet_not_found: {
    kind: 'bad_request',
    explain: 'The wallet id names no address in your address book.',
    example: 'wallet_id: no such wallet in the address book',
    param: 'wallet_id',
  },
  wallet_cooling_off: {
    kind: 'bad_request',
    explain: 'The address was added recently and is still in its cooling-off period.',
    example: 'wallet_id: this address is in its cooling-off period until 2026-11-27T10:00:00.000Z',
    param: 'wallet_id',
  },
  wallet_pending_approval: {
    kind: 'bad_request',
    explain:
      'The address waits for a second approver (approval policy `wallets_require_approval`); it cannot be withdrawn to until approved.',
    example:
      'wallet_id: this address waits for a second approver (approval policy): it cannot be withdrawn to yet',
    param: 'wallet_id',
  },
  amount_below_minimum: {
    kind: 'bad_request',
    explain:
      "The amount is below the chain's `min_withdrawal_amount` (see `GET /liquidity/management/chains`).",
    example: 'amount: the smallest withdrawal on Tron is 1.00 USDT',
    param: 'amount',
  },
  draft_limit_reached: {
    kind: 'draft_limit_reached',
    explain:
      'The batch would take the organization past its cap of open draft orders (50,000 unless the deployment sets another): confirm or discard drafts first. Nothing is stored.',
    example:
      'the organization holds 49990 open draft orders and may hold at most 50000: confirm or discard drafts before adding 20 more',
    param: 'orders',
  },
  corridor_not_found: {
    kind: 'bad_request',
    explain: 'The corridor id names no corridor.',
    example: 'corridor_id: no such corridor',
    param: 'corridor_id',
  },
  route_not_found: {
    kind: 'bad_request',
    explain: 'The route id names no settlement route of the organization.',
    example: 'route_id: no such route',
    param: 'route_id',
  },
  batch_not_found: {
    kind: 'bad_request',
    explain: 'The batch id names no payout batch of the organization.',
    example: 'batch_id: no such batch',
    param: 'batch_id',
  },
  loan_not_found: {
    kind: 'bad_request',
    explain: 'The loan id names no loan of the organization.',
    example: 'loan_id: no such loan',
    param: 'loan_id',
  },
  invalid_file: {
    kind: 'bad_request',
    explain: 'The file is empty or larger than 10 MiB.',
    example: 'file: must be between 1 byte and 10 MiB',
    param: 'file',
  },
  invalid_report: {
    kind: 'bad_request',
    explain:
      'The uploaded bank report is not one the payouts desk reads: not well-formed XML, not a `pain.002.001.10` or `camt.054.001.08` document, or a CSV without the columns `order_id,outcome,bank_reference,reason`. Nothing is stored.',
    example: 'file: not well-formed XML (line 3: Expected closing tag)',
    param: 'file',
  },
  unsupported_file_type: {
    kind: 'bad_request',
    explain: 'The file is not a PDF, PNG or JPEG document (judged by its content).',
    example: 'file: must be a PDF, PNG or JPEG document',
    param: 'file',
  },
  already_member: {
    kind: 'bad_request',
    explain: 'The person invited is already a member of the organization.',
    example: 'ana@acme.example is already a member of this organization',
    param: 'email',
  },
  wrong_password: {
    kind: 'bad_request',
    explain: 'The password given is not the account’s current password.',
    example: 'current_password: is not your current password',
    param: 'current_password',
  },
  code_required: {
    kind: 'bad_request',
    explain:
      'Turning two-factor authentication off needs a current code from the authenticator app (or a recovery code).',
    example: 'code: enter the current code from your authenticator app',
    param: 'code',
  },
  two_factor_locked: {
    kind: 'bad_request',
    explain: 'Too many wrong codes in a row: wait for the lockout to end, then try again.',
    example: 'code: too many wrong codes; wait 15 minutes, then try again',
    param: 'code',
  },
  invalid_code: {
    kind: 'bad_request',
    explain: 'The code is not the current one from the authenticator app (nor an unused recovery code).',
    example: 'code: is not the current code from your authenticator app',
    param: 'code',
  },
  invalid_reset_token: {
    kind: 'bad_request',
    explain: 'The password reset link is invalid, already used or expired.',
    example: 'this reset link is invalid, already used or expired: request a new one',
    param: 'token',
  },

  // forbidden — allowed in general, not for this caller or this resource.
  forbidden: {
    kind: 'forbidden',
    explain:
      'Not allowed for this caller; the message says why (e.g. staff change nothing while a support view is open).',
    example:
      'This session is in a read-only support view: exit the view before changing anything in the console',
  },
  separate_confirmer_required: {
    kind: 'forbidden',
    explain:
      'The approval policy requires someone other than the batch’s makers (its `makers`: who created it, re-quoted it or changed a party it pays) to confirm it; an API key counts as the user who created it.',
    example:
      'approval policy: every batch must be confirmed by someone other than its makers (who created it, re-quoted it or changed a party it pays)',
  },
  separate_approver_required: {
    kind: 'forbidden',
    explain:
      'Under the approval policy a withdrawal or a new address-book wallet must be approved by a signed-in approver other than the person who asked for it (an API key counts as the user who created it).',
    example:
      'approval policy: a withdrawal must be approved by an approver other than the person who asked for it (an API key counts as the user who created it)',
  },
  stage_approver_not_eligible: {
    kind: 'bad_request',
    explain:
      'A rule’s stage names someone who is not an approver or admin of the organization: nobody could fill that slot. `errors[]` names each (`stages.N.user_ids.M`).',
    example: 'stages.0.user_ids.2: is not an approver or admin of this organization',
    param: 'stages.0.user_ids.0',
  },
  rule_object_immutable: {
    kind: 'bad_request',
    explain:
      'A rule’s `object` (batch, withdrawal, wallet, approval_rules) cannot change: create a new rule instead.',
    example: "object: a rule's object cannot change (it is batch)",
    param: 'object',
  },
  not_an_eligible_approver: {
    kind: 'forbidden',
    explain:
      'The approval waits on a stage the caller may not fill: the stage names a role the caller does not hold or people the caller is not one of (stages are filled in order; `approval.stages` shows who is eligible).',
    example: 'You may not approve at the stage "CFO": it needs one of the people it names',
  },
  already_approved: {
    kind: 'conflict',
    explain: 'The caller has already approved this object: one person fills one slot, across all its stages.',
    example: 'You have already approved this batch: someone else must fill the next slot',
  },
  approval_required: {
    kind: 'conflict',
    explain:
      'Approval rules require more approvals than the caller can give before this batch may be confirmed: `approval` on the batch shows the stages still open. Ask the people eligible for them to approve it (`POST /payouts/{id}/approve`).',
    example: 'This batch needs 2 more approvals (stage "Finance": 2 of 2 left) before it can be confirmed',
  },
  separate_reviewer_required: {
    kind: 'forbidden',
    explain:
      'A reviewer who corrected a sender’s or beneficiary’s details during its review is one of its makers: another reviewer must approve or reject it.',
    example: 'You corrected this profile during its review: another reviewer must decide it (four eyes)',
  },
  second_person_required: {
    kind: 'forbidden',
    explain:
      'Four eyes at the provider: someone other than the person who recorded a deposit (or marked a payment sent) confirms it (or records its outcome).',
    example: 'four eyes: someone other than the person who marked the order sent records its outcome',
  },
  invitation_email_mismatch: {
    kind: 'forbidden',
    explain: 'The invitation was sent to another email than the signed-in user’s.',
    example: 'this invitation was sent to ana@acme.example: sign in with that email to accept it',
  },

  // not_found — a resource the request names (in its body, or the session's own) does not exist.
  resource_not_found: {
    kind: 'not_found',
    explain: 'A resource the request names does not exist (or is not visible to you).',
    example: 'Organization not found',
  },

  // conflict (and its named kinds) — the resource is not in a state that allows the request.
  invalid_state: {
    kind: 'conflict',
    explain: 'The resource is not in a state that allows this; the message says which state it is in.',
    example: 'order is PAYING_BENEFICIARY: only an order awaiting deposit can be cancelled',
  },
  batch_not_awaiting_confirmation: {
    kind: 'conflict',
    explain: 'The batch is no longer `AWAITING_CONFIRMATION` (it was confirmed, discarded or expired).',
    example: 'batch is IN_PROGRESS: only a batch awaiting confirmation can be confirmed',
  },
  quote_expired: {
    kind: 'conflict',
    explain:
      'The quote expired: re-quote the batch (`POST /payouts/{batchId}/quote`); amounts never change silently.',
    example: 'quote expired: re-quote the batch',
  },
  draft_expired: {
    kind: 'conflict',
    explain: 'The draft batch passed its 7-day expiry: create a new batch.',
    example: 'the draft has expired: create a new batch',
  },
  source_file_already_attached: {
    kind: 'conflict',
    explain: 'The batch already has its source file (one per batch).',
    example: 'the batch already has its source file',
  },
  review_outdated: {
    kind: 'review_outdated',
    explain:
      'The batch changed since the `review_digest` sent with confirm was computed (a re-quote, or a party’s new details): `errors[]` names each changed field (`orders.N.<field>`, code `changed`). Review the batch again and confirm with its new digest.',
    example: 'The batch changed since it was reviewed',
  },
  client_reference_exists: {
    kind: 'client_reference_exists',
    explain: 'Another profile of this kind in your organization already has this `client_reference`.',
    example: 'Another profile of this kind already has this client reference',
    param: 'client_reference',
  },
  view_already_open: {
    kind: 'view_already_open',
    explain: 'This staff session already has an open support view: end it before starting another.',
    example: 'A support view is already open in this session: end it before starting another',
  },
  wallet_exists: {
    kind: 'conflict',
    explain: 'The address is already in the address book on that chain.',
    example: 'address: TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE is already in the address book on Tron',
    param: 'address',
  },
  last_admin: {
    kind: 'conflict',
    explain: 'The change would leave the organization without an admin.',
    example: 'the organization needs at least one admin: make someone else admin first',
  },
  last_staff_lead: {
    kind: 'conflict',
    explain: 'The change would leave the provider without an active support lead (who invites staff).',
    example: 'the provider needs at least one active support lead: make someone else a lead first',
  },
  cannot_disable_self: {
    kind: 'conflict',
    explain: 'A support lead cannot disable their own account: another lead does it.',
    example: 'you cannot disable your own account: ask another support lead',
  },
  staff_disabled: {
    kind: 'conflict',
    explain: 'The staff member is disabled: their roles no longer change.',
    example: 'ana@provider.example is disabled: their roles no longer change',
  },
  staff_email_taken: {
    kind: 'conflict',
    explain:
      'An account with this email already exists (a staff member, or a client user: staff accounts are separate).',
    example: 'ana@provider.example already has an account: staff need an email of their own',
    param: 'email',
  },
  invitation_accepted: {
    kind: 'conflict',
    explain: 'The invitation was already accepted: remove the member instead.',
    example: 'the invitation was already accepted: remove the member instead',
  },
  invitation_used: {
    kind: 'conflict',
    explain: 'The invitation was already accepted.',
    example: 'this invitation was already accepted: sign in instead',
  },
  invitation_revoked: {
    kind: 'conflict',
    explain: 'The invitation was withdrawn by an admin.',
    example: 'this invitation was withdrawn: ask your admin for a new one',
  },
  invitation_expired: {
    kind: 'conflict',
    explain: 'The invitation expired.',
    example: 'this invitation has expired: ask your admin for a new one',
  },
  account_exists: {
    kind: 'conflict',
    explain: 'An account with the invited email exists: sign in to accept the invitation.',
    example: 'an account for ana@acme.example already exists: sign in to accept the invitation',
  },
  password_changed: {
    kind: 'conflict',
    explain: 'The password changed while this request ran: try again.',
    example: 'your password changed meanwhile: try again',
  },
  two_factor_enabled: {
    kind: 'conflict',
    explain: 'Two-factor authentication is already on.',
    example: 'two-factor authentication is already on',
  },
  two_factor_disabled: {
    kind: 'conflict',
    explain: 'Two-factor authentication is off, and this needs it on.',
    example: 'turn two-factor authentication on first',
  },
  enrolment_not_started: {
    kind: 'conflict',
    explain: 'There is no authenticator app to confirm: start enrolment first.',
    example: 'start enrolment first: there is no authenticator app to confirm',
  },
  two_factor_required_by_organization: {
    kind: 'conflict',
    explain: 'An organization of the user requires two-factor authentication.',
    example: 'Acme Trading Ltd requires two-factor authentication: it cannot be turned off',
  },
  payout_account_missing: {
    kind: 'conflict',
    explain:
      'The payouts desk pays each currency from its active payout account, and this currency has none: a support lead adds one first.',
    example: 'no active payout account for EUR: a support lead adds one before orders in EUR are marked sent',
  },
  transaction_already_recorded: {
    kind: 'conflict',
    explain:
      'A deposit with this transaction hash on this chain was already recorded (whatever became of it): each transfer is credited once.',
    example:
      'a deposit with this transaction hash on tron is already recorded (confirmed): each transfer is credited once',
  },
  deposit_address_missing: {
    kind: 'conflict',
    explain:
      'The organization has no deposit address on this chain: operations enter it before a deposit on that chain is credited.',
    example: 'the organization has no deposit address on tron: enter it first',
  },
  // rate_limited — a specific limit, with the time to wait before retrying.
  too_many_attempts: {
    kind: 'rate_limited',
    explain: 'Too many wrong passwords (counted with sign-in): wait as `Retry-After` says, then try again.',
    example: 'Too many wrong passwords: wait a few minutes, then try again',
  },
  webhook_send_limit: {
    kind: 'rate_limited',
    explain:
      'Too many test events and re-sends for this endpoint or organization in the current minute: retry after `Retry-After` seconds.',
    example: 'Too many test events and re-sends for this endpoint (at most 10 a minute): retry in 42 s',
  },
  // unavailable — a source the request needs is out of service for now, with the time to wait before retrying.
  rates_unavailable: {
    kind: 'unavailable',
    explain:
      'The FX rate source is stale or unreachable (the treasury rate sheet is past its `valid_until`, or the rates feed has given no rate newer than the provider allows), so nothing can be quoted. Nothing was stored; retry after `Retry-After` seconds. A currency with no rate at all is 400 `no_rate` on its order instead; a confirmed order keeps its quote.',
    example: 'Rates are unavailable right now; retry in 300 seconds',
  },
} as const satisfies Record<string, ErrorCodeEntry>;

export type ErrorCode = keyof typeof ERROR_CODES;
