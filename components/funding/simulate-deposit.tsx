'use client';
// Owns the sandbox "Simulate a deposit" button on the dashboard (approvers, sandbox only). Its form and react-hook-form
// load when it is first pressed: the dashboard is among the heaviest pages, and most visits never open it.
import { lazy, Suspense, useRef, useState } from 'react';
import { useCan, usePortal } from '@/components/layout/portal-context';
import { Button } from '@/components/ui/button';
import { createSandboxDepositOperation } from '@/lib/funding/contract/routes';

const loadDialog = () => import('./simulate-deposit-dialog');
const SimulateDepositDialog = lazy(() => loadDialog().then((m) => ({ default: m.SimulateDepositDialog })));

export function SimulateDeposit() {
  const { sandbox } = usePortal();
  const mayDeposit = useCan(createSandboxDepositOperation);
  const [open, setOpen] = useState(false);
  // Mounted from the first press on, so closing keeps the dialog's state (its idempotency key) for a retry.
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (!sandbox || !mayDeposit) return null;
  return (
    <>
      <Button
        ref={button}
        variant="secondary"
        size="sm"
        changesState
        aria-haspopup="dialog"
        onPointerEnter={() => void loadDialog().catch(() => undefined)}
        onFocus={() => void loadDialog().catch(() => undefined)}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        Simulate a deposit
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <SimulateDepositDialog
            open={open}
            onOpenChange={(next) => {
              setOpen(next);
              // No Radix trigger to return to: focus goes back to the button that opened it.
              if (!next) requestAnimationFrame(() => button.current?.focus());
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
