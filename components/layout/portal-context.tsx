'use client';
// Owns what every portal page may ask about the signed-in context without another request: role, sandbox.
import { createContext, type ReactNode, useContext } from 'react';

export interface PortalContextValue {
  role: 'admin' | 'approver' | 'member';
  sandbox: boolean;
}

const PortalContext = createContext<PortalContextValue>({ role: 'member', sandbox: false });

export function PortalContextProvider({
  value,
  children,
}: {
  value: PortalContextValue;
  children: ReactNode;
}) {
  return <PortalContext.Provider value={value}>{children}</PortalContext.Provider>;
}

export function usePortal(): PortalContextValue {
  return useContext(PortalContext);
}

const RANK = { member: 0, approver: 1, admin: 2 } as const;

/** Whether the signed-in role is at least `needed` (admin ⊃ approver ⊃ member). */
export function hasRole(role: PortalContextValue['role'], needed: PortalContextValue['role']): boolean {
  return RANK[role] >= RANK[needed];
}
