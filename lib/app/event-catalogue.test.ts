// The event catalogue's rules: one owner per name, two-part names, public events render, internal ones never do.
import { describe, expect, it } from 'vitest';
import type { Actor } from '@/lib/platform/actor/actor';
import { auditActorOf, SYSTEM_ACTOR } from '@/lib/platform/events/audit-actor';
import { NotPublicEventError, renderPublicEvent } from '@/lib/platform/events/render';
import { eventCatalogue, eventCatalogueAreas, isPublicEventType } from './event-catalogue';

const deposit = {
  id: '01a208b0-f763-7419-bdd0-7e6f2f9a7015',
  amount: '250.00',
  currency: 'USDT',
  chain_id: '01a208b0-f76e-715d-91e5-cb74afcebe58',
  chain: 'tron',
  address: 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC',
  transaction_hash: 'ab'.repeat(32),
  status: 'credited',
  created_at: '2026-11-23T13:00:00.000Z',
};

describe('the event catalogue', () => {
  it('declares each name in exactly one area', () => {
    const names = Object.values(eventCatalogueAreas).flatMap((area) => Object.keys(area));
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(eventCatalogue).sort()).toEqual([...names].sort());
  });

  it('names every type <resource>.<change> in snake_case, with a resource and a description', () => {
    for (const [type, definition] of Object.entries(eventCatalogue)) {
      expect(type).toMatch(/^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/);
      expect(definition.resource).toMatch(/^[a-z_]+$/);
      expect(definition.description.length).toBeGreaterThan(10);
    }
  });

  it("has DESIGN's public names, and keeps rates, margins and security events internal", () => {
    for (const type of ['funding.deposit_credited', 'batch.confirmed', 'order.completed', 'order.failed']) {
      expect(isPublicEventType(type)).toBe(true);
    }
    for (const type of ['sender.ready', 'beneficiary.rejected', 'withdrawal.completed']) {
      expect(isPublicEventType(type)).toBe(true);
    }
    for (const type of [
      'fx_rate.published',
      'organization_margin.set',
      'api_key.created',
      'api_key.revoked',
      'user.signed_in',
      'sandbox.clock_advanced',
    ]) {
      expect(isPublicEventType(type)).toBe(false);
    }
    expect(Object.keys(eventCatalogue).filter((type) => type.startsWith('payout.'))).toEqual([]);
    expect('order.draft' in eventCatalogue).toBe(false);
  });
});

describe('renderPublicEvent', () => {
  it('renders {id, type, created_at, data: {object}} with the object in its API shape', () => {
    const payload = renderPublicEvent({
      id: '01a208b0-0000-7000-8000-000000000001',
      type: 'funding.deposit_credited',
      createdAt: new Date('2026-11-23T13:00:01.000Z'),
      data: { ...deposit, internal_note: 'never on the wire' },
    });
    expect(payload).toEqual({
      id: '01a208b0-0000-7000-8000-000000000001',
      type: 'funding.deposit_credited',
      created_at: '2026-11-23T13:00:01.000Z',
      data: { object: deposit },
    });
  });

  it('refuses an internal or unknown type, so it can never be delivered', () => {
    for (const type of ['organization_margin.set', 'api_key.created', 'no.such_type']) {
      expect(() =>
        renderPublicEvent({ id: deposit.id, type, createdAt: new Date(), data: { currency: 'EUR' } }),
      ).toThrow(NotPublicEventError);
    }
  });
});

describe('auditActorOf', () => {
  const base: Actor = { orgId: deposit.id, role: 'admin', via: 'session', userId: 'u-1', entitlements: [] };

  it('names the staff member and the view behind an impersonated request', () => {
    const actor: Actor = {
      ...base,
      role: 'member',
      impersonation: {
        sessionId: 'view-1',
        staffUserId: 'staff-1',
        reason: 'ticket 42',
        expiresAt: new Date(),
      },
    };
    expect(auditActorOf(actor)).toEqual({
      actorType: 'staff',
      actorId: 'staff-1',
      impersonationSessionId: 'view-1',
    });
  });

  it('names the API key or the user otherwise, with no view', () => {
    expect(auditActorOf({ ...base, via: 'api_key', apiKeyId: 'key-1' })).toEqual({
      actorType: 'api_key',
      actorId: 'key-1',
      impersonationSessionId: null,
    });
    expect(auditActorOf(base)).toEqual({ actorType: 'user', actorId: 'u-1', impersonationSessionId: null });
    expect(SYSTEM_ACTOR).toEqual({ actorType: 'system', actorId: null, impersonationSessionId: null });
  });
});
