'use client';
// Owns what a portal page shows when it fails to render: the frame stays, the page says so and offers a retry.
import { PageError } from '@/components/layout/page-error';

export default function PortalError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <PageError {...props} />;
}
