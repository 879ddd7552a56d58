'use client';
// Owns the client-side providers every page shares: one react-query client per tab, the locale, toasts,
// and the rule that an API answer of 401 (the session ended) sends the user to sign-in and back.
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { signInUrl } from '@/components/layout/sign-in-redirect';
import { LocaleProvider } from '@/components/ui/locale';
import { ToastProvider } from '@/components/ui/toast';
import { PayoutApiError } from '@/lib/platform/browser/api';

function onApiError(error: unknown) {
  if (error instanceof PayoutApiError && error.status === 401 && typeof window !== 'undefined') {
    window.location.assign(signInUrl());
  }
}

export function Providers({ children, locale }: { children: ReactNode; locale: string }) {
  const [client] = useState(
    () =>
      new QueryClient({
        queryCache: new QueryCache({ onError: onApiError }),
        mutationCache: new MutationCache({ onError: onApiError }),
        defaultOptions: {
          // Money on screen should not be minutes old: refetch when the tab regains focus.
          queries: {
            staleTime: 10_000,
            refetchOnWindowFocus: true,
            // A refusal will not change on retry; a network blip or 5xx may.
            retry: (count, error) => count < 1 && !(error instanceof PayoutApiError && error.status < 500),
          },
        },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <LocaleProvider locale={locale}>
        <ToastProvider>{children}</ToastProvider>
      </LocaleProvider>
    </QueryClientProvider>
  );
}
