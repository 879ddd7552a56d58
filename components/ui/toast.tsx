'use client';
// Owns transient notices: Radix Toast (announced politely, swipe/Escape to dismiss, a hotkey to reach them) behind useToast().
import { Toast as RadixToast } from 'radix-ui';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { focusRing } from './button';
import { cn } from './cn';
import { Close } from './icons';

export type ToastTone = 'success' | 'error' | 'info';

interface ToastItem {
  id: number;
  title: string;
  description?: string;
  tone: ToastTone;
}

type Notify = (toast: { title: string; description?: string; tone?: ToastTone }) => void;

const ToastContext = createContext<Notify | null>(null);

const TONES: Record<ToastTone, string> = {
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  error: 'border-red-200 bg-red-50 text-red-900',
  info: 'border-slate-200 bg-white text-slate-900',
};

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const notify = useCallback<Notify>(({ title, description, tone = 'info' }) => {
    setToasts((current) => [...current, { id: nextId++, title, description, tone }]);
  }, []);
  const value = useMemo(() => notify, [notify]);
  return (
    <ToastContext.Provider value={value}>
      <RadixToast.Provider swipeDirection="right" duration={6000}>
        {children}
        {toasts.map((toast) => (
          <RadixToast.Root
            key={toast.id}
            type={toast.tone === 'error' ? 'foreground' : 'background'}
            onOpenChange={(open) => {
              if (!open) setToasts((current) => current.filter((t) => t.id !== toast.id));
            }}
            className={cn('flex items-start gap-3 rounded-lg border p-4 shadow-lg', TONES[toast.tone])}
          >
            <div className="flex-1">
              <RadixToast.Title className="text-sm font-semibold">{toast.title}</RadixToast.Title>
              {toast.description ? (
                <RadixToast.Description className="mt-0.5 text-sm opacity-90">
                  {toast.description}
                </RadixToast.Description>
              ) : null}
            </div>
            <RadixToast.Close aria-label="Dismiss" className={cn('rounded p-1 hover:bg-black/5', focusRing)}>
              <Close />
            </RadixToast.Close>
          </RadixToast.Root>
        ))}
        <RadixToast.Viewport className="fixed right-0 bottom-0 z-[60] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

export function useToast(): Notify {
  const notify = useContext(ToastContext);
  if (!notify) throw new Error('useToast needs a <ToastProvider> above it');
  return notify;
}
