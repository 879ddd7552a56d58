// Owns the stand-in data schema of public events whose resource has no API shape yet (the owning slice replaces it).
import { z } from 'zod';

/**
 * What the demo seed records today for batches, orders, profiles and withdrawals. The payouts, profiles and
 * liquidity work replace it with the resource's wire schema (Batch, Order, Sender, Withdrawal…), which is what a
 * public event's `data.object` must be.
 */
export const provisionalObject = z.record(z.string(), z.unknown());
