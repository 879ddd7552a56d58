// Owns what a portal page shows between a click and its content: the old page leaves at once, so nobody types into
// a field of the page they are leaving (a "Batch reference" filter read as the new batch's reference, then lost).
import { LoadingBlock, Skeleton } from '@/components/ui/skeleton';

export default function PortalLoading() {
  return (
    <div className="space-y-6">
      <Skeleton className="h-8 w-48" />
      <LoadingBlock label="Loading the page" lines={4} />
    </div>
  );
}
