'use client';
// Owns the sender's edit page: the frame with the sender form (and no other form in its bundle).
import { EditFrame } from './edit-frame';
import { useSender } from './queries';
import { SenderForm } from './sender-form';

export function EditSender({ senderId }: { senderId: string }) {
  return (
    <EditFrame
      kind="sender"
      query={useSender(senderId)}
      title={(sender) => sender.legal_name}
      readyNote="Changing anything but the contact details sends the sender back to review."
      form={(sender) => <SenderForm sender={sender} />}
    />
  );
}
