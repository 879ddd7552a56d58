// Owns the minimal Next app's readiness check for bench:liquidity (the bench waits for it before measuring).
export const dynamic = 'force-dynamic';

export function GET(): Response {
  return Response.json({ status: 'ok' }, { headers: { 'cache-control': 'no-store' } });
}
