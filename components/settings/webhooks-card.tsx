'use client';
// Owns the settings overview's pointer to webhooks, for the admins who manage them.
import Link from 'next/link';
import { hasRole, usePortal } from '@/components/layout/portal-context';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

export function WebhooksCard() {
  const { role } = usePortal();
  if (!hasRole(role, 'admin')) return null;
  return (
    <Card
      id="webhooks"
      title="Webhooks"
      description="Signed HTTPS requests to your systems for every state change, with a delivery log and re-sends."
      action={
        <Link href="/settings/webhooks" className={buttonClasses('secondary', 'sm')}>
          Manage webhooks
        </Link>
      }
    >
      <p className="text-sm text-slate-600">
        A disabled endpoint (after 3 days of failed deliveries) is flagged there with the reason.
      </p>
    </Card>
  );
}
