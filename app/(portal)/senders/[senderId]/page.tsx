// Owns one sender's page.
import type { Metadata } from 'next';
import { SenderDetail } from '@/components/profiles/sender-detail';

export const metadata: Metadata = { title: 'Sender' };

export default async function SenderPage({ params }: { params: Promise<{ senderId: string }> }) {
  const { senderId } = await params;
  return <SenderDetail senderId={senderId} />;
}
