// Owns which error envelope a path answers in: liquidity paths one way, every other API path the payouts way.
export type ApiArea = 'payouts' | 'liquidity';

export function areaOfPath(pathname: string): ApiArea {
  return pathname.startsWith('/api/v2/liquidity/') || pathname === '/api/v2/liquidity'
    ? 'liquidity'
    : 'payouts';
}
