// Owns the table of a schema's fields (name, type, required, description) for request and response bodies.

import { Table } from '@/components/ui/table';
import { InlineMarkdown } from './inline-markdown';
import type { FieldRow } from './openapi-view';
import { schemaHref } from './reference-paths';

export function FieldsTable({ rows, caption }: { rows: FieldRow[]; caption?: string }) {
  if (rows.length === 0) return <p className="text-sm text-slate-500">No fields.</p>;
  return (
    <Table columns={['Field', 'Type', 'Required', 'Description']} caption={caption}>
      {rows.map((row) => (
        <tr key={row.name} className="align-top">
          <td className="whitespace-nowrap px-3 py-2 font-mono text-xs text-slate-900">
            <span style={{ paddingLeft: `${row.depth * 0.75}rem` }}>{row.name}</span>
          </td>
          <td className="px-3 py-2 font-mono text-xs text-slate-700">
            {row.schema ? (
              <a href={schemaHref(row.schema)} className="text-accent-700 underline">
                {row.type}
              </a>
            ) : (
              row.type
            )}
            {row.nullable ? <span className="text-slate-500"> | null</span> : null}
          </td>
          <td className="px-3 py-2 text-xs">
            {row.required ? (
              <span className="font-medium text-slate-900">yes</span>
            ) : (
              <span className="text-slate-500">no</span>
            )}
          </td>
          <td className="px-3 py-2 text-xs leading-5 text-slate-600">
            {row.description ? <InlineMarkdown text={row.description} /> : null}
            {row.constraints.length > 0 ? (
              <div className="mt-0.5 font-mono text-[0.7rem] text-slate-500">
                {row.constraints.join(' · ')}
              </div>
            ) : null}
          </td>
        </tr>
      ))}
    </Table>
  );
}
