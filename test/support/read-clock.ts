// Another process reading an organization's sandbox clock through its own connection: argv[2] is the organization id.
import { closeDb, db } from '@/db/client';
import { organizationNow } from '@/lib/platform/clock';

const at = await organizationNow(db(), process.argv[2]!);
process.stdout.write(`${JSON.stringify({ now: at.toISOString() })}\n`);
await closeDb();
process.exit(0);
