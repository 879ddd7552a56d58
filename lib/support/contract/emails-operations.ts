// Owns the declarations of the support console's email problems (audience staff, role support or above).
import { defineOperation } from '@/lib/platform/operations/operation';
import { listEnvelopeSchema } from '@/lib/platform/pagination';
import {
  emailProblemParams,
  emailProblemSchema,
  emailProblemsQuery,
  resendEmailResultSchema,
  resolveEmailBody,
} from '@/lib/support/contract/emails-schemas';

export const listEmailProblemsOperation = defineOperation({
  id: 'listEmailProblems',
  method: 'GET',
  path: '/api/v2/support/emails',
  summary: 'Emails that need staff: failed, or unknown after a lost connection, newest first',
  description:
    'Outbox messages of the SMTP adapter that no one has resolved yet: recipient, kind, subject, state, last error and when, never a body. A message the server never accepted is retried by itself; one it refused for good, or that ran out of attempts, is `failed`; one whose connection was lost after the data was handed over is `unknown` (it may have arrived, so it is never sent twice by itself).',
  tags: ['Staff and onboarding'],
  audience: 'staff',
  query: emailProblemsQuery,
  response: {
    status: 200,
    description: 'A page of messages that need staff',
    schema: listEnvelopeSchema(emailProblemSchema),
  },
});

export const resendEmailProblemOperation = defineOperation({
  id: 'resendEmailProblem',
  method: 'POST',
  path: '/api/v2/support/emails/{emailId}/resend',
  summary: 'Send a failed or unknown email again, as a fresh copy',
  description:
    'Queues a fresh copy of the message for delivery and closes this one as `resent` (audited). For an `unknown` message the recipient may then get it twice. Only while its body is kept (`can_resend`); otherwise 409 `invalid_state`: the sender must trigger it again (invite again, request a new reset link). A message already resolved, or not failed or unknown, is 409 as well.',
  tags: ['Staff and onboarding'],
  audience: 'staff',
  idempotent: false,
  params: emailProblemParams,
  errors: ['resource_not_found', 'invalid_state', 'forbidden'],
  response: { status: 201, description: 'The message and its fresh copy', schema: resendEmailResultSchema },
});

export const resolveEmailProblemOperation = defineOperation({
  id: 'resolveEmailProblem',
  method: 'POST',
  path: '/api/v2/support/emails/{emailId}/resolve',
  summary: 'Mark a failed or unknown email resolved, saying how',
  description:
    'Closes the message without sending anything (the recipient confirmed receipt, the sender re-triggered it, the address was wrong), audited with the note. A message already resolved, or not failed or unknown, is 409 `invalid_state`.',
  tags: ['Staff and onboarding'],
  audience: 'staff',
  idempotent: false,
  params: emailProblemParams,
  body: resolveEmailBody,
  errors: ['resource_not_found', 'invalid_state', 'forbidden'],
  response: { status: 200, description: 'The message, resolved', schema: emailProblemSchema },
});

export const supportEmailOperations = [
  listEmailProblemsOperation,
  resendEmailProblemOperation,
  resolveEmailProblemOperation,
];
