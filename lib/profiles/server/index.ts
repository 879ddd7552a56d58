// Owns the profiles area's server API: the only server file of profiles that route files, other areas and the
// composition root import. Files inside lib/profiles/server import each other directly, never through this one.
export { checkBeneficiary } from './beneficiary-kind';
export type { ProfileKind } from './common';
export { corridorRequirements } from './corridor';
export { exportBeneficiariesCsv } from './export';
export { createProfile, getProfile, listProfiles, submitProfile, updateProfile } from './profiles';
export { approveProfile, rejectProfile } from './review';
export { reviewProfileTask } from './review-task';
export { unseal } from './sealed';
export { generateBootstrapProfiles, seedProfiles } from './seed';
export { getSenderFileContent, listSenderFiles, uploadSenderFile } from './sender-files';
export {
  correctProfile,
  profileDetailsOf,
  requestableFields,
  requestProfileInformation,
} from './staff-review';
