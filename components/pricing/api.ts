// Owns the requests the pricing console's forms make (one place, so component tests replace them whole).
import type { z } from 'zod';
import { apiFetch } from '@/lib/platform/browser/api';
import {
  createSupportCorridorOperation,
  publishRateSheetOperation,
  updateSupportCorridorFeesOperation,
} from '@/lib/pricing/contract/routes';
import type { corridorFeesBody, createCorridorBody } from '@/lib/pricing/contract/schemas';

export function publishRateSheetRequest(body: {
  valid_until: string;
  rates: { currency: string; units_per_usdt: string }[];
}) {
  return apiFetch(publishRateSheetOperation, { body });
}

/** The form's text fields as typed; the server names whatever is wrong with them. */
export function createCorridorRequest(values: Record<string, string>) {
  return apiFetch(createSupportCorridorOperation, { body: values as z.input<typeof createCorridorBody> });
}

export function updateCorridorFeesRequest(corridorId: string, values: Record<string, string>) {
  return apiFetch(updateSupportCorridorFeesOperation, {
    params: { corridorId },
    body: values as z.input<typeof corridorFeesBody>,
  });
}
