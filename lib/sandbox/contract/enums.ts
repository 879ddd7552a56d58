// Owns the enumerations of the email outbox as the sandbox portal knows them: platform's now (the outbox serves the
// SMTP adapter too), re-exported so the sandbox's importers keep working.

export { EMAIL_KINDS, type EmailKind } from '@/lib/platform/enums';
