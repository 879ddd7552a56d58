'use client';
// Owns "read-only" for every control that would change state: while the page is read-only (a support "view as
// organization"), a control marked as changing state (`changesState` on Button, Select, Checkbox
// and FileDropZone; every ConfirmDialog/ConfirmAction; anything inside <ChangesState>) renders unavailable with the
// explanation: aria-disabled (still focusable, so it can be explained), the explanation as its accessible
// description (`unavailableProps`), and shown in a tooltip on hover and on keyboard focus (`ReadOnlyHint`). The server
// refuses the change anyway; this says so before anyone tries.
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
 * What an unavailable control carries: aria-disabled, and the explanation as `aria-description`, its accessible
 * description at all times. Its own aria-describedby (a hint, why it is blocked otherwise) is dropped, since it would
 * take precedence; the tooltip adds itself to aria-describedby while open, and it says the same.
 */
export function unavailableProps(explanation: string) {
  return {
    'aria-disabled': true,
    'aria-description': explanation,
    'aria-describedby': undefined,
    'data-read-only': '',
  } as const;
}
