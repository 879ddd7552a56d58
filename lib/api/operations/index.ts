// Every API operation, in the order the OpenAPI document lists them; a route file exists for each.
import type { Operation } from '@/lib/api/operation';
import { fundingOperations } from './funding';
import { liquidityOperations } from './liquidity';
import { metaOperations } from './meta';
import { getMyOrganizationOperation } from './organizations';
import { sandboxOperations } from './sandbox';
import { sessionOperations } from './session';
import { supportOperations } from './support';

export const allOperations: readonly Operation[] = [
  getMyOrganizationOperation,
  ...fundingOperations,
  ...liquidityOperations,
  ...sandboxOperations,
  ...sessionOperations,
  ...supportOperations,
  ...metaOperations,
];
