// Owns which implementations of each outside service the program has: platform's sandbox simulations, and those that
// live in an area because they touch its data (the sandbox emails' outbox, the rates pricing publishes). The configuration picks one of them
// (`<NAME>_ADAPTER`, lib/platform/adapters/registry.ts); production start-up refuses the sandbox ones.
import { evmCustody } from '@/lib/platform/adapters/custody/evm';
import { manualCustody } from '@/lib/platform/adapters/custody/manual';
import { sandboxCustody } from '@/lib/platform/adapters/custody/sandbox';
import { smtpEmail } from '@/lib/platform/adapters/email/smtp';
import { manualKyc } from '@/lib/platform/adapters/kyc/manual';
import { sandboxKyc } from '@/lib/platform/adapters/kyc/sandbox';
import { operationsPayoutRail } from '@/lib/platform/adapters/payout-rail/operations';
import { sandboxPayoutRail } from '@/lib/platform/adapters/payout-rail/sandbox';
import { type AdapterImplementations, provideAdapterImplementations } from '@/lib/platform/adapters/registry';
import { httpRates, manualRates, sandboxRates } from '@/lib/pricing/server';
import { sandboxEmail } from '@/lib/sandbox/server';

/** Every implementation the program has, by adapter and setting value. */
export const APP_ADAPTER_IMPLEMENTATIONS: AdapterImplementations = {
  custody: { sandbox: sandboxCustody, manual: manualCustody, evm: evmCustody },
  kyc: { sandbox: sandboxKyc, manual: manualKyc },
  email: { sandbox: sandboxEmail, smtp: smtpEmail },
  rates: { sandbox: sandboxRates, manual: manualRates, http: httpRates },
  'payout-rail': { sandbox: sandboxPayoutRail, operations: operationsPayoutRail },
};

provideAdapterImplementations(APP_ADAPTER_IMPLEMENTATIONS);
