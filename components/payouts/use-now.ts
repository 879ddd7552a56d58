'use client';
// Owns "now" for pages that decide by a deadline (quote expired, order overdue): ticks in the browser only.
import { useEffect, useState } from 'react';

export function useNow(intervalMs: number): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
