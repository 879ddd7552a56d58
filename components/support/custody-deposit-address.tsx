'use client';
// Owns entering an organization's deposit address on a chain, on the support console's Custody page (operations,
// manual custody): the custodian holds the addresses, so operations type each one in. The server checks the chain's
// address format and sets it once (the same address again changes nothing; another is refused, because deposits
// already name the first), so the page offers no replacing: a refusal is shown in the server's words.
import { useForm } from 'react-hook-form';
import { CUSTODY_CHAINS, chainName } from '@/components/support/custody-chains';
import { OrganizationPicker, type PickedOrganization } from '@/components/support/organization-picker';
import { Card } from '@/components/ui/card';
import { Form, FormField, FormServerError, FormSubmit } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useLazyResolver } from '@/components/ui/lazy-resolver';
import { Select } from '@/components/ui/select';
import { showServerError } from '@/components/ui/server-errors';
import { useToast } from '@/components/ui/toast';
import { enterDepositAddressOperation } from '@/lib/funding/contract/routes';
import { apiFetch } from '@/lib/platform/browser/api';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';

const addressSchema = lazySchema(() =>
  import('@/lib/funding/contract/support-form-schemas').then((m) => m.depositAddress),
);

interface AddressValues {
  organization: PickedOrganization | null;
  chain: string;
  address: string;
}

const EMPTY: AddressValues = { organization: null, chain: 'tron', address: '' };

export function CustodyDepositAddress() {
  const notify = useToast();
  const form = useForm<AddressValues>({
    resolver: useLazyResolver<AddressValues>(addressSchema),
    defaultValues: EMPTY,
  });
  const submit = async ({ organization, chain, address }: AddressValues) => {
    if (!organization) return;
    try {
      const entered = await apiFetch(enterDepositAddressOperation, {
        params: { orgId: organization.id, chain },
        body: { address },
      });
      notify({
        tone: 'success',
        title: `${organization.name}'s ${chainName(entered.chain)} address is ${entered.address}`,
        description: 'Deposits on the chain can now be recorded for it.',
      });
      form.reset(EMPTY);
    } catch (error) {
      showServerError(form.setError, error, ['address'], 'The address was not saved. Try again.');
    }
  };
  return (
    <Card
      title="Enter a deposit address"
      description="The address the provider's custodian holds for an organization on a chain. It is set once: deposits name it."
    >
      <Form form={form} onSubmit={submit} aria-label="Enter a deposit address">
        <FormField control={form.control} name="organization" label="Organization">
          {(field) => <OrganizationPicker value={field.value} onChange={field.onChange} />}
        </FormField>
        <FormField control={form.control} name="chain" label="Chain">
          {(field) => <Select value={field.value} onValueChange={field.onChange} options={CUSTODY_CHAINS} />}
        </FormField>
        <FormField
          control={form.control}
          name="address"
          label="Address"
          hint="TRON: starts with T. Ethereum: 0x and 40 hex characters, with its checksum capitals."
        >
          {(field) => <Input autoComplete="off" spellCheck={false} className="font-mono" {...field} />}
        </FormField>
        <FormServerError />
        <FormSubmit>Save address</FormSubmit>
      </Form>
    </Card>
  );
}
