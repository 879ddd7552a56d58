// Owns the notifications area's server API: the only server file of notifications that route files, other areas and
// the composition root import. Files inside lib/notifications/server import each other directly, never through this one.
export { notifyOnEvent } from './fan-out';
export { listNotifications, readAllNotifications, readerOf, readNotification } from './inbox';
export { getNotificationPreferences, updateNotificationPreferences } from './preferences';
