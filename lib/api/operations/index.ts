// Every API operation, in the order the OpenAPI document lists them; a route file exists for each.
import type { Operation } from '@/lib/api/operation';
import { fundingOperations } from './funding';
import { metaOperations } from './meta';
import { getMyOrganization } from './organizations';

export const allOperations: readonly Operation[] = [
  getMyOrganization,
  ...fundingOperations,
  ...metaOperations,
];
