// Owns the wire shapes of the sandbox's own controls: the organization's sandbox clock.
import { z } from 'zod';
import { timestampSchema } from '@/lib/platform/schemas/common';

/** One call moves the clock at most a year; call again to go further. */
export const MAX_CLOCK_ADVANCE_SECONDS = 366 * 24 * 60 * 60;

export const advanceSandboxClockBody = z
  .object({
    advance_seconds: z.number().int().min(1).max(MAX_CLOCK_ADVANCE_SECONDS).meta({
      description: 'How far to move the clock forward, in seconds (at most 366 days per call)',
      example: 3600,
    }),
  })
  .strict()
  .meta({ id: 'AdvanceSandboxClockRequest' });

export const sandboxClockSchema = z
  .object({
    now: timestampSchema.meta({
      description:
        "The organization's sandbox time: real time plus offset_seconds. Business deadlines use it.",
    }),
    offset_seconds: z
      .number()
      .int()
      .meta({ description: 'How far ahead of real time the clock is (never negative)', example: 3600 }),
  })
  .meta({ id: 'SandboxClock' });

export type SandboxClockWire = z.input<typeof sandboxClockSchema>;
