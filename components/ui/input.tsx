'use client';
// Owns text inputs and text areas: one look, wired to the surrounding <Field> for label, hint and error.
import { forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn';
import { useField } from './field';

export const controlClasses =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-accent-600 focus:outline-none focus:ring-2 focus:ring-accent-600/30 disabled:bg-slate-50 disabled:text-slate-500 aria-invalid:border-red-500 aria-invalid:ring-red-500/30';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, id, ...props },
  ref,
) {
  const field = useField(id);
  return <input ref={ref} {...field} {...props} className={cn(controlClasses, 'h-10', className)} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function Textarea({ className, id, ...props }, ref) {
    const field = useField(id);
    return <textarea ref={ref} {...field} {...props} className={cn(controlClasses, className)} />;
  },
);
