// Every API operation, in the order the OpenAPI document lists them; a route file exists for each.
import { fundingOperations } from './funding';
import { metaOperations } from './meta';
import { getMyOrganization } from './organizations';
import { profileOperations } from './profiles';
import { sandboxOperations } from './sandbox';

export const allOperations = [
  getMyOrganization,
  ...fundingOperations,
  ...profileOperations,
  ...sandboxOperations,
  ...metaOperations,
];
