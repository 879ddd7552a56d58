// Owns the email adapter services call: the implementation the configuration names (EMAIL_ADAPTER), as the composition
// root provides it (lib/app/adapters.ts); services import this, never an implementation.
import { configuredAdapter } from '../registry';
import type { EmailAdapter } from './types';

export type * from './types';

export function email(): EmailAdapter {
  return configuredAdapter('email');
}
