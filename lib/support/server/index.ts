// Owns the support area's server API: the only server file of support that route files, other areas and the
// composition root import. Files inside lib/support/server import each other directly, never through this one.
export { exportViewsCsv, listAllViews, listOrganizationAccessLog } from './access-log';
export { getOrganizationDetail, searchOrganizations } from './directory';
export { listEmailProblems, resendEmailProblem, resolveEmailProblem } from './emails';
export { expireSupportViewsTask } from './expire-views-task';
export { getStaffMe } from './get-staff-me';
export { openClientOrganization } from './open-organization';
export { correctReviewProfile, requestReviewInformation } from './review-actions';
export { decideReview, getReviewFile, openReviewProfile, openReviewQueue } from './reviews';
export {
  changeStaffRoles,
  createStaffLead,
  disableStaff,
  inviteStaff,
  listStaff,
} from './staff';
export {
  listStaffReads,
  readAcrossOrganizationsForStaff,
  readForStaff,
  recordStaffRead,
} from './staff-reads';
export { currentView, endView, endViewOnSignOut, recordViewRead, startView } from './views';
