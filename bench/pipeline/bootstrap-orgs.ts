// Owns the pipeline's organizations: `sandbox bootstrap` (the CLI's service) N times on the cluster's database, printed
// as one JSON array (credentials, profiles) for the harness. Run by bench/pipeline/cluster.ts's runScript. Quotes need
// a rate and a corridor per currency: the demo seed's, inserted when the database has none (the whole demo seed takes
// minutes on a loaded machine and adds nothing the pipeline measures).
import '@/lib/app/register';
import { eq } from 'drizzle-orm';
import { withDatabase } from '../../scripts/with-database';

const count = Number(process.argv[2] ?? '1');
await withDatabase(async () => {
  const { db } = await import('@/db/client');
  const { corridors, fxRates } = await import('@/db/schema/pricing');
  const { DEMO_CORRIDORS, DEMO_CURRENCIES, DEMO_FX_RATES } = await import('@/lib/pricing/server');
  const { bootstrapSandboxOrganization } = await import('@/lib/app/sandbox-bootstrap');
  const effectiveAt = new Date(Date.now() - 86_400_000);
  for (const currency of DEMO_CURRENCIES) {
    const existing = await db()
      .select({ id: corridors.id })
      .from(corridors)
      .where(eq(corridors.currency, currency));
    if (existing.length > 0) continue;
    await db()
      .insert(fxRates)
      .values({ currency, unitsPerUsdt: DEMO_FX_RATES[currency], source: 'seed', effectiveAt });
    const spec = DEMO_CORRIDORS[currency];
    await db()
      .insert(corridors)
      .values({
        name: spec.name,
        currency,
        status: 'ACTIVE',
        minAmount: spec.minAmount,
        maxAmount: spec.maxAmount,
        ...spec.fees,
      });
  }
  const organizations = [];
  for (let i = 0; i < count; i += 1) organizations.push(await bootstrapSandboxOrganization());
  process.stdout.write(`${JSON.stringify(organizations)}\n`);
});
process.exit(0);
