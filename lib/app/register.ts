// Owns handing platform what only the composition root can assemble — the event catalogue, the task list and the
// sweep list — once per process: each of those modules provides itself when it loads, and this one loads all three.
// Every entry imports it: route files (through lib/app/handle.ts), instrumentation.ts, the worker, the seed and the
// integration tests' setup.
import './event-catalogue';
import './sweep-list';
import './task-list';
