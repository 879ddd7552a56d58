// Owns answering a requirements request: the corridor's fields, or a `bad_request` that says which currencies the
// country takes.
import { ApiError } from '@/lib/platform/errors/api-error';
import {
  beneficiaryRequirements,
  type CorridorRequirements,
  unsupportedCorridorMessage,
} from '../contract/requirements';

export function corridorRequirements(
  currency: string,
  country: string,
  residenceCountry?: string,
): CorridorRequirements {
  const requirements = beneficiaryRequirements(currency, country, residenceCountry);
  if (!requirements) {
    throw ApiError.businessRule(unsupportedCorridorMessage(currency.toUpperCase(), country.toUpperCase()), {
      code: 'unsupported_corridor',
      param: 'currency',
    });
  }
  return requirements;
}
