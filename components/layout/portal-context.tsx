'use client';
// Owns what every portal page may ask about the signed-in context without another request: user id, role, sandbox.
import { createContext, type ReactNode, useContext } from 'react';
import { ReadOnlyProvider } from '@/components/ui/read-only';

export interface PortalContextValue {
  /** The signed-in user's id (e.g. to recognise the creator of a batch); null outside a signed-in page. */
  userId?: string | null;
  role: 'admin' | 'approver' | 'member';
  sandbox: boolean;
  /**
   * Set while a support user views the organization: every change is refused by the server, and every control
   * marked as changing state (components/ui/read-only.tsx) is unavailable with READ_ONLY_EXPLANATION.
   */
  readOnly?: { reason: string } | null;
}

/** The explanation an unavailable control gives during a support view. */
export const READ_ONLY_EXPLANATION = 'Read-only support view: changes are not allowed';

const PortalContext = createContext<PortalContextValue>({ role: 'member', sandbox: false, readOnly: null });

export function PortalContextProvider({
  value,
  children,
}: {
  value: PortalContextValue;
  children: ReactNode;
}) {
  return (
    <PortalContext.Provider value={value}>
      <ReadOnlyProvider explanation={value.readOnly ? READ_ONLY_EXPLANATION : null}>
        {children}
      </ReadOnlyProvider>
    </PortalContext.Provider>
  );
}

export function usePortal(): PortalContextValue {
  return useContext(PortalContext);
}

const RANK = { member: 0, approver: 1, admin: 2 } as const;

/** Whether the signed-in role is at least `needed` (admin ⊃ approver ⊃ member). */
export function hasRole(role: PortalContextValue['role'], needed: PortalContextValue['role']): boolean {
  return RANK[role] >= RANK[needed];
}
