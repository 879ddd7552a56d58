'use client';
// Owns the permanent banner of a support "view as organization": which organization, read-only, the reason, the time
// left, and Exit. It cannot be dismissed; when the time is up the page reloads into the console.
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { apiFetch } from '@/lib/platform/browser/api';
import { endSupportViewOperation } from '@/lib/support/contract/routes';

function timeLeft(expiresAt: string, now: number): string {
  const seconds = Math.max(0, Math.floor((Date.parse(expiresAt) - now) / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

export function SupportViewBanner({
  organizationName,
  reason,
  expiresAt,
}: {
  organizationName: string;
  reason: string;
  expiresAt: string;
}) {
  const [now, setNow] = useState<number | null>(null);
  const [leaving, setLeaving] = useState(false);
  const banner = useRef<HTMLElement>(null);

  // The portal's sidebar sits below this sticky banner and is as tall as what is left of the screen, so its foot
  // (Sign out) stays in view: publish the banner's height (it wraps on narrow screens) as a CSS variable.
  useEffect(() => {
    const element = banner.current;
    if (!element) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty('--view-banner-height', `${element.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--view-banner-height');
    };
  }, []);

  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const expired = now !== null && Date.parse(expiresAt) <= now;
  useEffect(() => {
    // The server stops honouring the view at its expiry; take the user back to the console.
    if (expired) window.location.assign('/support');
  }, [expired]);

  const exit = async () => {
    setLeaving(true);
    try {
      await apiFetch(endSupportViewOperation, {});
    } catch {
      // Already ended (expired, or exited in another tab): the console is the right place either way.
    }
    window.location.assign('/support');
  };

  return (
    <section
      ref={banner}
      aria-label="Support view"
      data-testid="support-view-banner"
      className="sticky top-0 z-50 flex flex-wrap items-center justify-between gap-3 border-b-4 border-amber-500 bg-amber-100 px-4 py-2 text-sm text-amber-950"
    >
      <p className="min-w-0">
        <strong className="font-semibold">Viewing {organizationName}</strong> as support ·{' '}
        <strong className="font-semibold uppercase">read-only</strong> · Reason: <span>{reason}</span> · Time
        left:{' '}
        <span className="tabular-nums" data-testid="support-view-time-left">
          {now === null ? '…' : timeLeft(expiresAt, now)}
        </span>
      </p>
      <Button size="sm" variant="secondary" busy={leaving} onClick={exit}>
        Exit view
      </Button>
    </section>
  );
}
