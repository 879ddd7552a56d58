// Owns /docs/api/schemas: every named object of the API reference, each rendered once; field types link here.
import type { Metadata } from 'next';
import { referenceData } from '@/components/docs/reference-data';
import { ReferencePageHeader } from '@/components/docs/reference-page-header';
import { SchemaList } from '@/components/docs/schema-list';
import { buildOpenApiDocument } from '@/lib/app/openapi/document';

export const metadata: Metadata = { title: 'Schemas · API reference' };

export default function ApiSchemasPage() {
  const { document, schemas } = referenceData(buildOpenApiDocument());
  return (
    <div className="space-y-6">
      <ReferencePageHeader
        title="Schemas"
        lead="The objects the API answers with and the values of its enumerations, each once."
      />
      <SchemaList document={document} names={schemas} />
    </div>
  );
}
