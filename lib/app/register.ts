// Owns handing platform and the areas what only the composition root can assemble, once per process: the adapters'
// implementations, the event catalogue, the task list and the sweep list (each of those modules provides itself when it loads; this one loads all
// three), and the areas' reactions to one another (support ends a "view as" when its staff member signs out; notifications
// tell people about recorded events; funding derives a new organization's EVM deposit address).
// Every entry imports it: route files (through lib/app/handle.ts), instrumentation.ts, the worker, the seed and the
// integration tests' setup.
import { deriveFundingAddress } from '@/lib/funding/server';
import { provideOrganizationCreatedHooks, provideSignOutHooks } from '@/lib/identity/server';
import { notifyOnEvent } from '@/lib/notifications/server';
import { provideEventListeners } from '@/lib/platform/events/listeners';
import { endViewOnSignOut } from '@/lib/support/server';
import './adapters';
import './event-catalogue';
import './sweep-list';
import './task-list';

provideSignOutHooks([endViewOnSignOut]);
// Opening an organization under EVM custody derives its deposit address in the same transaction.
provideOrganizationCreatedHooks([deriveFundingAddress]);
// What is told to whom, written in the transaction of each event (lib/platform/events/record-event.ts).
provideEventListeners([notifyOnEvent]);
