// Owns the table of an operation's parameters: path, query and header, with their types and constraints.

import { Table } from '@/components/ui/table';
import type { OpenApiDocument, ParameterOrRef } from '@/lib/platform/openapi-types';
import { InlineMarkdown } from './inline-markdown';
import { resolveRef, type SchemaNode, typeLabel } from './openapi-view';

interface ParameterNode {
  name?: string;
  in?: string;
  required?: boolean;
  description?: string;
  schema?: SchemaNode;
}

function details(schema: SchemaNode | undefined): string[] {
  if (!schema) return [];
  const found: string[] = [];
  if (schema.enum) found.push(`one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  if (schema.minimum !== undefined) found.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) found.push(`≤ ${schema.maximum}`);
  if (schema.maxLength !== undefined) found.push(`max length ${schema.maxLength}`);
  if (schema.default !== undefined) found.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.example !== undefined) found.push(`e.g. ${JSON.stringify(schema.example)}`);
  return found;
}

export function ParametersTable({
  document,
  parameters,
}: {
  document: OpenApiDocument;
  parameters: ParameterOrRef[];
}) {
  const rows = parameters.map((parameter) => resolveRef<ParameterNode>(document, parameter));
  return (
    <Table columns={['Name', 'In', 'Type', 'Required', 'Description']}>
      {rows.map((parameter) => {
        const constraints = details(parameter.schema);
        return (
          <tr key={`${parameter.in}:${parameter.name}`} className="align-top">
            <td className="whitespace-nowrap px-3 py-2 font-mono text-xs text-slate-900">{parameter.name}</td>
            <td className="px-3 py-2 text-xs text-slate-600">{parameter.in}</td>
            <td className="px-3 py-2 font-mono text-xs text-slate-700">
              {parameter.schema ? typeLabel(document, parameter.schema) : 'string'}
            </td>
            <td className="px-3 py-2 text-xs">
              {parameter.required ? (
                <span className="font-medium text-slate-900">yes</span>
              ) : (
                <span className="text-slate-500">no</span>
              )}
            </td>
            <td className="px-3 py-2 text-xs leading-5 text-slate-600">
              {parameter.description ? <InlineMarkdown text={parameter.description} /> : null}
              {constraints.length > 0 ? (
                <div className="mt-0.5 font-mono text-[0.7rem] text-slate-500">{constraints.join(' · ')}</div>
              ) : null}
            </td>
          </tr>
        );
      })}
    </Table>
  );
}
