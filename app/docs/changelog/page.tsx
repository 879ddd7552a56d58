// Owns /docs/changelog: API versions, the deprecation registry (the target of the `Link` header) and the v1 sunset.
import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { MethodBadge } from '@/components/docs/method-badge';
import { operationHref } from '@/components/docs/reference-paths';
import { Table } from '@/components/ui/table';
import { API_VERSION } from '@/lib/app/openapi/version';
import { allOperations } from '@/lib/app/operations';

export const metadata: Metadata = { title: 'Changelog' };

interface Release {
  version: string;
  date: string;
  changes: ReactNode[];
}

function C({ children }: { children: ReactNode }) {
  return (
    // Long names (paths, settings) break anywhere rather than push a phone's page sideways.
    <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800 [overflow-wrap:anywhere]">
      {children}
    </code>
  );
}

/** Newest first. A new `info.version` (lib/app/openapi/version.ts) gets its entry here. */
const RELEASES: Release[] = [
  {
    version: '2.11.0',
    date: '2026-11-29',
    changes: [
      <>
        USDT on a real chain (<C>CUSTODY_ADAPTER=evm</C>): each organization&apos;s funding address is derived
        from the provider&apos;s extended public key on the deployment&apos;s EVM network, which{' '}
        <C>GET /liquidity/management/chains</C> lists with the watched token contract.
      </>,
      <>
        <C>GET /funding/deposits</C> lists the transfers to the funding address seen on chain (cursors):{' '}
        <C>pending</C> with <C>confirmations</C> of <C>required_confirmations</C>, <C>credited</C> once at
        that count (with <C>deposit_id</C>), or <C>reorged</C> when its block was replaced first. New public
        event <C>funding.deposit_detected</C>; <C>funding.deposit_credited</C> follows at the confirmations.
      </>,
      <>
        With <C>evm</C> custody a withdrawal whose transaction operations record is{' '}
        <C>PROCESSING/broadcasting</C> until the chain shows it, <C>confirming</C> while it gathers
        confirmations, then <C>COMPLETED/confirmed</C>. New sub-status <C>PROCESSING/needs_review</C>: the
        transaction failed or did not send exactly the amount to the wallet&apos;s address; the amount stays
        held until operations settle it. Operations list what the watcher could not settle alone (that, and a
        credited deposit a deep reorganisation removed) under <C>GET /support/chain-alerts</C>, and settle a
        withdrawal that needs review as completed or failed with{' '}
        <C>
          POST /support/organizations/{'{orgId}'}/withdrawals/{'{withdrawalId}'}/review
        </C>
        .
      </>,
      <>
        <C>GET /funding/addresses</C> only reads: with <C>evm</C> custody an organization gets its address
        when it is opened. One opened before <C>evm</C> was switched on gets it from a background job shortly
        after; until then its chain is listed in the new <C>preparing</C> array instead of <C>items</C>.
      </>,
      <>
        A <C>confirming</C> withdrawal whose block a reorganisation replaces goes back to <C>broadcasting</C>{' '}
        until the same transaction is mined again; not mined again within the confirmation count, it becomes{' '}
        <C>needs_review</C> with its amount still held and an alert for operations.
      </>,
      <>
        Operations settle a credited deposit that a reorganisation removed with{' '}
        <C>POST /support/chain-alerts/{'{alertId}'}/resolve</C> and a note: <C>reinstated</C> (the node shows
        the transaction again with its confirmations) or <C>written_off</C> (the credit stands). Chain alerts
        gain <C>org_name</C>, <C>deposit</C>, <C>resolution</C>, <C>resolution_note</C> and{' '}
        <C>resolved_by_user_id</C>; <C>GET /support/chain-alerts</C> accepts <C>?status=open|resolved</C>.
      </>,
      <>
        <C>GET /support/withdrawals/needs-review</C> lists every organization&apos;s withdrawals in{' '}
        <C>PROCESSING/needs_review</C> with the amount, wallet address and recorded transaction, for
        operations.
      </>,
      <>
        The staff operations on custody (deposit addresses, recorded deposits, withdrawals sent from custody
        and their review, chain alerts) are documented under their own tag, <C>Custody</C>; the operations
        desk&apos;s tag keeps the payouts desk and its payment files.
      </>,
    ],
  },
  {
    version: '2.10.0',
    date: '2026-11-29',
    changes: [
      <>
        <C>GET /organizations/me/settings</C> and <C>PATCH /organizations/me/settings</C> (admin):{' '}
        <C>require_review_digest</C> (on for organizations opened from this release, off for older ones),{' '}
        <C>requote_tolerance_percent</C> (default 1) and <C>low_balance_threshold_usdt</C> (null: no notice).
        Each change is in the audit log with its values before and after.
      </>,
      <>
        Approval rules: <C>GET|POST /organizations/me/approval-rules</C> and{' '}
        <C>PATCH|DELETE /organizations/me/approval-rules/{'{ruleId}'}</C> (admin). A rule names its object (
        <C>batch</C>, <C>withdrawal</C>, <C>wallet</C>, <C>approval_rules</C>), conditions (amount,
        currencies, countries, source, first payment to a beneficiary) and stages of N approvals from a role
        or named people; makers never approve and one person fills one slot across stages. Creating one
        applies at once; a change or delete answers 202 with <C>pending_change_id</C> and waits for another
        admin (<C>POST …/approval-rules/changes/{'{changeId}'}/approve</C>, or <C>…/cancel</C>), or with a
        single admin applies 72 hours later unless cancelled. The approval policy is now rules; its endpoints
        answer as before.
      </>,
      <>
        A batch that rules match waits for approval as it is created: the Batch adds <C>approval</C>,{' '}
        <C>approval_digest</C> (its orders, amounts, currencies and parties, not the quote), <C>source</C> and{' '}
        <C>actions</C>; <C>createBatch</C> takes an optional <C>source</C> (keys are always <C>api</C>).{' '}
        <C>POST /payouts/{'{batchId}'}/approve</C> fills one slot on the digest; the last one confirms at the
        current quote, renewing an expired one within <C>requote_tolerance_percent</C>.{' '}
        <C>POST /payouts/{'{batchId}'}/reject</C> takes a reason; a maker&apos;s re-quote asks afresh. A
        confirm by someone who may fill the last slot is that approval; otherwise 409 <C>approval_required</C>
        . New error codes <C>approval_required</C>, <C>already_approved</C>, <C>not_an_eligible_approver</C>,{' '}
        <C>stage_approver_not_eligible</C>, <C>rule_object_immutable</C>. Public events{' '}
        <C>batch.approval_requested</C>, <C>batch.approval_recorded</C>, <C>batch.approval_rejected</C>,{' '}
        <C>approval_rules.updated</C>, and <C>approval_policy.updated</C> (public now).
      </>,
      <>
        Withdrawals and address-book wallets go through the same rules and stages: each <C>…/approve</C>{' '}
        (session only, no digest) fills one slot and answers with the progress in the new <C>approval</C>{' '}
        field; <C>withdrawal.approved</C> and <C>wallet.approved</C> still mean the last required approval,
        and <C>approved_by</C> is its giver. Public events <C>withdrawal.approval_requested</C>,{' '}
        <C>withdrawal.approval_recorded</C>, <C>withdrawal.approval_rejected</C>,{' '}
        <C>wallet.approval_requested</C>, <C>wallet.approval_recorded</C>.
      </>,
      <>
        <C>GET /approvals</C>: the approvals inbox across batches, withdrawals, wallets and rule changes, with
        cursors; <C>view=waiting_for_me</C> (what the caller may approve now), <C>pending</C> or{' '}
        <C>decided</C>. Each item carries its <C>approval</C> and, for a batch, its <C>approval_digest</C>.
      </>,
      <>
        <C>actions</C>: what the caller may do next and why not, computed by the server for each caller — on
        the Batch (<C>approve</C>, <C>reject</C>, <C>confirm</C>, <C>cancel</C>, <C>requote</C>), the
        Withdrawal (<C>approve</C>, <C>reject</C>, <C>cancel</C>), the Wallet (<C>approve</C>), a waiting rule
        change (<C>approve</C>, <C>cancel</C>) and each inbox item (<C>approve</C>, <C>reject</C>), e.g.
        &ldquo;You made this batch&rdquo;, &ldquo;Waiting for stage Finance&rdquo;, &ldquo;Quote expired:
        re-quote first&rdquo;. Events carry <C>actions: null</C>. <C>POST /payouts/{'{batchId}'}/reject</C> by
        one of the batch&apos;s makers is refused with 403 <C>separate_confirmer_required</C> (a maker
        discards the draft instead).
      </>,
      <>
        Notifications, in the portal&apos;s bell and by email: a batch you made completed or partly failed, a
        payment you made failed (with its reason), a deposit credited, the balance below the
        organization&apos;s threshold (once until it recovers), a withdrawal waiting for your approval, a
        webhook endpoint disabled, and security notices (a new API key, a role change, two-factor sign-in
        switched off), which cannot be switched off. <C>GET /notifications</C> (cursors; <C>unread=true</C>,
        whose <C>meta.total</C> is the unread count), <C>POST /notifications/{'{notificationId}'}/read</C> and{' '}
        <C>POST /notifications/read-all</C>: each person&apos;s own, in the organization they act in, session
        only. An email links to the page to act on and never carries an action.
      </>,
      <>
        <C>GET|PUT /account/notification-preferences</C>: per kind, <C>in_app</C> and <C>email</C> (on unless
        switched off); switching <C>security</C> off is refused with 422. The email outbox&apos;s <C>kind</C>{' '}
        adds one <C>notification_…</C> value per kind. The disabled-endpoint email to admins is now this
        notification (same subject), sent as each admin chose.
      </>,
      <>
        <C>require_review_digest</C> is enforced: when on, a confirm without <C>review_digest</C> is 422 (
        <C>errors[]</C> <C>{'{field: "review_digest", code: "required"}'}</C>) and nothing changes. When off,
        a confirm without it still goes through and answers <C>Deprecation: true</C> with the changelog{' '}
        <C>Link</C>, and no <C>Sunset</C>.
      </>,
      <>
        A <C>PATCH /organizations/me/approval-policy</C> that weakens the policy (a switch off, a higher
        threshold) answers 202 with the waiting change (<C>pending_change_id</C>, <C>kind</C> <C>policy</C>,{' '}
        <C>policy_change</C>) and applies when another admin approves it, or after the single admin&apos;s
        72-hour notice unless cancelled; one that only tightens it still answers 200. The{' '}
        <C>ApprovalRuleChange</C>&apos;s <C>rule_id</C> is null for such a change.
      </>,
      <>
        An approval&apos;s <C>rejection.by</C> says who rejected as <C>{'{type, id, name}'}</C> (<C>type</C>{' '}
        <C>user</C> or <C>api_key</C>, a key named by the user who created it), as a batch&apos;s{' '}
        <C>makers</C> do, so no client has to look the rejecter up.
      </>,
      <>
        <C>GET /organizations/me/approval-rules/changes</C>: the changes of rules (and of the policy) that
        wait (<C>status=pending</C>, the default) or were <C>applied</C> or <C>cancelled</C>, newest first
        with cursors. <C>ApprovalRuleChange</C> adds <C>requested_by</C> <C>{'{type, id, name}'}</C>. Settings
        → Approvals shows a waiting change under its rule after a reload too.
      </>,
      <>
        <C>POST /liquidity/management/wallets/{'{walletId}'}/reject</C> <C>{'{reason}'}</C> (session only, an
        approver other than whoever added it): the wallet&apos;s <C>approval</C> records the rejection and the
        address leaves the book, never usable. New public event <C>wallet.approval_rejected</C>.
      </>,
      <>
        A batch rule may set <C>details_changed_within_days</C>: it matches a batch paying a beneficiary whose
        identity or bank details changed within that many days before the batch went to approval.
      </>,
    ],
  },
  {
    version: '2.9.0',
    date: '2026-11-29',
    changes: [
      <>
        The payouts desk speaks its bank&apos;s files. <C>POST /support/desk/payment-files</C> builds one file
        of <C>DEPOSIT_RECEIVED</C> orders of a currency: ISO 20022 <C>pain.001.001.09</C> for IBAN payees, a
        CSV otherwise, each transaction with its UETR (the order&apos;s <C>tracking_reference</C> once the
        file is marked sent). <C>GET …/payment-files</C>, <C>GET …/{'{fileId}'}/content</C>,{' '}
        <C>POST …/{'{fileId}'}/sent</C> and <C>POST …/{'{fileId}'}/cancel</C> list, download, send and cancel
        them; an order is in at most one open file.
      </>,
      <>
        <C>POST /support/desk/payment-reports</C> applies the bank&apos;s <C>pain.002.001.10</C>,{' '}
        <C>camt.054.001.08</C> or a CSV: each outcome runs the order lifecycle; entries for no order in flight
        or an order already final are listed (<C>GET /support/desk/payment-reports/{'{reportId}'}</C>); the
        same file twice answers <C>already_applied</C>. New error code <C>invalid_report</C>.
      </>,
      <>
        Names and remittance text in a <C>pain.001</C> are written in the banks&apos; Latin character set
        (diacritics dropped, <C>&amp;</C> as <C>+</C>); building a file with a payee whose name keeps no Latin
        letter answers 422 naming the order, which stays at the desk to be paid by hand.
      </>,
    ],
  },
  {
    version: '2.8.0',
    date: '2026-11-29',
    changes: [
      <>
        Going live: production mode for a provider&apos;s own people. Staff may hold several roles:{' '}
        <C>GET /support/me</C> adds <C>staff_roles</C>, and two roles join <C>support</C> and{' '}
        <C>support_lead</C>: <C>operations</C> (the payouts desk and custody records) and <C>treasury</C>{' '}
        (rate sheets). Each staff operation lists the roles it accepts in <C>x-staff-roles</C>, any of which
        suffices.
      </>,
      <>
        Email over SMTP (<C>EMAIL_ADAPTER=smtp</C>, <C>SMTP_URL</C>, <C>EMAIL_FROM</C>): invitations, password
        resets and notices go out as plain text and HTML from one template per kind, delivered by a job from
        the outbox written with the change that sends them. A message the server never accepted is retried;
        one whose connection dropped after the data is not (it may have arrived) and goes to staff. The
        sandbox outbox is unchanged.
      </>,
      <>
        Support console: <C>GET /support/emails</C> lists emails that failed or whose delivery is unknown (no
        bodies); <C>POST /support/emails/{'{emailId}'}/resend</C> sends a fresh copy and{' '}
        <C>POST /support/emails/{'{emailId}'}/resolve</C> closes one with a note, both audited.
      </>,
      <>
        <C>APP_ENV=production</C> starts with a production implementation of each adapter, an external
        database and an <C>https</C> <C>APP_BASE_URL</C>; otherwise it refuses, listing every missing or
        invalid setting at once. <C>/api/health/ready</C> adds <C>adapters</C>: each adapter&apos;s
        implementation and last probe (<C>ok</C>, <C>degraded</C> with a reason, or <C>not_checked</C>), which
        never fails readiness (operating guide, &quot;Going live&quot;).
      </>,
      <>
        Profiles gain the status <C>action_required</C>: a reviewer asks for more information, and{' '}
        <C>requested_information</C> (<C>{'{question, fields, asked_at}'}</C>, null otherwise) says what. Edit
        the profile (or upload a document for a sender), then submit it again (→ <C>in_review</C>). Public
        events <C>sender.action_required</C> and <C>beneficiary.action_required</C>. Like any status but{' '}
        <C>ready</C>, it cannot be paid (400 <C>profile_not_ready</C> on createBatch, refused at confirm).
      </>,
      <>
        Senders and beneficiaries carry <C>staff_correction</C>, null until the provider&apos;s compliance
        staff correct fields during a review (under the same rules as your own edit): then{' '}
        <C>{'{corrected_by, corrected_at, changed_fields}'}</C>, where <C>corrected_by</C> is always{' '}
        <C>provider_staff</C>.
      </>,
      <>
        Staff onboarding: <C>npm run cli -- staff create-lead</C> invites the provider&apos;s first support
        lead by email (nothing secret printed); a lead lists staff (<C>GET /support/staff</C>, status{' '}
        <C>invited</C>, <C>active</C> or <C>disabled</C>), invites a person with their roles (
        <C>POST /support/staff</C>), sets their roles (<C>PUT /support/staff/{'{userId}'}/roles</C>) and
        disables them (<C>POST /support/staff/{'{userId}'}/disable</C>): 409 <C>last_staff_lead</C>,{' '}
        <C>cannot_disable_self</C>, <C>staff_disabled</C> and <C>staff_email_taken</C>. A lead opens a client
        organization with its products, margin and first admin&apos;s invitation (
        <C>POST /support/organizations</C>). Each is in the audit log.
      </>,
      <>
        Rates in production come from a treasury rate sheet or a polled feed. When the source is stale or
        unreachable, <C>POST /payouts</C> and <C>POST /payouts/{'{batchId}'}/quote</C> answer 503{' '}
        <C>rates_unavailable</C> with <C>Retry-After</C> and store nothing; retry later. A currency with no
        rate at all is still 400 with <C>no_rate</C> on its order, and a confirmed order keeps its quote.
      </>,
      <>
        Staff operations (support console): <C>GET|POST /support/rates/sheets</C> (treasury publishes a rate
        sheet; support leads read the history), <C>GET|POST /support/pricing/corridors</C> and{' '}
        <C>PUT /support/pricing/corridors/{'{corridorId}'}/fees</C> (a support lead opens corridors and
        replaces their fees).
      </>,
      <>
        Orders carry <C>bank_reference</C> (nullable, additive): the paying bank&apos;s own reference when the
        provider&apos;s operations recorded the payment, also on the receipt. With{' '}
        <C>PAYOUT_RAIL_ADAPTER=operations</C> the support console&apos;s payouts desk pays orders by hand:{' '}
        <C>GET /support/desk</C>, <C>POST /support/desk/sent</C> (<C>tracking_reference</C> a UETR),{' '}
        <C>POST /support/desk/orders/{'{orderId}'}/outcome</C> by a second person (403{' '}
        <C>second_person_required</C>), the payee&apos;s details as a staff read, and{' '}
        <C>/support/payout-accounts</C> (409 <C>payout_account_missing</C> without one for the currency).
      </>,
      <>
        With <C>CUSTODY_ADAPTER=manual</C> a confirmed batch reaches <C>DEPOSIT_RECEIVED</C> at once (the USDT
        is already in custody); operations enter deposit addresses (
        <C>
          PUT /support/organizations/{'{orgId}'}/deposit-addresses/{'{chain}'}
        </C>
        ), record deposits a second person confirms before they are credited (<C>/support/deposits</C>, 409{' '}
        <C>transaction_already_recorded</C>, <C>deposit_address_missing</C>), and record a withdrawal&apos;s
        execution (
        <C>
          POST /support/organizations/{'{orgId}'}/withdrawals/{'{withdrawalId}'}/execution
        </C>
        ). <C>GET /support/organizations</C> (the directory search) accepts <C>operations</C> as well, so they
        find the organization a deposit is for.
      </>,
    ],
  },
  {
    version: '2.7.0',
    date: '2026-11-29',
    changes: [
      <>
        Security and correctness fixes found by an attack, a fuzzer and new integrators. Where one tightens
        v2, the entry says why.
      </>,
      <>
        A batch lists its <C>makers</C> (<C>{'{type, id, name, user_id}'}</C>): whoever created it, re-quoted
        it, or changed the identity or bank details of a party it pays while it was a draft; public batch
        events carry them as they stood. Under the approval policy, confirm refuses every maker, not only the
        creator (403 <C>separate_confirmer_required</C>; a key counts as the user who created it). Security
        fix: the person who changed where a draft&apos;s money goes could confirm it.
      </>,
      <>
        <C>POST /payouts/{'{batchId}'}/confirm</C> refuses unknown body fields (422, <C>unknown_field</C> in{' '}
        <C>errors[]</C>); no body or <C>{'{}'}</C> confirms as before. This tightens v2 as a security fix: a
        misspelt <C>reviewDigest</C> was ignored and the batch confirmed without the review check.
      </>,
      <>
        An <C>Idempotency-Key</C> answers only the person who first used it (a session&apos;s user, or an API
        key&apos;s creator): anyone else gets 409 <C>idempotency_key_reused</C>, never the stored answer and
        never a second execution. Security fix: another caller could read a first caller&apos;s answer (a
        webhook secret). In the portal, webhook operations check the admin role before anything else.
      </>,
      <>
        Tokens may carry an optional <C>method</C> claim (upper case; <C>HEAD</C> matches <C>GET</C>); when
        present, any other method is 401 (<C>method_mismatch</C> in the sandbox). <C>lib/client</C> and the
        CLI send it; we recommend it. A token without it can be replayed once with another method.
      </>,
      <>
        A JSON body nested deeper than 64 levels is 422 <C>too_deep</C> on <C>(body)</C> instead of a 500. A
        request target with a fragment (<C>#…</C>) is 400 <C>fragment_in_target</C> instead of a misleading
        401.
      </>,
      <>
        Query parameters an operation does not take are named in the <C>X-Ignored-Parameters</C> response
        header; the sandbox refuses them with 422 <C>unknown_parameter</C> so typos surface while you
        integrate. Production keeps answering. A trailing slash answers 308 to the path without it, before
        authentication: sign the path without the slash.
      </>,
      <>
        Date-time filters accept every instant of the years 0001–9999, as documented (before 1901 was a 422).
      </>,
      <>
        Exports and statements: an organization running none always gets a place while others hold several (a
        second concurrent export of one organization waits while more than half the places are busy). Security
        fix: tenants holding unread exports could deny every other organization its exports.
      </>,
      <>
        Support:{' '}
        <C>
          POST /support/reviews/{'{kind}'}/{'{id}'}/decision
        </C>{' '}
        requires a <C>reason</C> for approvals too (clearing a screening hit is explained); an
        individual&apos;s date of birth, address, phone and email are masked outside a review or a view, and
        each page of the review queue is a staff read in the organization&apos;s access log.
      </>,
      <>
        A proof of settlement may name its batch and transaction hash (<C>batch_id</C>,{' '}
        <C>transaction_hash</C>, both nullable);{' '}
        <C>GET /liquidity/utilization/proof-of-settlement/batch/{'{batchId}'}</C> lists a batch&apos;s proofs.
        Receipts name their issuer and who confirmed the batch; sandbox receipts say so.
      </>,
      <>
        The document agrees with the server: <C>contact_phone</C> documents what is accepted (blank, or an
        international number with spaces, dashes or parentheses) and stored; webhook <C>event_types</C> is an
        enum; <C>errors[].code</C> is a published list; a malformed path id&apos;s example is the 404 sent;
        GETs no longer list a bad-JSON 400; examples of 409, 401 and <C>review_outdated</C> come from the code
        that raises them. Webhook event payloads moved to <C>/docs/api/webhook-events</C>.
      </>,
      <>
        Portal: an amount typed with a decimal comma (<C>4200,00</C>) was read as 100 times larger; it is
        refused with the corrected amount, and CSV files saved with semicolons or tabs read decimal commas as
        European Excel writes them, with each amount shown as read. One money format on every page, equal to
        the API&apos;s and the statement&apos;s.
      </>,
    ],
  },
  {
    version: '2.6.0',
    date: '2026-11-26',
    changes: [
      <>
        While the database cannot be reached for a moment (a restart, a failover, the connection pooler
        refusing new logins) every operation answers <C>503</C> <C>upstream_dependency_error</C> with{' '}
        <C>Retry-After</C> instead of <C>500</C> <C>internal_error</C>: retry it, with the same{' '}
        <C>Idempotency-Key</C> for a POST. A <C>500</C> now always means a fault on our side.
      </>,
    ],
  },
  {
    version: '2.5.0',
    date: '2026-11-26',
    changes: [
      <>
        <C>GET /orders/export</C> names the parties: <C>sender_name</C>, <C>beneficiary_name</C>,{' '}
        <C>sender_client_reference</C> and <C>beneficiary_client_reference</C> are appended after the existing
        columns, whose order is unchanged. Read columns by header and ignore ones you do not know.
      </>,
      <>
        A batch says where its money is: <C>funds.held</C> (still held for orders under way),{' '}
        <C>funds.paid</C> (paid to beneficiaries) and <C>funds.released</C> (back in your available balance
        after failures, cancellations and expiries). Once confirmed they add up to <C>source_amount_total</C>.
      </>,
    ],
  },
  {
    version: '2.4.0',
    date: '2026-11-26',
    changes: [
      <>
        Date-time query parameters (<C>created_from</C>, <C>created_to</C>, <C>from</C>, <C>to</C>) take any
        RFC 3339 offset (<C>+23:00</C> and <C>-16:00</C> used to answer 500) and mean that instant in UTC; one
        outside years 0001–9999 in UTC is a 422, before any byte of the answer.
      </>,
      <>
        Stricter query strings (the specification's rule, now enforced): a repeated parameter counts with its
        last value only when every value is valid (<C>limit=500&amp;limit=5</C> is a 422, not a page of 5); an
        empty <C>limit=</C> or <C>page=</C> is a 422 instead of the default; a JSON <C>null</C> body is a 422
        where an object is expected (no body at all still counts as <C>{'{}'}</C>).
      </>,
      <>
        A CSV export or statement that fails while streaming aborts the connection (no final chunk), so your
        HTTP client reports a cut-off transfer instead of a short file that looks complete; the failure is
        logged with the request id.
      </>,
      <>
        Cursors on <C>GET /events</C>, <C>/funding/transactions</C>, <C>/orders</C> and{' '}
        <C>/liquidity/management/withdrawals</C>: optional <C>starting_after</C> / <C>ending_before</C> (an
        item's id) continue from that item whatever arrived meanwhile, and <C>meta.has_more</C> says whether
        more follow. Offset pages can repeat or skip an item when the list changes between calls: reconcile
        with cursors.
      </>,
      <>
        One time base per organization: deposits, wallets, withdrawals, liquidity records, funding movements
        and every public event carry the organization's sandbox clock, as orders and batches already did
        (after <C>POST /sandbox/clock</C> one <C>/events</C> stream used to mix two bases). Production is
        unchanged (its clock is real time).
      </>,
      <>
        New public event <C>funding.held</C>: a confirmed batch's hold, as <C>GET /funding/transactions</C>{' '}
        lists it (the release already had <C>funding.released</C>).
      </>,
      <>
        <C>GET /funding/transactions</C> and the funding statement list only movements of your own balances: a
        payout leaving settlement for the rail (<C>payout_paid</C>, 0.00 on both balances) is no longer a
        line; <C>order.completed</C> tells it. Running balances are unchanged.
      </>,
      <>
        <C>sandbox bootstrap</C> gives the new organization liquidity data: wallets, withdrawals in several
        states, a loan with a repayment, a settlement route with proof-of-settlement files, utilization
        proofs.
      </>,
      <>
        A signed request's <C>uri</C> is compared with the request target exactly as it arrived, byte for
        byte, as the{' '}
        <Link href="/docs/signing#algorithm" className="underline">
          signing guide
        </Link>{' '}
        always said. Queries with an unencoded <C>:</C> <C>,</C> <C>@</C> <C>/</C> <C>~</C> <C>'</C> <C>!</C>{' '}
        <C>(</C> <C>)</C> <C>;</C> <C>$</C>, <C>%20</C>, lowercase escapes, a bare <C>?a</C>, a trailing{' '}
        <C>?</C>, number-like names or repeated names used to be refused (every ISO date-time filter among
        them).
      </>,
      <>
        Sandbox only: a refused token says why. <C>invalid_token</C> errors carry <C>reason</C> (
        <C>error.reason</C> in the liquidity envelope), e.g. <C>uri_mismatch</C> with <C>compared_uri</C>, the
        target the server compared; the values are listed on the{' '}
        <Link href="/docs/signing#refusal-reasons" className="underline">
          signing guide
        </Link>
        . Production answers stay opaque.
      </>,
      <>
        <C>TRACE</C> and every other method a route does not serve answer 405 in the path's envelope with{' '}
        <C>Allow</C> and <C>X-Request-Id</C> (TRACE was a bare 500); <C>OPTIONS</C> answers 204 with the
        route's real methods in <C>Allow</C>, the same list its 405 gives.
      </>,
      <>
        <C>Idempotency-Key</C> compares the parsed JSON body, not its bytes: the same body with other
        whitespace or key order replays the first answer instead of <C>idempotency_key_reused</C>. A JSON{' '}
        <C>null</C> body is 422 (it used to count as <C>{'{}'}</C>).
      </>,
      <>
        Every error code an operation can answer is listed on it, under its status, with a real example (
        <C>quote_expired</C>, <C>batch_not_awaiting_confirmation</C>, <C>orders_invalid</C>,{' '}
        <C>invalid_state</C>
        …); a generic 400 <C>invalid_request</C> is no longer listed where the server sends a specific code.
      </>,
      <>
        Document corrections to request schemas, describing what the server has always enforced (not a
        breaking change): <C>CreateSenderRequest</C> and <C>CreateBeneficiaryRequest</C> mark their required
        fields as required and non-null; sender and beneficiary fields declare their enums (<C>type</C>,{' '}
        <C>id_document_type</C>, <C>country</C>, <C>currency</C>), formats, patterns and real lengths, and the
        sender's per-type rules as a <C>oneOf</C>. The examples of every request are accepted as sent.
      </>,
      <>
        For code generators: every list answers a named page schema (<C>WithdrawalPage</C>, …, with{' '}
        <C>PageMeta</C>); multipart file parts carry their content types; operations served only to the
        browser session list only <C>sessionCookie</C> security; every webhook has an <C>operationId</C> (
        <C>onOrderCompleted</C>); <C>servers</C> is relative (<C>/</C>) then sandbox and production, never the
        serving host; 405 is a reusable response per envelope (<C>PayoutsMethodNotAllowed</C>); createBatch's
        201 links to <C>getBatch</C>, <C>confirmBatch</C> and <C>discardBatch</C>; the <C>type</C> filters of{' '}
        <C>/events</C> and <C>/funding/transactions</C> are comma-separated enums and <C>days</C> a bounded
        integer; <C>UpdateWebhookEndpointRequest</C> has <C>minProperties</C> and unique <C>event_types</C>.
      </>,
      <>
        Senders and beneficiaries take an optional <C>client_reference</C>, your own key for them (at most 100
        characters, unique per organization among profiles of the kind): set it on create or <C>PATCH</C> (
        <C>null</C> clears it), read it on every profile (null when unset), and find a profile by it with{' '}
        <C>?client_reference=</C> on <C>GET /senders</C> and <C>GET /beneficiaries</C>. A duplicate is 409{' '}
        <C>client_reference_exists</C>. Changing it never sends a ready profile back to review, and an edit of
        it alone is allowed even while the profile is in review.
      </>,
      <>
        <C>GET /beneficiaries</C> takes <C>q</C>: beneficiaries whose name or reference contains the text
        (case-insensitive).
      </>,
      <>
        New <C>GET /beneficiaries/export</C>: the beneficiaries (with the list's filters) as streamed CSV with
        stable documented columns, accounts only as their last four characters; bounded like the other
        exports.
      </>,
    ],
  },
  {
    version: '2.3.0',
    date: '2026-11-26',
    changes: [
      <>
        Tenant limits, so no organization can starve the others (security fix): an export or statement covers
        at most 366 days (<C>GET /orders/export</C>, <C>GET /funding/statement</C>: a longer period is 422
        naming <C>to</C>; ask a year at a time); a streamed file whose client takes nothing for 60 seconds is
        aborted.
      </>,
      <>
        Heavy work runs at most 2 at once per organization and operation on each server instance (and 8
        exports in all): createBatch of more than 1,000 orders, the batch source CSV, receipts, exports and
        statements. Above it: 429 <C>too_many_concurrent_requests</C> with <C>Retry-After</C>.
      </>,
      <>
        An organization holds at most 50,000 open draft orders; a createBatch that would pass it is refused
        whole with 400 <C>draft_limit_reached</C> (<C>param</C> <C>orders</C>). Each limit is the default; a
        deployment may set its own.
      </>,
      <>
        Staff reads: every read of your organization's data by the provider's staff (each request inside a
        support view, each profile, document or summary opened in the support console) is recorded before the
        data is shown and listed to admins at <C>GET /api/v2/organizations/me/access-log/reads</C> and in
        Settings → Access log.
      </>,
      <>
        Support staff see a profile's account, IBAN and ID numbers and its documents only while it is in
        review or inside a view of your organization; otherwise the numbers are masked to their last four and
        the documents are not served.
      </>,
      <>
        A support view is never the staff member's own account: user-level operations (the sandbox outbox,
        invitations, organization switch, account security) answer 403 until the view ends, so no invitation
        or reset link is reachable through a view. One open view per staff session: another start answers 409{' '}
        <C>view_already_open</C>.
      </>,
      <>
        Four eyes on withdrawals: the approval policy gains <C>withdrawals_require_approval</C> and{' '}
        <C>wallets_require_approval</C>. When on, a new withdrawal waits at <C>SUBMITTED</C>/
        <C>pending_approval</C> (held, nothing sent) until a signed-in approver other than the requester calls{' '}
        <C>POST /api/v2/liquidity/management/withdrawals/{'{withdrawalId}'}/approve</C>, or an approver (the
        requester included) rejects it with <C>…/reject</C> (<C>FAILED</C>, “Rejected: …”, the hold released);
        a new wallet is <C>PENDING_APPROVAL</C> until <C>…/wallets/{'{walletId}'}/approve</C>, and its
        cooling-off starts then. These operations are for signed-in people only (API keys get 404); an API key
        counts as the user who created it. New errors <C>separate_approver_required</C> (403) and{' '}
        <C>wallet_pending_approval</C> (400); new events <C>withdrawal.approved</C>,{' '}
        <C>withdrawal.rejected</C>, <C>wallet.approved</C>. Withdrawal gains <C>requested_by</C> and{' '}
        <C>approved_by</C>, Wallet gains <C>added_by</C> and <C>approved_by</C>.
      </>,
      <>
        Each chain has <C>min_withdrawal_amount</C> (1.00 USDT by default, on <C>GET …/chains</C>); a smaller
        withdrawal is refused with 400 <C>amount_below_minimum</C>.
      </>,
      <>
        New API keys default to the <C>member</C> role (they used to default to <C>approver</C>); ask for{' '}
        <C>approver</C> explicitly when a key must confirm batches or withdraw.
      </>,
      <>
        A token is bound to the method of its first use: a token used for a <C>GET</C> of a URI is refused
        (401) for a <C>DELETE</C> or any other state-changing request, and the other way round. A read may
        still be repeated with its token within the token's lifetime.
      </>,
      <>
        Credentials, the rate limit and the role are checked before a request's body is read: a refused
        request's body is never read, and its connection is closed. Operations that need no credentials
        (sign-up, password reset) take bodies up to 16 KiB (<C>MAX_UNAUTHENTICATED_BODY_BYTES</C>).
      </>,
      <>
        An approval binds what was approved: the Batch gains <C>review_digest</C> (a digest of the quote
        expiry and every order's amounts, fee, purpose and parties, with the version of their identity and
        bank details) and <C>review_outdated_at</C>. <C>POST /api/v2/payouts/{'{batchId}'}/confirm</C> takes
        an optional body <C>{'{"review_digest": "…"}'}</C>: send the digest you reviewed. If the batch changed
        since (a re-quote, a beneficiary's new bank account), confirm answers 409 <C>review_outdated</C> with{' '}
        <C>errors[]</C> naming each change (<C>orders.N.&lt;field&gt;</C>, code <C>changed</C>); a malformed
        digest is 422. Without a body, confirm behaves as before.
      </>,
      <>
        New public event <C>batch.review_outdated</C>: a sender's identity or a beneficiary's identity or bank
        details changed while a draft pays them; whoever reviewed the draft must look again.
      </>,
      <>
        Confirm checks in this order: state, review digest, quote expiry, profiles, approval policy, balance
        (the approval policy used to be checked before the quote and the profiles).
      </>,
      <>
        Maker-checker counts people, not credentials: an API key acts for the user who created it, so a second
        key of the batch's creator, or a key an admin creates, cannot confirm that person's batch under the
        approval policy (403 <C>separate_confirmer_required</C>). A key no user created counts as its own
        person.
      </>,
      <>
        Webhook test events and re-sends are bounded per endpoint (10 a minute by default) and per
        organization (30 a minute): past either, 429 <C>webhook_send_limit</C> with <C>Retry-After</C>.
      </>,
      <>
        <C>POST /api/v2/account/two-factor/disable</C> takes <C>code</C>, a current code from the
        authenticator app (or a recovery code), and needs it while the second factor is on (400{' '}
        <C>code_required</C>). Wrong passwords there, at <C>POST /api/v2/account/password</C> and for new
        recovery codes count against the sign-in limits (429 <C>too_many_attempts</C>).
      </>,
      <>
        The public sign-in steps (sign-in, sign-up by invitation, password reset request and completion,
        invitation look-ups and acceptance) are limited per client address (30 a minute each by default): 429
        with <C>Retry-After</C>. A password reset request answers after the same work whatever the email.
      </>,
      <>
        Portal pages carry a <C>Content-Security-Policy</C> (scripts only with the response's nonce, no
        framing) and, over https, <C>Strict-Transport-Security</C>. API responses are unchanged.
      </>,
    ],
  },
  {
    version: '2.2.1',
    date: '2026-11-23',
    changes: [
      <>
        A 422 names each failing field once (the first problem to fix), as the error format promises; a field
        that broke two rules used to be listed twice.
      </>,
      <>
        Funding reads (<C>/api/v2/funding/…</C>: addresses, balance, its history, movements, statement) answer
        every entitled organization, not only those entitled to payouts: withdrawals spend the same balance.
      </>,
      <>
        Document corrections: the utilization proofs list's optional <C>limit</C> and <C>page</C> are bounded
        integers; liquidity path ids are UUIDs; the overview names the three amounts the specification types
        as JSON numbers.
      </>,
    ],
  },
  {
    version: '2.2.0',
    date: '2026-11-23',
    changes: [
      <>
        Webhooks: register endpoints (<C>/api/v2/webhooks/endpoints</C>) and receive every public event as a
        signed POST (<C>Payout-Signature</C>, verify as the{' '}
        <Link href="/docs/signing#webhooks" className="underline">
          signing guide
        </Link>{' '}
        shows), retried for 3 days, with a delivery log, re-sends, test events and secret rotation. The
        document lists every event type under <C>webhooks</C>.
      </>,
      <>
        <C>GET /api/v2/events</C> and <C>GET /api/v2/events/{'{eventId}'}</C>: the organization's public
        events, to reconcile what a webhook missed.
      </>,
    ],
  },
  {
    version: '2.1.0',
    date: '2026-11-23',
    changes: [
      <>
        Payouts error bodies carry <C>code</C>, the same machine-readable code as the liquidity envelope's{' '}
        <C>error.code</C> (<C>invalid_token</C>, <C>idempotency_key_reused</C>, <C>insufficient_balance</C>,
        …): branch on it instead of the message.
      </>,
      <>
        <C>PUT /api/v2/session/organization</C> chooses the organization a portal session acts for;{' '}
        <C>GET /api/v2/support/me</C> for the provider's staff. Both answer 404 to API keys.
      </>,
      <>
        Operations may take <C>multipart/form-data</C> and answer files (with <C>Content-Disposition</C> and{' '}
        <C>Repr-Digest</C>); a path id that is not a UUID answers 404, never 422.
      </>,
    ],
  },
  {
    version: '2.0.0',
    date: '2026-11-22',
    changes: [
      <>
        API v2 under <C>/api/v2</C>: every request signed with an API key and an ES256 token binding the path,
        query and body (see the{' '}
        <Link href="/docs/signing" className="underline">
          signing guide
        </Link>
        ).
      </>,
      <>
        Two error envelopes: liquidity paths answer <C>{'{"error": {type, code, message, param}}'}</C>, every
        other path <C>{'{statusCode, message}'}</C> with one message per failing field on 422.
      </>,
      <>
        Pagination with <C>limit</C> and <C>page</C>, <C>Idempotency-Key</C> on every POST, rate limits with{' '}
        <C>X-RateLimit-*</C> headers, <C>X-Request-Id</C> on every response.
      </>,
      <>Organization and funding operations (addresses, balance, ledger movements) and sandbox deposits.</>,
      <>
        The OpenAPI 3.1 document at <C>/api/v2/openapi.json</C>, generated from the request schemas.
      </>,
      <>
        Deprecated: <C>GET /api/v2/funding/address</C> (the TRON address only), replaced by{' '}
        <C>GET /api/v2/funding/addresses</C> (one address per chain).
      </>,
    ],
  },
];

function operationAnchor(key: string): string | undefined {
  const operation = allOperations.find((candidate) => `${candidate.method} ${candidate.path}` === key);
  return operation ? operationHref(operation.tags[0] ?? 'Other', operation.id) : undefined;
}

export default function ChangelogPage() {
  const deprecations = allOperations
    .flatMap((operation) =>
      operation.deprecated ? [[`${operation.method} ${operation.path}`, operation.deprecated] as const] : [],
    )
    .sort(([, a], [, b]) => a.sunset.getTime() - b.sunset.getTime());
  const deprecatedUses = allOperations.filter((operation) => operation.deprecatedUse !== undefined);

  return (
    <div className="max-w-4xl space-y-10">
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Changelog</h1>
        <p className="text-sm leading-6 text-slate-600">
          The major version is in the path (<C>/api/v2</C>); the OpenAPI document's <C>info.version</C>, now{' '}
          <C>{API_VERSION}</C>, tracks changes within it. Within v2, changes are additive: new operations,
          optional parameters, response fields and enum members may appear, so ignore unknown fields and treat
          enums as open. Removing or renaming anything, tightening validation or changing the error envelopes
          needs a new major.
        </p>
      </header>

      <section id="deprecations" aria-labelledby="deprecations-title" className="scroll-mt-6 space-y-3">
        <h2 id="deprecations-title" className="text-lg font-semibold text-slate-900">
          Deprecations
        </h2>
        <p className="text-sm leading-6 text-slate-600">
          A deprecated operation keeps working until its sunset date, announced here at least 90 days ahead
          (unless security or compliance requires faster action). Its responses carry <C>Deprecation: true</C>
          , <C>Sunset: &lt;date&gt;</C> and{' '}
          <C>Link: &lt;…/docs/changelog#deprecations&gt;; rel="deprecation"</C>.
        </p>
        {deprecations.length === 0 ? (
          <p className="text-sm text-slate-500">Nothing is deprecated.</p>
        ) : (
          <Table columns={['Operation', 'Replacement', 'Sunset']}>
            {deprecations.map(([key, deprecation]) => {
              const [method = '', path = ''] = key.split(' ');
              const anchor = operationAnchor(key);
              return (
                <tr key={key} className="align-top">
                  <td className="px-3 py-2">
                    <span className="flex items-center gap-2">
                      <MethodBadge method={method} />
                      {anchor ? (
                        <Link href={anchor} className="font-mono text-xs text-slate-900 underline">
                          {path}
                        </Link>
                      ) : (
                        <span className="font-mono text-xs text-slate-900">{path}</span>
                      )}
                    </span>
                  </td>
                  <td className="px-3 py-2 font-mono text-xs text-slate-700">{deprecation.replacement}</td>
                  <td className="px-3 py-2 text-xs text-slate-700">
                    <time dateTime={deprecation.sunset.toISOString()}>
                      {deprecation.sunset.toUTCString()}
                    </time>
                  </td>
                </tr>
              );
            })}
          </Table>
        )}
        {deprecatedUses.length > 0 && (
          <div className="space-y-1 text-sm leading-6 text-slate-600">
            <p>
              Deprecated ways of calling an operation that stays, with no sunset scheduled: the answer carries{' '}
              <C>Deprecation: true</C> and the <C>Link</C> above, and no <C>Sunset</C>.
            </p>
            <ul className="list-disc space-y-1 pl-5">
              {deprecatedUses.map((operation) => (
                <li key={operation.id}>
                  <C>
                    {operation.method} {operation.path}
                  </C>
                  : {operation.deprecatedUse?.description.replaceAll('`', '')}.
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm leading-6 text-slate-700">
          <strong className="font-semibold text-slate-900">API v1 is sunset.</strong> Every <C>/api/v1</C>{' '}
          path answers 404 in the payouts envelope; unversioned <C>/api/*</C> paths are not served either. Use{' '}
          <C>/api/v2</C>.
        </div>
      </section>

      <section aria-labelledby="versions" className="space-y-6">
        <h2 id="versions" className="text-lg font-semibold text-slate-900">
          Versions
        </h2>
        {RELEASES.map((release) => (
          <article key={release.version} id={`v${release.version}`} className="space-y-2">
            <h3 className="flex items-baseline gap-3">
              <span className="font-mono text-base font-semibold text-slate-900">{release.version}</span>
              <time dateTime={release.date} className="text-xs text-slate-500">
                {release.date}
              </time>
            </h3>
            <ul className="list-disc space-y-1 pl-5 text-sm leading-6 text-slate-700">
              {release.changes.map((change, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a static list, never reordered
                <li key={index}>{change}</li>
              ))}
            </ul>
          </article>
        ))}
      </section>
    </div>
  );
}
