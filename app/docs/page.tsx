// Owns /docs: the documentation starts at the API reference.
import { redirect } from 'next/navigation';

export default function DocsIndexPage() {
  redirect('/docs/api');
}
