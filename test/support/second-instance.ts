// A second "server instance" for tests: another process, its own pool and caches, the same database.
// Reads {credentials, count, path} as JSON from argv, sends `count` signed requests, prints the statuses as JSON.
import { apiClient } from '../api';

const { credentials, count, path } = JSON.parse(process.argv[2] ?? '{}') as {
  credentials: Parameters<typeof apiClient>[0];
  count: number;
  path: string;
};
const client = apiClient(credentials);
const statuses: number[] = [];
for (let i = 0; i < count; i += 1) statuses.push((await client.send('GET', path)).status);
process.stdout.write(`${JSON.stringify(statuses)}\n`);
process.exit(0);
