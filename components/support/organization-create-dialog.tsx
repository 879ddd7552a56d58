'use client';
// Owns a support lead opening a client organization: its name, the products it may use, its default margin, and the
// email of its first admin, who receives the invitation. One request: a refusal stores nothing.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogForm } from '@/components/ui/dialog-form';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useLazyResolver } from '@/components/ui/lazy-resolver';
import { showServerError } from '@/components/ui/server-errors';
import { useToast } from '@/components/ui/toast';
import { ENTITLEMENTS, type Entitlement } from '@/lib/platform/actor/entitlements';
import { apiFetch } from '@/lib/platform/browser/api';
import { lazySchema } from '@/lib/platform/browser/lazy-schema';
import { productName } from '@/lib/platform/format/activity';
import { createClientOrganizationOperation } from '@/lib/support/contract/routes';

interface Values {
  name: string;
  admin_email: string;
  margin_bps: string;
}

const schema = lazySchema(() =>
  import('@/lib/support/contract/form-schemas').then((m) => m.clientOrganization),
);

export function CreateOrganizationDialog() {
  const [open, setOpen] = useState(false);
  const [products, setProducts] = useState<Set<Entitlement>>(new Set(['payouts']));
  const router = useRouter();
  const notify = useToast();
  const form = useForm<Values>({
    resolver: useLazyResolver<Values>(schema),
    defaultValues: { name: '', admin_email: '', margin_bps: '' },
  });
  const [name, adminEmail] = useWatch({ control: form.control, name: ['name', 'admin_email'] });
  const submit = async (values: Values) => {
    try {
      const created = await apiFetch(createClientOrganizationOperation, {
        body: {
          name: values.name,
          admin_email: values.admin_email,
          entitlements: ENTITLEMENTS.filter((product) => products.has(product)),
          ...(values.margin_bps ? { margin_bps: values.margin_bps } : {}),
        },
      });
      setOpen(false);
      notify({
        tone: 'success',
        title: `${created.name} is open`,
        description: `The admin invitation was sent to ${created.admin_invitation.email} (valid 7 days).`,
      });
      router.push(`/support/organizations/${created.id}`);
    } catch (caught) {
      showServerError(form.setError, caught, ['name', 'admin_email', 'margin_bps']);
    }
  };
  return (
    <DialogForm
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setProducts(new Set(['payouts']));
      }}
      form={form}
      onSubmit={submit}
      trigger={<Button size="sm">New organization</Button>}
      title="Open a client organization"
      description="Its first admin gets an email invitation and signs up from the link; they invite the rest of their team."
      submitLabel="Open and invite"
      submitDisabled={name.trim() === '' || adminEmail.trim() === '' || products.size === 0}
    >
      <FormField control={form.control} name="name" label="Organization name">
        {(field) => <Input autoComplete="off" required {...field} />}
      </FormField>
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium text-slate-900">Products</legend>
        {ENTITLEMENTS.map((product) => (
          <Checkbox
            key={product}
            name={`product-${product}`}
            checked={products.has(product)}
            onCheckedChange={(checked) => {
              const next = new Set(products);
              if (checked) next.add(product);
              else next.delete(product);
              setProducts(next);
            }}
            label={productName(product)}
          />
        ))}
        {products.size === 0 ? <p className="text-xs text-slate-600">Tick at least one product.</p> : null}
      </fieldset>
      <FormField
        control={form.control}
        name="margin_bps"
        label="Default margin (basis points, optional)"
        hint="50 = 0.50 % on the USDT amount; the provider's default when left empty. Never shown to the client."
      >
        {(field) => <Input inputMode="decimal" autoComplete="off" {...field} />}
      </FormField>
      <FormField control={form.control} name="admin_email" label="First admin's email">
        {(field) => <Input type="email" autoComplete="off" required {...field} />}
      </FormField>
    </DialogForm>
  );
}
