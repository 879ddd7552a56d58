// Owns the side-by-side examples of the two error envelopes, rendered by the server's own error renderer.

import { createSandboxDepositBody } from '@/lib/funding/contract/schemas';
import { ApiError } from '@/lib/platform/errors/api-error';
import { fieldErrorsFromZod } from '@/lib/platform/errors/field-errors';
import { errorBody } from '@/lib/platform/http/render-error';
import { JsonBlock } from './code-block';

// A real refusal of a real schema, so the example is exactly what the server answers.
const refused = createSandboxDepositBody.safeParse({ amount: '0.1234567', chain: '' });
const validation = ApiError.validation(refused.success ? [] : fieldErrorsFromZod(refused.error));
const unauthorized = new ApiError('unauthorized', 'Invalid or missing credentials');

export function ErrorEnvelopeExamples() {
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <div className="space-y-2">
        <p className="text-sm text-slate-700">
          <strong className="font-semibold text-slate-900">Payouts envelope</strong>: every{' '}
          <code className="font-mono text-xs">/api/v2</code> path outside{' '}
          <code className="font-mono text-xs">/api/v2/liquidity/</code>.
        </p>
        <JsonBlock label="401" value={errorBody('payouts', unauthorized)} />
        <JsonBlock label="422: one message per failing field" value={errorBody('payouts', validation)} />
      </div>
      <div className="space-y-2">
        <p className="text-sm text-slate-700">
          <strong className="font-semibold text-slate-900">Liquidity envelope</strong>: every path under{' '}
          <code className="font-mono text-xs">/api/v2/liquidity/</code>.
        </p>
        <JsonBlock label="401" value={errorBody('liquidity', unauthorized)} />
        <JsonBlock
          label="422: param names the first failing field"
          value={errorBody('liquidity', validation)}
        />
      </div>
    </div>
  );
}
