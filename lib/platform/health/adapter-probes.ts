// Owns the adapters' readiness: running each configured adapter's probe (bounded in time, never trusted to be
// secret-free), caching the answers in adapter_health, and reading them back for /api/health/ready and the metrics.
import { sql } from 'drizzle-orm';
import { db, type Executor } from '@/db/client';
import { adapterHealth } from '@/db/schema/platform/adapter-health';
import type { AdapterHealth, ProbedAdapter } from '@/lib/platform/adapters/health';
import {
  ADAPTERS,
  type AdapterName,
  adapterSetting,
  configuredAdapter,
} from '@/lib/platform/adapters/registry';
import { env } from '@/lib/platform/env';

/** Longest reason kept: an operator's line, not a log. */
const MAX_REASON_LENGTH = 200;

/** Settings whose values must never reach a reason (passwords in URLs, keys, tokens, an xpub). */
const SECRET_SETTING = /SECRET|KEY|TOKEN|PASSWORD|XPUB|_URL$/;

/**
 * A reason fit for the readiness answer: no userinfo of any URL, no value of a secret setting, one bounded line.
 * Probes are asked to write such reasons; this holds even for one that forgets, or for an error's own message.
 */
export function safeReason(text: string, source: Record<string, string | undefined> = process.env): string {
  let reason = text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^/\s@]*@/gi, '$1…@');
  for (const [name, value] of Object.entries(source)) {
    if (value && value.length >= 8 && SECRET_SETTING.test(name))
      reason = reason.replaceAll(value, '[redacted]');
  }
  reason = reason.replace(/\s+/g, ' ').trim();
  return reason.length > MAX_REASON_LENGTH
    ? `${reason.slice(0, MAX_REASON_LENGTH - 1)}…`
    : reason || 'no reason given';
}

/**
 * One adapter's health: `ok` without a probe (the sandbox simulations have nothing outside to check); a probe that
 * throws, rejects or does not settle within `timeoutMs` is `degraded` with a safe reason.
 */
export async function probeAdapter(adapter: ProbedAdapter, timeoutMs: number): Promise<AdapterHealth> {
  if (!adapter.probe) return { state: 'ok' };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<AdapterHealth>((resolve) => {
    timer = setTimeout(
      () => resolve({ state: 'degraded', reason: `the probe did not answer within ${timeoutMs / 1000} s` }),
      timeoutMs,
    );
  });
  try {
    const health = await Promise.race([adapter.probe(), timeout]);
    if (health.state === 'ok') return { state: 'ok' };
    return { state: 'degraded', reason: safeReason(String(health.reason ?? '')) };
  } catch (error) {
    return {
      state: 'degraded',
      reason: safeReason(`the probe failed: ${error instanceof Error ? error.message : String(error)}`),
    };
  } finally {
    clearTimeout(timer);
  }
}

export interface ProbeResult {
  adapter: AdapterName;
  implementation: string;
  health: AdapterHealth;
}

/**
 * Probes every configured adapter at once, each within ADAPTER_PROBE_TIMEOUT_SECONDS (an SMTP greeting or a feed's
 * age takes well under), and replaces each one's cached row.
 */
export async function runAdapterProbes(executor: Executor = db()): Promise<ProbeResult[]> {
  const timeoutMs = env().ADAPTER_PROBE_TIMEOUT_SECONDS * 1000;
  const names = Object.keys(ADAPTERS) as AdapterName[];
  const results = await Promise.all(
    names.map(async (adapter) => ({
      adapter,
      implementation: adapterSetting(adapter),
      health: await probeAdapter(configuredAdapter(adapter), timeoutMs),
    })),
  );
  for (const { adapter, implementation, health } of results) {
    const reason = health.state === 'degraded' ? health.reason : null;
    const probed = { implementation, state: health.state, reason, checkedAt: sql`now()` };
    await executor
      .insert(adapterHealth)
      .values({ adapter, ...probed })
      .onConflictDoUpdate({ target: adapterHealth.adapter, set: probed });
  }
  return results;
}

/** One adapter as readiness lists it; `not_checked` until the probe job has run for the configured implementation. */
export type AdapterReadiness =
  | { implementation: string; state: 'ok'; checked_at: string }
  | { implementation: string; state: 'degraded'; reason: string; checked_at: string }
  | { implementation: string; state: 'not_checked'; checked_at: null };

/** Every adapter's cached health, for the implementation configured now (a row for another one is not_checked). */
export async function readAdapterHealth(
  executor: Executor = db(),
): Promise<Record<AdapterName, AdapterReadiness>> {
  const rows = await executor.select().from(adapterHealth);
  const byAdapter = new Map(rows.map((row) => [row.adapter, row]));
  const listing = {} as Record<AdapterName, AdapterReadiness>;
  for (const adapter of Object.keys(ADAPTERS) as AdapterName[]) {
    const implementation = adapterSetting(adapter);
    const row = byAdapter.get(adapter);
    if (!row || row.implementation !== implementation) {
      listing[adapter] = { implementation, state: 'not_checked', checked_at: null };
      continue;
    }
    const checkedAt = row.checkedAt.toISOString();
    listing[adapter] =
      row.state === 'ok'
        ? { implementation, state: 'ok', checked_at: checkedAt }
        : {
            implementation,
            state: 'degraded',
            reason: row.reason ?? 'no reason given',
            checked_at: checkedAt,
          };
  }
  return listing;
}
