// Every API operation, in the order the OpenAPI document lists them; a route file exists for each.
import { fundingOperations } from './funding';
import { metaOperations } from './meta';
import { getMyOrganization } from './organizations';
import { sandboxOperations } from './sandbox';
import { eventOperations, webhookOperations } from './webhooks';

export const allOperations = [
  getMyOrganization,
  ...fundingOperations,
  ...webhookOperations,
  ...eventOperations,
  ...sandboxOperations,
  ...metaOperations,
];
