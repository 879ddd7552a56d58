// Owns the Schemas section of the API reference: each named schema the page links to, rendered once.
import type { OpenApiDocument } from '@/lib/platform/openapi-types';
import { FieldsTable } from './fields-table';
import { InlineMarkdown } from './inline-markdown';
import { fieldRows, type SchemaNode, schemaAnchor, schemaRefOf, typeLabel } from './openapi-view';
import { schemaHref } from './reference-paths';

function constraintText(schema: SchemaNode): string | null {
  if (schema.enum && schema.enum.length > 1)
    return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  if (schema.pattern) return `pattern ${schema.pattern}`;
  return null;
}

export function SchemaList({ document, names }: { document: OpenApiDocument; names: readonly string[] }) {
  const schemas = (document.components?.schemas ?? {}) as Record<string, SchemaNode>;
  return (
    <div className="space-y-3">
      {names.map((name) => {
        const schema = schemas[name] ?? {};
        const rows = fieldRows(document, schema);
        const variants = (schema.anyOf ?? schema.oneOf ?? []).map(schemaRefOf).filter(Boolean) as string[];
        const constraint = constraintText(schema);
        return (
          <article
            key={name}
            id={schemaAnchor(name)}
            aria-labelledby={`${schemaAnchor(name)}-name`}
            className="scroll-mt-6 space-y-2 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <h3 id={`${schemaAnchor(name)}-name`} className="font-mono text-sm font-semibold text-slate-900">
              {name}
            </h3>
            {schema.description ? (
              <p className="text-sm text-slate-600">
                <InlineMarkdown text={schema.description} />
              </p>
            ) : null}
            {rows.length > 0 ? (
              <FieldsTable rows={rows} caption={`Fields of ${name}`} />
            ) : variants.length > 0 ? (
              <p className="text-sm text-slate-700">
                One of:{' '}
                {variants.map((variant, index) => (
                  <span key={variant}>
                    {index > 0 ? ' | ' : null}
                    <a href={schemaHref(variant)} className="font-mono text-accent-700 underline">
                      {variant}
                    </a>
                  </span>
                ))}
              </p>
            ) : (
              <p className="font-mono text-xs text-slate-700">
                {typeLabel(document, schema)}
                {constraint ? <span className="text-slate-500"> · {constraint}</span> : null}
              </p>
            )}
          </article>
        );
      })}
    </div>
  );
}
