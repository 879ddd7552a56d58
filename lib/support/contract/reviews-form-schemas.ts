// Owns the rules of the review page's request and correction dialogs, loaded after the page (lazy-schema): each held to
// the wire schema of the staff operation it is sent to, in the words a reviewer reads.
import { z } from 'zod';
import { wireText } from '@/lib/platform/browser/wire-rule';
import { reviewCorrectionBody, reviewInformationRequestBody } from './reviews-schemas';

export const informationRequest = z.object({
  question: wireText(reviewInformationRequestBody.shape.question, {
    too_small: 'Ask the client a question',
    too_big: 'At most 1,000 characters',
  }),
  fields: z.array(z.string()),
});

export const correction = z.object({
  /** Every field as the dialog shows it; only the ones that differ from the profile are sent. */
  values: z.record(z.string(), z.string()),
  reason: wireText(reviewCorrectionBody.shape.reason, {
    too_small: 'Say why the details are corrected (at least 3 characters)',
    too_big: 'At most 500 characters',
  }),
});
