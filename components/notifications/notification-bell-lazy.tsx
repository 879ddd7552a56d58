'use client';
// Owns loading the notification bell after the page: its queries and panel are not in any page's first load (DESIGN:
// the bell loads lazily, so every page stays under its weight budget). Until it arrives, a placeholder of its size.
import dynamic from 'next/dynamic';

export const NotificationBellLazy = dynamic(
  () => import('./notification-bell').then((module) => module.NotificationBell),
  { ssr: false, loading: () => <span className="inline-block size-9" aria-hidden="true" /> },
);
