// Owns the list of expiry sweeps: each domain area adds its sweep here (one line), and the worker and the clock run it.
import { approvalsSweep } from '@/lib/approvals/server';
import { payoutsExpirySweep } from '@/lib/payouts/server';
import type { ExpirySweep } from '@/lib/platform/sweeps/define-sweep';
import { provideSweeps } from '@/lib/platform/sweeps/run-sweeps';

/** e.g. payouts: unfunded order expiry at `expires_at`, draft batch expiry after 7 days. */
export const sweepList: readonly ExpirySweep[] = [payoutsExpirySweep, approvalsSweep];

provideSweeps(sweepList);
