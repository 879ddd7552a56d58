// Owns picking the KYC implementation from configuration; services import this, never an implementation.
import { adapterSetting } from '../registry';
import { sandboxKyc } from './sandbox';
import type { KycAdapter } from './types';

export type * from './types';

export function kyc(): KycAdapter {
  switch (adapterSetting('kyc')) {
    default:
      return sandboxKyc;
  }
}
