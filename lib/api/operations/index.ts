// Every API operation, in the order the OpenAPI document lists them; a route file exists for each.
import { fundingOperations } from './funding';
import { liquidityOperations } from './liquidity';
import { metaOperations } from './meta';
import { getMyOrganization } from './organizations';
import { sandboxOperations } from './sandbox';

export const allOperations = [
  getMyOrganization,
  ...fundingOperations,
  ...liquidityOperations,
  ...sandboxOperations,
  ...metaOperations,
];
