// Owns picking the email implementation from configuration; services import this, never an implementation.
import { adapterSetting } from '../registry';
import { sandboxEmail } from './sandbox';
import type { EmailAdapter } from './types';

export type * from './types';

export function email(): EmailAdapter {
  switch (adapterSetting('email')) {
    default:
      return sandboxEmail;
  }
}
