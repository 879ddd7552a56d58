'use client';
// Owns the bell in the portal's header: the unread count (announced to screen readers when it changes), a panel of
// the latest notifications, each linking to the page to act on, and marking one or all read.
import { useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useEffect, useId, useRef, useState } from 'react';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { DateTime } from '@/components/ui/date-time';
import { Bell } from '@/components/ui/icons';
import {
  listNotificationsOperation,
  readAllNotificationsOperation,
  readNotificationOperation,
} from '@/lib/notifications/contract/routes';
import { apiFetch } from '@/lib/platform/browser/api';
import { useApiQuery } from '@/lib/platform/browser/queries';

/** How often the count is refreshed while the page is open. */
const REFRESH_MS = 60_000;
const RECENT = '10';

function unreadWords(count: number): string {
  if (count === 0) return 'No unread notifications';
  return count === 1 ? '1 unread notification' : `${count} unread notifications`;
}

export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const unread = useApiQuery(
    listNotificationsOperation,
    { query: { unread: 'true', limit: '1' } },
    { refetchInterval: REFRESH_MS },
  );
  const recent = useApiQuery(listNotificationsOperation, { query: { limit: RECENT } }, { enabled: open });
  const count = unread.data?.meta.total ?? 0;

  // Closes on Escape and on a click outside, as a menu does.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    const onClick = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: [listNotificationsOperation.id] });
  const markRead = async (id: string) => {
    await apiFetch(readNotificationOperation, { params: { notificationId: id } });
    await refresh();
  };
  const markAllRead = async () => {
    await apiFetch(readAllNotificationsOperation);
    await refresh();
  };

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-label={`Notifications, ${unreadWords(count).toLowerCase()}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
        className={cn(
          'relative inline-flex size-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900',
          focusRing,
        )}
      >
        <Bell className="size-5" />
        {count > 0 ? (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-semibold text-white"
          >
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </button>
      {/* The count as words, told when it changes. */}
      <span className="sr-only" aria-live="polite">
        {unread.data ? unreadWords(count) : ''}
      </span>
      {open ? (
        <section
          id={panelId}
          aria-label="Notifications"
          // Phone and tablet: under the top bar, from the right edge (the full width on a phone); laptop: beside the sidebar.
          className="fixed top-14 right-2 left-2 z-40 max-h-[70dvh] overflow-y-auto rounded-lg border border-slate-200 bg-white shadow-lg sm:left-auto sm:w-96 lg:absolute lg:top-11 lg:right-auto lg:left-0"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
            <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
            <button
              type="button"
              onClick={() => void markAllRead()}
              disabled={count === 0}
              className={cn('text-sm text-accent-700 hover:underline disabled:text-slate-400', focusRing)}
            >
              Mark all read
            </button>
          </div>
          {recent.isPending ? (
            <p className="px-4 py-6 text-sm text-slate-500">Loading…</p>
          ) : recent.isError ? (
            <p className="px-4 py-6 text-sm text-red-700">Notifications could not be loaded.</p>
          ) : recent.data.items.length === 0 ? (
            <p className="px-4 py-6 text-sm text-slate-500">Nothing yet.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {recent.data.items.map((item) => (
                <li key={item.id} className={cn('px-4 py-3', item.read_at ? '' : 'bg-accent-50')}>
                  <Link
                    href={item.link}
                    onClick={() => {
                      setOpen(false);
                      if (!item.read_at) void markRead(item.id);
                    }}
                    className={cn('block text-sm font-medium text-slate-900 hover:underline', focusRing)}
                  >
                    {item.title}
                  </Link>
                  <p className="mt-1 text-sm break-words text-slate-600">{item.body}</p>
                  <div className="mt-1 flex items-center justify-between gap-2 text-xs text-slate-500">
                    <DateTime value={item.created_at} />
                    {item.read_at ? null : (
                      <button
                        type="button"
                        onClick={() => void markRead(item.id)}
                        className={cn('text-accent-700 hover:underline', focusRing)}
                      >
                        Mark read<span className="sr-only">: {item.title}</span>
                      </button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}
