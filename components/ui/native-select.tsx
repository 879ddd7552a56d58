'use client';
// Owns the native select: the browser's own keyboard and screen-reader support, cheap enough for one per table row,
// in the product's look and wired to the surrounding <Field>.
import type { ComponentProps } from 'react';
import { cn } from './cn';
import { useField } from './field';
import { controlClasses } from './input';

export function NativeSelect({ ref, className, id, ...props }: ComponentProps<'select'>) {
  const field = useField(id);
  return <select ref={ref} {...field} {...props} className={cn(controlClasses, 'h-10', className)} />;
}
