'use client';
// Owns "read-only" for every control that would change state: while a provider supports the page read-only (a
// support "view as organization"), a control marked as changing state (`changesState` on Button, Select, Checkbox
// and FileDropZone; every ConfirmDialog/ConfirmAction; anything inside <ChangesState>) renders unavailable with the
// explanation: aria-disabled (still focusable, so it can be explained), described to screen readers, and shown in a
// tooltip on hover and on keyboard focus. The server refuses the change anyway; this says so before anyone tries.
import { createContext, lazy, type ReactNode, Suspense, useContext } from 'react';

const ReadOnlyContext = createContext<string | null>(null);
const ChangesStateContext = createContext(false);

/** Makes the page read-only: `explanation` (null = not read-only) is what every state-changing control says. */
export function ReadOnlyProvider({
  explanation,
  children,
}: {
  explanation: string | null;
  children: ReactNode;
}) {
  return <ReadOnlyContext.Provider value={explanation}>{children}</ReadOnlyContext.Provider>;
}

/** The explanation while the page is read-only; null otherwise. */
export function useReadOnly(): string | null {
  return useContext(ReadOnlyContext);
}

/** Marks every Button, Select, Checkbox and FileDropZone inside as changing state (e.g. a dialog trigger given as a node). */
export function ChangesState({ children }: { children: ReactNode }) {
  return <ChangesStateContext.Provider value={true}>{children}</ChangesStateContext.Provider>;
}

/**
 * The explanation when this control must be unavailable: the page is read-only and the control changes state
 * (`marked`, or inside <ChangesState>). Null when it works as usual.
 */
export function useChangesState(marked = false): string | null {
  const explanation = useContext(ReadOnlyContext);
  const scoped = useContext(ChangesStateContext);
  return explanation !== null && (marked || scoped) ? explanation : null;
}

// Loaded only when a page is read-only: nobody else pays for the tooltip's positioning code.
const Tooltip = lazy(() => import('./tooltip').then((module) => ({ default: module.Tooltip })));

/** Shows `explanation` in a tooltip on hover and keyboard focus of its one child (an element that takes a ref). */
export function ReadOnlyHint({ explanation, children }: { explanation: string; children: ReactNode }) {
  return (
    <Suspense fallback={children}>
      <Tooltip content={explanation}>{children}</Tooltip>
    </Suspense>
  );
}

/**
 * The explanation as the control's description, placed inside the control and referenced by aria-describedby
 * (hidden text referenced that way is still read; it adds nothing to the control's name).
 */
export function ReadOnlyDescription({ id, explanation }: { id: string; explanation: string }) {
  return (
    <span id={id} hidden>
      {explanation}
    </span>
  );
}

/** Joins aria-describedby ids, dropping empty ones. */
export function describedBy(...ids: (string | undefined | null | false)[]): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined || undefined;
}
