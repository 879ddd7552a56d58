// Owns the subscription to every public event type: the engine matches it when it fans an event out, and the webhooks
// contract offers it to integrators (browser-safe: a constant).
export const ALL_EVENT_TYPES = '*';
