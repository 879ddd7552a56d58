// Owns where each part of the API reference lives: the overview (index, errors, webhook events) at /docs/api, each
// tag's operations on its own page, every named schema once on /docs/api/schemas. One page for everything was
// megabytes of HTML.
export const API_REFERENCE = '/docs/api';
export const SCHEMAS_PAGE = '/docs/api/schemas';
/** Every webhook event's payload (a page of its own: on the index they were most of its megabytes). */
export const WEBHOOK_EVENTS_PAGE = '/docs/api/webhook-events';

export function tagSlug(tag: string): string {
  return tag
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function tagPage(tag: string): string {
  return `${API_REFERENCE}/${tagSlug(tag)}`;
}

export function operationHref(tag: string, operationId: string): string {
  return `${tagPage(tag)}#${operationId}`;
}

export function schemaHref(name: string): string {
  return `${SCHEMAS_PAGE}#schema-${name}`;
}

export function errorHref(name: string): string {
  return `${API_REFERENCE}#error-${name}`;
}

export function webhookEventHref(type?: string): string {
  return type ? `${WEBHOOK_EVENTS_PAGE}#event-${type}` : WEBHOOK_EVENTS_PAGE;
}
