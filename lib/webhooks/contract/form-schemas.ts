// Owns the rules of the add-endpoint form, loaded after the page (see lib/platform/browser/lazy-schema.ts). The URL and
// the description are held to createWebhookEndpoint's wire schema (lib/platform/browser/wire-rule.ts), so their limits
// are written once; the API checks the URL itself (https, not a private address).
import { z } from 'zod';
import { wireText } from '@/lib/platform/browser/wire-rule';
import { createWebhookEndpointBody } from './schemas';

const endpointField = createWebhookEndpointBody.shape;

export const endpoint = z
  .object({
    url: wireText(endpointField.url, {
      too_small: 'Enter the URL that receives the events',
      too_big: 'At most 2048 characters',
    }),
    description: wireText(endpointField.description, { too_big: 'At most 500 characters' }),
    // Form-only: "all events" is a checkbox, sent as the wire's ["*"]; otherwise the types ticked.
    all: z.boolean(),
    event_types: z.array(z.string()),
  })
  // Form-only: the checkbox and the list together must say something (the wire's "at least one type" in the form's terms).
  .refine((values) => values.all || values.event_types.length > 0, {
    path: ['event_types'],
    message: 'Choose at least one event type, or all events',
  });
