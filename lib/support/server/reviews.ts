// Owns the support console's KYC/KYB review queue: profiles under review (oldest submission first; waiting for staff,
// or for the client's answer to a question) with the adapter's screening note, one profile's details unmasked for
// staff with its proof documents and review history (who and why), and the staff decision (lib/profiles/server/review:
// approve with the rationale for clearing the hit, or reject with a reason the client reads), each an event.
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias, unionAll } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '@/db/client';
import { organizations } from '@/db/schema/identity/organizations';
import { users } from '@/db/schema/identity/users';
import { events } from '@/db/schema/platform/events';
import { files } from '@/db/schema/platform/files';
import { beneficiaryProfiles, senderProfiles } from '@/db/schema/profiles';
import type { StaffActor } from '@/lib/platform/actor/actor';
import { assertNotViewing } from '@/lib/platform/actor/read-only-view';
import { ApiError } from '@/lib/platform/errors/api-error';
import { userAuditActor } from '@/lib/platform/events/audit-actor';
import { recordEvent } from '@/lib/platform/events/record-event';
import { storeFor } from '@/lib/platform/files/store';
import { type ListEnvelope, listEnvelope, type PageRequest, pageOffset } from '@/lib/platform/pagination';
import type { ProfileKind } from '@/lib/profiles/server';
import {
  approveProfile,
  profileDetailsOf,
  rejectProfile,
  requestableFields,
  unseal,
} from '@/lib/profiles/server';
import type {
  REVIEW_WAITING_FOR,
  reviewDecisionBody,
  reviewProfileSchema,
  reviewQueueItemSchema,
} from '@/lib/support/contract/reviews-schemas';
import { isViewing, type ReadRequest, recordConsoleRead, recordConsoleReads } from './staff-reads';

const PROFILE_TABLES = { sender: senderProfiles, beneficiary: beneficiaryProfiles } as const;

type QueueItem = z.input<typeof reviewQueueItemSchema>;
type ReviewProfile = z.input<typeof reviewProfileSchema>;

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/** The latest screening note the adapter left on a profile (`<kind>.referred`), as a correlated subquery. */
function screeningNoteSql(kind: ProfileKind, idColumn: string) {
  return sql.raw(`(select e.data->>'screening_note' from events e
      where e.subject_id = ${idColumn} and e.type = '${kind}.referred'
      order by e.created_at desc, e.id desc limit 1)`);
}

/**
 * Profiles in review across every organization, the longest-waiting first. The page names people and companies of
 * each organization on it, so it is a staff read of each (recorded in the transaction that reads it: no record, no
 * page).
 */
type WaitingFor = (typeof REVIEW_WAITING_FOR)[number] | 'all';
type QueueFilters = PageRequest & { kind?: ProfileKind; waiting_for?: WaitingFor };

export function openReviewQueue(
  executor: Executor,
  actor: StaffActor,
  filters: QueueFilters,
  read: ReadRequest,
): Promise<ListEnvelope<QueueItem>> {
  return executor.transaction(async (tx) => {
    const page = await listReviewQueue(tx, filters);
    await recordConsoleReads(tx, actor, {
      ...read,
      orgIds: page.items.map((item) => item.org_id),
      resource: 'review-queue',
    });
    return page;
  });
}

const s = alias(senderProfiles, 's');
const b = alias(beneficiaryProfiles, 'b');
const o = alias(organizations, 'o');

type Value<C extends AnyPgColumn> = C['_']['notNull'] extends true ? C['_']['data'] : C['_']['data'] | null;

/**
 * A column as a bare expression, typed and decoded as the column: Drizzle's union wants each position's field of the
 * same table, so the two kinds' columns (of two tables) line up as expressions.
 */
function bare<C extends AnyPgColumn>(column: C): SQL<Value<C>> {
  return sql`${column}`.mapWith(column) as SQL<Value<C>>;
}

/** The statuses a queue shows: waiting for staff (`in_review`), for the client (`action_required`), or both. */
function queueStatuses(waitingFor: WaitingFor = 'staff'): ('in_review' | 'action_required')[] {
  if (waitingFor === 'staff') return ['in_review'];
  if (waitingFor === 'client') return ['action_required'];
  return ['in_review', 'action_required'];
}

/** Profiles under review of one kind, in the queue's columns; `listed` false reads none (the other kind's filter). */
function sendersInReview(executor: Executor, listed: boolean, statuses: string[]) {
  return executor
    .select({
      kind: sql<ProfileKind>`'sender'::text`,
      id: bare(s.id),
      org_id: bare(s.orgId),
      org_name: bare(o.name),
      name: bare(s.legalName),
      type: bare(s.type),
      country: bare(s.country),
      submitted_at: bare(s.submittedAt),
      screening_note: sql<string | null>`${screeningNoteSql('sender', 's.id')}`,
      status: bare(s.status),
      requested_information: bare(s.requestedInformation),
    })
    .from(s)
    .innerJoin(o, eq(o.id, s.orgId))
    .where(and(inArray(s.status, statuses as never[]), listed ? undefined : sql`false`));
}

/** The beneficiaries' half of the queue, in the same columns, names and order as the senders'. */
function beneficiariesInReview(executor: Executor, listed: boolean, statuses: string[]) {
  return executor
    .select({
      kind: sql<ProfileKind>`'beneficiary'::text`,
      id: bare(b.id),
      org_id: bare(b.orgId),
      org_name: bare(o.name),
      name: bare(b.name),
      type: bare(b.type),
      country: bare(b.country),
      submitted_at: bare(b.submittedAt),
      screening_note: sql<string | null>`${screeningNoteSql('beneficiary', 'b.id')}`,
      status: bare(b.status),
      requested_information: bare(b.requestedInformation),
    })
    .from(b)
    .innerJoin(o, eq(o.id, b.orgId))
    .where(and(inArray(b.status, statuses as never[]), listed ? undefined : sql`false`));
}

/**
 * The queue: both kinds as one list, or one kind when filtered (the other half's `false` is folded away by the
 * planner). A fresh query each call: a builder is changed by its clauses.
 */
function reviewQueue(executor: Executor, filters: QueueFilters) {
  const statuses = queueStatuses(filters.waiting_for);
  return unionAll(
    sendersInReview(executor, filters.kind !== 'beneficiary', statuses),
    beneficiariesInReview(executor, filters.kind !== 'sender', statuses),
  );
}

async function listReviewQueue(executor: Executor, filters: QueueFilters): Promise<ListEnvelope<QueueItem>> {
  // Ordered by the output columns' names, which both kinds (and their union) share.
  const [rows, [totals]] = await Promise.all([
    reviewQueue(executor, filters)
      .orderBy(sql`${sql.identifier('submitted_at')} asc nulls last`, sql`${sql.identifier('id')} asc`)
      .limit(filters.limit)
      .offset(pageOffset(filters)),
    executor.select({ n: count() }).from(reviewQueue(executor, filters).as('q')),
  ]);
  return listEnvelope(
    rows.map((row) => ({
      ...row,
      status: row.status as QueueItem['status'],
      waiting_for: row.status === 'action_required' ? ('client' as const) : ('staff' as const),
      submitted_at: iso(row.submitted_at),
    })),
    filters,
    totals?.n ?? 0,
  );
}

const FILE_COLUMNS = {
  id: files.id,
  fileName: files.fileName,
  mimeType: files.mimeType,
  sizeBytes: files.sizeBytes,
  sha256: files.sha256,
  createdAt: files.createdAt,
};

function field(name: string, value: string | null | undefined): { name: string; value: string }[] {
  return value === null || value === undefined || value === '' ? [] : [{ name, value }];
}

/**
 * The sender's documents a staff member may open: those of a sender in review, or any inside a view of the
 * organization. A beneficiary's review shows its sender's documents on the same terms (a ready sender's passport is
 * not the queue's business).
 */
async function listDocuments(executor: Executor, orgId: string, senderId: string, unmask: Unmask) {
  const [sender] = await executor
    .select({ orgId: senderProfiles.orgId, status: senderProfiles.status })
    .from(senderProfiles)
    .where(and(eq(senderProfiles.orgId, orgId), eq(senderProfiles.id, senderId)));
  if (!sender || !unmask(sender)) return [];
  return executor
    .select(FILE_COLUMNS)
    .from(files)
    .where(
      and(eq(files.orgId, orgId), eq(files.senderProfileId, senderId), eq(files.purpose, 'sender_document')),
    )
    .orderBy(desc(files.createdAt), desc(files.id));
}

interface ReviewedRow {
  id: string;
  orgId: string;
  status: ReviewProfile['status'];
  rejectionReason: string | null;
  submittedAt: Date | null;
  reviewedAt: Date | null;
  reviewSource: ReviewProfile['review_source'];
}

/** What both profile kinds show of their review: who they are and where the review stands. */
function reviewStateOf(kind: ProfileKind, row: ReviewedRow, name: string) {
  return {
    kind,
    id: row.id,
    org_id: row.orgId,
    name,
    status: row.status,
    rejection_reason: row.rejectionReason,
    submitted_at: iso(row.submittedAt),
    reviewed_at: iso(row.reviewedAt),
    review_source: row.reviewSource,
  };
}

/** A sealed number shown by its last four only (`•••• 3000`), as clients see it. */
function masked(last4: string | null): string | null {
  return last4 === null ? null : `•••• ${last4}`;
}

/**
 * An individual's personal details (date of birth, street address, postal code, phone, email) are masked like the
 * sealed numbers outside a review or view: enough to tell a record apart on a call, not enough to reuse. A company's
 * registered address and contacts are its public face and stay in clear; so do city, region and country, which
 * screening context needs.
 */
const MASK = '••••';
function maskPersonal(kind: 'date' | 'text' | 'phone' | 'email', value: string | null): string | null {
  if (value === null || value === '') return value;
  if (kind === 'date') return '••••-••-••';
  if (kind === 'phone') return `${MASK} ${value.replace(/\D/g, '').slice(-2)}`;
  if (kind === 'email') return `${MASK}@${value.split('@').at(-1) ?? ''}`;
  return MASK;
}

/** The personal-detail rule for one profile: in clear when open or not a person, masked otherwise. */
function personalOf(open: boolean, type: string) {
  return (kind: Parameters<typeof maskPersonal>[0], value: string | null): string | null =>
    open || type !== 'individual' ? value : maskPersonal(kind, value);
}

/**
 * Who may see a profile unmasked, with its documents: staff reviewing it (the profile is in review: the queue's job),
 * or a staff member inside a view of its organization. Anyone else sees the numbers masked and no documents.
 */
export type Unmask = (profile: { orgId: string; status: string }) => boolean;

type Personal = ReturnType<typeof personalOf>;

/** Where a party is and how to reach it: the same fields, in the same order, for both kinds. */
function partyFields(
  personal: Personal,
  row: {
    country: string;
    addressLine1: string | null;
    addressLine2: string | null;
    city: string | null;
    postalCode: string | null;
    region: string | null;
    contactEmail: string | null;
  },
) {
  return [
    ...field('Country', row.country),
    ...field('Address line 1', personal('text', row.addressLine1)),
    ...field('Address line 2', personal('text', row.addressLine2)),
    ...field('City', row.city),
    ...field('Postal code', personal('text', row.postalCode)),
    ...field('Region', row.region),
    ...field('Contact email', personal('email', row.contactEmail)),
  ];
}

/** One kind's part of a review: who it is, its fields, whose documents prove it and (a beneficiary's) its sender. */
interface KindReview {
  open: boolean;
  senderId: string;
  sender: ReviewProfile['sender'];
  /** Staff who corrected the details during this review (ids; named by the caller). */
  correctedBy: readonly string[];
  base: Omit<
    ReviewProfile,
    'org_name' | 'screening_note' | 'files' | 'history' | 'sender' | 'details_masked' | 'corrected_by'
  >;
}

/** What both kinds show of a review in progress: the open question, the details to correct, who corrected them. */
function reviewWorkOf<K extends ProfileKind>(
  kind: K,
  row: Parameters<typeof profileDetailsOf<K>>[1],
  open: boolean,
) {
  return {
    requested_information: row.requestedInformation,
    details: open ? profileDetailsOf(kind, row) : null,
    requestable_fields: [...requestableFields(kind)],
  };
}

const REVIEW_READERS: Record<
  ProfileKind,
  (executor: Executor, profileId: string, unmask: Unmask) => Promise<KindReview>
> = {
  async sender(executor, profileId, unmask) {
    const [row] = await executor.select().from(senderProfiles).where(eq(senderProfiles.id, profileId));
    if (!row) throw ApiError.notFound('Sender');
    const open = unmask(row);
    const personal = personalOf(open, row.type);
    return {
      open,
      senderId: row.id,
      sender: null,
      correctedBy: row.correctedByUserIds,
      base: {
        ...reviewStateOf('sender', row, row.legalName),
        ...reviewWorkOf('sender', row, open),
        fields: [
          ...field('Type', row.type),
          ...field('Legal name', row.legalName),
          ...field('Registration number', row.registrationNumber),
          ...field('Date of birth', personal('date', row.dateOfBirth)),
          ...field('ID document type', row.idDocumentType),
          ...field(
            'ID document number',
            open
              ? unseal(row.idDocumentNumber, 'sender_profiles.id_document_number', row.id)
              : masked(row.idDocumentNumberLast4),
          ),
          ...partyFields(personal, row),
          ...field('Contact phone', personal('phone', row.contactPhone)),
        ],
      },
    };
  },
  async beneficiary(executor, profileId, unmask) {
    const [row] = await executor
      .select()
      .from(beneficiaryProfiles)
      .where(eq(beneficiaryProfiles.id, profileId));
    if (!row) throw ApiError.notFound('Beneficiary');
    const open = unmask(row);
    const [owner] = await executor
      .select({ id: senderProfiles.id, name: senderProfiles.legalName, status: senderProfiles.status })
      .from(senderProfiles)
      .where(and(eq(senderProfiles.orgId, row.orgId), eq(senderProfiles.id, row.senderProfileId)));
    const personal = personalOf(open, row.type);
    return {
      open,
      senderId: row.senderProfileId,
      sender: owner ?? null,
      correctedBy: row.correctedByUserIds,
      base: {
        ...reviewStateOf('beneficiary', row, row.name),
        ...reviewWorkOf('beneficiary', row, open),
        fields: [
          ...field('Type', row.type),
          ...field('Name', row.name),
          ...partyFields(personal, row),
          ...field('Currency', row.currency),
          ...field('Bank country', row.bankCountry ?? row.country),
          ...field('Bank name', row.bankName),
          ...field(
            'IBAN',
            open ? unseal(row.iban, 'beneficiary_profiles.iban', row.id) : masked(row.ibanLast4),
          ),
          ...field('SWIFT/BIC', row.swiftBic),
          ...field(
            'Account number',
            open
              ? unseal(row.accountNumber, 'beneficiary_profiles.account_number', row.id)
              : masked(row.accountNumberLast4),
          ),
          ...field('Routing code', row.routingCode),
          ...field('Routing code type', row.routingCodeType),
        ],
      },
    };
  },
};

export async function getReviewProfile(
  executor: Executor,
  kind: ProfileKind,
  profileId: string,
  unmask: Unmask,
): Promise<ReviewProfile> {
  const { open, senderId, sender, correctedBy, base } = await REVIEW_READERS[kind](
    executor,
    profileId,
    unmask,
  );
  const [org, documents, history, correctors] = await Promise.all([
    executor
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, base.org_id)),
    listDocuments(executor, base.org_id, senderId, unmask),
    executor
      .select({
        type: events.type,
        actorType: events.actorType,
        actorName: users.name,
        data: events.data,
        at: events.createdAt,
      })
      .from(events)
      // Staff are named to staff; the client's people are not the console's history.
      .leftJoin(users, and(eq(users.id, events.actorId), eq(events.actorType, 'staff')))
      .where(
        and(
          eq(events.orgId, base.org_id),
          eq(events.subjectId, profileId),
          inArray(events.type, [
            ...['submitted', 'referred', 'ready', 'rejected', 'action_required'].map(
              (change) => `${kind}.${change}`,
            ),
            'support_review.cleared',
            'support_review.corrected',
          ]),
        ),
      )
      .orderBy(asc(events.createdAt), asc(events.id)),
    correctedBy.length === 0
      ? Promise.resolve([])
      : executor
          .select({ user_id: users.id, name: users.name })
          .from(users)
          .where(inArray(users.id, [...correctedBy])),
  ]);
  const noteOf = (data: Record<string, unknown>): string | null => {
    if (typeof data.screening_note === 'string') return data.screening_note;
    if (typeof data.rejection_reason === 'string') return data.rejection_reason;
    if (typeof data.rationale === 'string') return data.rationale;
    const asked = data.requested_information as { question?: unknown } | null | undefined;
    if (data.status === 'action_required' && typeof asked?.question === 'string') return asked.question;
    if (typeof data.reason === 'string' && Array.isArray(data.changed_fields)) {
      return `${data.reason} (changed: ${data.changed_fields.join(', ')})`;
    }
    return null;
  };
  const referred = history.filter((event) => event.type === `${kind}.referred`).at(-1);
  return {
    ...base,
    details_masked: !open,
    org_name: org[0]?.name ?? '',
    screening_note: referred ? noteOf(referred.data) : null,
    sender,
    corrected_by: correctors,
    files: documents.map((file) => ({
      id: file.id,
      file_name: file.fileName,
      mime_type: file.mimeType,
      size_bytes: file.sizeBytes,
      sha256: file.sha256,
      created_at: file.createdAt.toISOString(),
    })),
    history: history.map((event) => ({
      type: event.type,
      actor_type: event.actorType,
      actor_name: event.actorName,
      at: event.at.toISOString(),
      note: noteOf(event.data),
    })),
  };
}

/** Statuses of a review in progress: the reviewer works with the details (waiting for staff or for the client). */
const UNDER_REVIEW: readonly string[] = ['in_review', 'action_required'];

/** The unmask rule for one staff member (see `Unmask`). */
export function unmaskFor(actor: StaffActor): Unmask {
  return (profile) => UNDER_REVIEW.includes(profile.status) || isViewing(actor, profile.orgId);
}

/**
 * Approve, or reject with the reason the client sees; a profile no longer in review is a `conflict`. Answers the
 * profile (now decided, so masked unless inside a view), the read recorded like any other.
 */
export async function decideReview(
  executor: Executor,
  actor: StaffActor,
  kind: ProfileKind,
  profileId: string,
  body: z.output<typeof reviewDecisionBody>,
  read: ReadRequest,
): Promise<ReviewProfile> {
  assertNotViewing(actor);
  if (body.decision === 'approve') {
    // Clearing a hit is as much a judgement as rejecting: its rationale is kept with the decision, for staff only.
    await executor.transaction(async (tx) => {
      await approveProfile(tx, { kind, profileId, staffUserId: actor.userId });
      const table = PROFILE_TABLES[kind];
      const [row] = await tx.select({ orgId: table.orgId }).from(table).where(eq(table.id, profileId));
      await recordEvent(tx, {
        orgId: row!.orgId,
        type: 'support_review.cleared',
        actor: userAuditActor(actor.userId, true),
        subjectId: profileId,
        data: { kind, rationale: body.reason },
      });
    });
  } else {
    await rejectProfile(executor, { kind, profileId, staffUserId: actor.userId, reason: body.reason });
  }
  return openReviewProfile(executor, actor, kind, profileId, read);
}

/**
 * A reviewer opens a profile: unmasked while it is in review (or inside a view of its organization), masked
 * otherwise. The read is recorded for the organization's access log in the same transaction (no record, no data),
 * with an internal event naming what was seen.
 */
export function openReviewProfile(
  executor: Executor,
  actor: StaffActor,
  kind: ProfileKind,
  profileId: string,
  read: ReadRequest,
): Promise<ReviewProfile> {
  return executor.transaction(async (tx) => {
    const profile = await getReviewProfile(tx, kind, profileId, unmaskFor(actor));
    await recordConsoleRead(tx, actor, { ...read, orgId: profile.org_id, resource: `${kind}/${profileId}` });
    await recordEvent(tx, {
      orgId: profile.org_id,
      type: 'support_review.details_viewed',
      actor: userAuditActor(actor.userId, true),
      subjectId: profileId,
      data: { kind },
    });
    return profile;
  });
}

/**
 * A sender's proof document for a reviewer, inline or as a download: while the sender is in review, or inside a view
 * of its organization; otherwise `not_found`, as if it did not exist (the console links only the documents it may
 * open). Each opening is recorded in the transaction that reads it.
 */
export function getReviewFile(
  executor: Executor,
  actor: StaffActor,
  fileId: string,
  disposition: 'inline' | 'attachment',
  read: ReadRequest,
) {
  return executor.transaction(async (tx) => {
    const [row] = await tx
      .select({ file: files, senderStatus: senderProfiles.status })
      .from(files)
      .innerJoin(
        senderProfiles,
        and(eq(senderProfiles.orgId, files.orgId), eq(senderProfiles.id, files.senderProfileId)),
      )
      .where(and(eq(files.id, fileId), eq(files.purpose, 'sender_document')));
    if (!row || !unmaskFor(actor)({ orgId: row.file.orgId, status: row.senderStatus })) {
      throw ApiError.notFound('File');
    }
    const file = row.file;
    await recordConsoleRead(tx, actor, { ...read, orgId: file.orgId, resource: `file/${file.id}` });
    await recordEvent(tx, {
      orgId: file.orgId,
      type: 'support_review.file_viewed',
      actor: userAuditActor(actor.userId, true),
      subjectId: file.senderProfileId,
      data: { file_id: file.id, disposition },
    });
    const bytes = await storeFor(file.storage).get(file);
    return { fileName: file.fileName, mimeType: file.mimeType, sha256: file.sha256, bytes };
  });
}
