'use client';
// Owns copying a value to the clipboard: one click, a visible and announced "Copied", a fallback when the API is missing.
import { useEffect, useState } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from './button';
import { Check, Copy } from './icons';

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

export function CopyButton({
  value,
  label = 'Copy',
  variant = 'secondary',
  size = 'sm',
  className,
}: {
  value: string;
  /** Accessible name, e.g. "Copy TRON address". */
  label?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        aria-label={label}
        onClick={() =>
          writeClipboard(value).then(
            () => setState('copied'),
            () => setState('failed'),
          )
        }
      >
        {state === 'copied' ? <Check /> : <Copy />}
        <span aria-hidden="true">
          {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}
        </span>
      </Button>
      <span role="status" className="sr-only">
        {state === 'copied' ? 'Copied to the clipboard' : state === 'failed' ? 'Could not copy' : ''}
      </span>
    </>
  );
}
