// Owns the client's part of a live journey that no page here looks at: a new IBAN beneficiary of the demo sender,
// created and submitted for review through the client's own session, as the portal's pages would.
import type { Page } from '@playwright/test';
import { SAMPLE_IBAN_BENEFICIARY } from '../../lib/profiles/contract/samples';
import { signIn } from '../helpers';
import { apiPost, beneficiaryNamed } from '../payouts-api';

/** Signs Acme's admin in on `client`, creates the beneficiary `name` and submits it; answers its id. */
export async function submitNewPayee(client: Page, name: string): Promise<string> {
  await signIn(client, 'admin@acme.example', '/beneficiaries');
  const sender = (await beneficiaryNamed(client, 'Rhein Logistik GmbH')).sender_profile_id;
  const created = await apiPost<{ id: string }>(client, '/api/v2/beneficiaries', {
    ...SAMPLE_IBAN_BENEFICIARY,
    sender_profile_id: sender,
    name,
  });
  await apiPost(client, `/api/v2/beneficiaries/${created.id}/submit`);
  return created.id;
}
