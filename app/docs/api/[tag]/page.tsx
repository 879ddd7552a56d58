// Owns /docs/api/<tag>: the operations of one tag of the API reference, each with its access rules, parameters,
// bodies and errors (named schemas link to /docs/api/schemas, shared errors to /docs/api).
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { OperationSection } from '@/components/docs/operation-section';
import { referenceData } from '@/components/docs/reference-data';
import { ReferencePageHeader } from '@/components/docs/reference-page-header';
import { tagSlug } from '@/components/docs/reference-paths';
import { buildOpenApiDocument } from '@/lib/app/openapi/document';

type Props = { params: Promise<{ tag: string }> };

function groupOf(slug: string) {
  const { document, groups } = referenceData(buildOpenApiDocument());
  const group = groups.find(({ tag }) => tagSlug(tag) === slug);
  return group ? { document, ...group } : undefined;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const group = groupOf((await params).tag);
  return { title: group ? `${group.tag} · API reference` : 'API reference' };
}

export default async function ApiTagPage({ params }: Props) {
  const group = groupOf((await params).tag);
  if (!group) notFound();
  const { document, tag, operations } = group;
  const description = (document.tags ?? []).find((candidate) => candidate.name === tag)?.description;
  return (
    <div className="space-y-6">
      <ReferencePageHeader title={tag} lead={description} />
      {operations.map((entry) => (
        <OperationSection key={`${entry.method} ${entry.path}`} document={document} entry={entry} />
      ))}
    </div>
  );
}
