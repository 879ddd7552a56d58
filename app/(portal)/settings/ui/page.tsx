// Owns the hidden page that shows every UI primitive (not in the navigation): a living reference for the pages' authors.
import type { Metadata } from 'next';
import { PageHeader } from '@/components/layout/page-header';
import { PrimitivesGallery } from '@/components/settings/primitives-gallery';

export const metadata: Metadata = { title: 'UI primitives', robots: { index: false } };

export default function PrimitivesPage() {
  return (
    <>
      <PageHeader
        title="UI primitives"
        description="Every building block of the portal's pages, with its states. Import each from components/ui/<name>."
      />
      <PrimitivesGallery />
    </>
  );
}
