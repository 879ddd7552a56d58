// Owns /docs/api/schemas: every named object of the API reference, each rendered once; field types link here.
import type { Metadata } from 'next';
import Link from 'next/link';
import { referenceData } from '@/components/docs/reference-data';
import { API_REFERENCE } from '@/components/docs/reference-paths';
import { SchemaList } from '@/components/docs/schema-list';
import { buildOpenApiDocument } from '@/lib/app/openapi/document';

export const metadata: Metadata = { title: 'Schemas · API reference' };

export default function ApiSchemasPage() {
  const { document, schemas } = referenceData(buildOpenApiDocument());
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <Link href={API_REFERENCE} className="text-sm text-accent-700 underline">
          API reference
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Schemas</h1>
        <p className="max-w-3xl text-sm leading-6 text-slate-600">
          The objects the API answers with and the values of its enumerations, each once.
        </p>
      </header>
      <SchemaList document={document} names={schemas} />
    </div>
  );
}
