// Every API operation, in the order the OpenAPI document lists them; a route file exists for each.
import { fundingOperations } from './funding';
import { metaOperations } from './meta';
import { getMyOrganization } from './organizations';
import { payoutsOperations } from './payouts';
import { sandboxOperations } from './sandbox';

export const allOperations = [
  getMyOrganization,
  ...fundingOperations,
  ...payoutsOperations,
  ...sandboxOperations,
  ...metaOperations,
];
