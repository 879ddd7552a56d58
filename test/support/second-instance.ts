// A second "server instance" for tests: another process, its own pool and caches, the same database.
// Reads {credentials, count, path, clockOffsetMs?} as JSON from argv, moves its clock as far as the test moved its own,
// sends `count` signed requests, prints the statuses as JSON.
import { advanceClock } from '@/lib/platform/clock';
import { apiClient } from '../api';

const { credentials, count, path, clockOffsetMs } = JSON.parse(process.argv[2] ?? '{}') as {
  credentials: Parameters<typeof apiClient>[0];
  count: number;
  path: string;
  clockOffsetMs?: number;
};
if (clockOffsetMs) advanceClock(clockOffsetMs);
const client = apiClient(credentials);
const statuses: number[] = [];
for (let i = 0; i < count; i += 1) statuses.push((await client.send('GET', path)).status);
process.stdout.write(`${JSON.stringify(statuses)}\n`);
process.exit(0);
