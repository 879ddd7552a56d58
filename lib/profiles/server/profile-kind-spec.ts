// Owns the shape of a profile kind's description: what truly differs between senders and beneficiaries (their row,
// wire shape, fields, validation, parent and list filters), typed so that a kind's wire shape follows from the kind.
import type { SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import type { ServiceActor } from '@/lib/identity/server';
import type { BeneficiaryWire, SenderWire } from '@/lib/profiles/contract/schemas';
import type { BeneficiaryDraft } from '../contract/validate-beneficiary';
import type { SenderDraft } from '../contract/validate-sender';
import type { ProfileKind } from './common';
import type { ProfileRow } from './profile-rows';

interface KindTypes {
  sender: {
    wire: SenderWire;
    /** The identity and contact fields the review rules apply to. */
    draft: SenderDraft;
    /** What creating one needs besides its fields. */
    parent: Record<never, never>;
    /** The list's filters besides status and reference. */
    filters: Record<never, never>;
  };
  beneficiary: {
    wire: BeneficiaryWire;
    /** The fields the corridor rules apply to. */
    draft: BeneficiaryDraft;
    /** A beneficiary is registered under one sender of the organization. */
    parent: { senderProfileId: string };
    filters: { senderProfileId?: string; currency?: string; q?: string };
  };
}

export type ProfileWire<K extends ProfileKind> = KindTypes[K]['wire'];

/** A kind's reviewed fields plus the organization's own reference. */
export type ProfileInput<K extends ProfileKind> = KindTypes[K]['draft'] & {
  client_reference?: string | null;
};

export type ProfileListFilters<K extends ProfileKind> = KindTypes[K]['filters'];

export type CreateProfileInput<K extends ProfileKind> = KindTypes[K]['parent'] & {
  orgId: string;
  input: ProfileInput<K>;
  /** Who acts (lib/identity/server/auth/service-actor), with the request id. */
  actor: ServiceActor;
  /** When it was registered, for the demo seed's history; defaults to now. */
  at?: Date;
};

/** A profile's fields as entered (sealed ones decrypted), keyed by wire name. */
export type ProfileDraft = Partial<Record<string, string>>;

/** A draft that passed the kind's rules: its normalised values, and the columns that store them. */
export interface ValidProfile {
  values: ProfileDraft;
  /** Sealed columns are encrypted bound to the profile's id. */
  columns(profileId: string): Record<string, unknown>;
}

export interface ProfileKindSpec<K extends ProfileKind> {
  kind: K;
  /** What a 404 names. */
  notFoundName: string;
  toWire(row: ProfileRow<K>): ProfileWire<K>;
  /** The name the KYC check screens. */
  nameOf(row: ProfileRow<K>): string;
  /** The fields an edit may change and the review checks, in the order an `updated` event names them. */
  fields: readonly string[];
  /** Changing only these never sends a `ready` profile back to review nor makes a new version. */
  contactFields: ReadonlySet<string>;
  /** Fields a stored profile may lack because their value is implied (filling one in then is no change). */
  impliedWhenUnset: ReadonlySet<string>;
  draftOf(row: ProfileRow<K>): ProfileDraft;
  /** Throws the API's error (every problem at once) unless the draft passes the kind's rules at `at`. */
  validate(draft: KindTypes[K]['draft'], at: Date): ValidProfile;
  /** Checks what creating one needs besides its fields, and returns the columns that record it. */
  parentColumns(executor: Executor, input: CreateProfileInput<K>): Promise<Record<string, unknown>>;
  /** The conditions of the kind's own list filters. */
  listConditions(filters: ProfileListFilters<K>): SQL[];
}
