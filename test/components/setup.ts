// Owns what every component test shares: the DOM emptied after each test, and the browser APIs happy-dom lacks that
// the Radix primitives call.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// The first validation of a file waits for its lazily imported zod schema, which on a busy two-core machine can
// take longer than Testing Library's default second.
configure({ asyncUtilTimeout: 10_000 });

// Radix's popper and scroll-into-view calls: absent in happy-dom, harmless to stub.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
