'use client';
// Owns what a page outside the portal shows when it fails to render.
import { PageError } from '@/components/layout/page-error';

export default function RootError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <PageError {...props} />;
}
