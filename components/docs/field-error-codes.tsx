// Owns the reference's list of the codes an error's `errors[]` entries carry, read from the document (FieldError.code).
import type { OpenApiDocument } from '@/lib/platform/openapi-types';
import { InlineMarkdown } from './inline-markdown';

export const FIELD_ERROR_CODES_ANCHOR = 'field-error-codes';

/** The `errors[].code` values the document lists, each with its meaning (`x-enumDescriptions`). */
export function fieldErrorCodesOf(document: OpenApiDocument): [string, string][] {
  const schema = document.components?.schemas?.FieldError as
    | { properties?: Record<string, { enum?: string[]; 'x-enumDescriptions'?: Record<string, string> }> }
    | undefined;
  const code = schema?.properties?.code;
  return (code?.enum ?? []).map((name) => [name, code?.['x-enumDescriptions']?.[name] ?? '']);
}

export function FieldErrorCodes({ document }: { document: OpenApiDocument }) {
  const codes = fieldErrorCodesOf(document);
  return (
    <section aria-labelledby={FIELD_ERROR_CODES_ANCHOR} className="space-y-3">
      <div className="space-y-1">
        <h2 id={FIELD_ERROR_CODES_ANCHOR} className="scroll-mt-6 text-lg font-semibold text-slate-900">
          Field error codes
        </h2>
        <p className="max-w-3xl text-sm leading-6 text-slate-600">
          What <code className="font-mono text-xs">errors[].code</code> can say about one field or row (400
          and 422, both envelopes). Branch on these, never on the message; new codes may appear within v2.
        </p>
      </div>
      <dl className="grid max-w-4xl grid-cols-1 gap-x-6 gap-y-1.5 text-sm sm:grid-cols-[max-content_1fr]">
        {codes.map(([name, meaning]) => (
          <div key={name} className="contents">
            <dt className="font-mono text-xs leading-6 text-slate-900">{name}</dt>
            <dd className="text-slate-600">
              <InlineMarkdown text={meaning} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
