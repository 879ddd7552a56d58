'use client';
// Owns drawing a QR code locally as SVG (the qrcode package, loaded only when a code is shown): no address leaves the browser.
import { useEffect, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';

export function QrCode({ value, label, size = 144 }: { value: string; label: string; size?: number }) {
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    import('qrcode')
      .then((qr) => qr.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((markup) => {
        if (!cancelled) setSvg(markup);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [value]);
  if (failed) return <p className="text-xs text-red-700">Could not draw the QR code.</p>;
  if (!svg) return <Skeleton className="rounded-md" />;
  return (
    <div
      role="img"
      aria-label={label}
      data-testid="qr-code"
      style={{ width: size, height: size }}
      className="shrink-0 rounded-md border border-slate-200 bg-white p-1 [&>svg]:size-full"
      // The markup is qrcode's own SVG output for a string we pass in; it contains no user HTML.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: generated SVG from the qrcode library
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
