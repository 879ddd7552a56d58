// Every API operation, in the order the OpenAPI document lists them; a route file exists for each.
import type { Operation } from '@/lib/api/operation';
import { fundingOperations } from './funding';
import { metaOperations } from './meta';
import { getMyOrganizationOperation } from './organizations';
import { sandboxOperations } from './sandbox';
import { sessionOperations } from './session';
import { getAccessLogOperation, supportOperations, supportPricingOperations } from './support';

export const allOperations: readonly Operation[] = [
  getMyOrganizationOperation,
  getAccessLogOperation,
  ...fundingOperations,
  ...sandboxOperations,
  ...sessionOperations,
  ...supportOperations,
  ...supportPricingOperations,
  ...metaOperations,
];
