// Owns where the button comes from: its classes (usable in server components, e.g. a Link with the button's look)
// and the Button component (a client component: it knows whether the page is read-only).
export { type ButtonSize, type ButtonVariant, buttonClasses, focusRing } from './button-classes';
export { Button, type ButtonProps } from './button-client';
