'use client';
// Owns what every portal page may ask about the signed-in context without another request: user id, role, sandbox.
import { createContext, type ReactNode, useContext } from 'react';
import { ReadOnlyProvider } from '@/components/ui/read-only';
import type { OrgRole } from '@/lib/platform/actor/roles';
import { type ApiRoute, roleMayCall } from '@/lib/platform/operations/operation';

export interface PortalContextValue {
  /** The signed-in user's id (e.g. to recognise the creator of a batch); null outside a signed-in page. */
  userId?: string | null;
  role: OrgRole;
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

/**
 * Whether the signed-in member may call the operation behind `route` (its role comes from the declaration, so a page
 * never restates it). A support view still answers as the viewed organization's admin would; its read-only rule is
 * applied by the controls themselves.
 */
export function useCan(route: Pick<ApiRoute, 'role'>): boolean {
  return roleMayCall(useContext(PortalContext).role, route);
}
