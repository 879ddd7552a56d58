// Owns editing a sender.
import type { Metadata } from 'next';
import { EditSender } from '@/components/profiles/edit-sender';

export const metadata: Metadata = { title: 'Edit sender' };

export default async function EditSenderPage({ params }: { params: Promise<{ senderId: string }> }) {
  const { senderId } = await params;
  return <EditSender senderId={senderId} />;
}
