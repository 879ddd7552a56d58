// Owns picking the custody implementation from configuration; services import this, never an implementation.
import { adapterSetting } from '../registry';
import { sandboxCustody } from './sandbox';
import type { CustodyAdapter } from './types';

export type * from './types';

export function custody(): CustodyAdapter {
  switch (adapterSetting('custody')) {
    default:
      return sandboxCustody;
  }
}
