// The minimal Next app bench:liquidity builds to measure Next's own cost for the baseline's work (see README.md).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import appConfig from '../../next.config.mjs';

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** @type {import('next').NextConfig} */
const nextConfig = {
  // The app's own settings (externals and all), so only the app's size and wrapper differ between the two.
  ...appConfig,
  // Its route imports the repository's lib/ and db/; the repository's `tsc --noEmit` type-checks it.
  turbopack: { root: repository },
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
