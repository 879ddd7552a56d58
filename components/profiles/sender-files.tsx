'use client';
// Owns a sender's proof documents on its page: upload (drop or pick, with progress) and the list with downloads.
import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { FileDropZone, type UploadProgress } from '@/components/ui/file-drop-zone';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { pathOf } from '@/lib/platform/browser/api';
import { parseErrorBody } from '@/lib/platform/client/errors';
import { formatBytes } from '@/lib/platform/format/bytes';
import { getSenderFileContentOperation, uploadSenderFileOperation } from '@/lib/profiles/contract/routes';
import { useInvalidateProfiles, useSenderFiles } from './queries';

const MAX_BYTES = 10 * 1024 * 1024;

/** XHR rather than fetch: only XHR reports upload progress. */
function uploadWithProgress(url: string, file: File, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('idempotency-key', crypto.randomUUID());
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) return resolve();
      const headers = new Headers();
      reject(parseErrorBody(request.status, headers, request.responseText));
    };
    request.onerror = () => reject(new Error('The upload was interrupted; try again.'));
    const body = new FormData();
    body.append('file', file, file.name);
    request.send(body);
  });
}

export function SenderFiles({ senderId }: { senderId: string }) {
  const files = useSenderFiles(senderId);
  const invalidate = useInvalidateProfiles();
  const [uploads, setUploads] = useState<UploadProgress[]>([]);

  const update = (name: string, change: Partial<UploadProgress>) =>
    setUploads((current) =>
      current.map((upload) => (upload.name === name ? { ...upload, ...change } : upload)),
    );

  const onFiles = async (chosen: File[]) => {
    for (const file of chosen) {
      setUploads((current) => [
        ...current.filter((u) => u.name !== file.name),
        { name: file.name, progress: 0, status: 'uploading' },
      ]);
      try {
        await uploadWithProgress(pathOf(uploadSenderFileOperation, { senderId }), file, (progress) =>
          update(file.name, { progress }),
        );
        update(file.name, { progress: 1, status: 'done' });
        await invalidate();
      } catch (error) {
        update(file.name, {
          status: 'failed',
          error: error instanceof Error ? error.message : 'Upload failed',
        });
      }
    }
  };

  return (
    <Card
      id="sender-files"
      title="Proof documents"
      description="Certificate of incorporation, ID, proof of address: PDF, PNG or JPEG up to 10 MB."
    >
      <div className="space-y-4">
        <FileDropZone
          label="Upload a document"
          hint="Checked by its content: a file that is not really a PDF, PNG or JPEG is refused."
          accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
          maxBytes={MAX_BYTES}
          multiple
          onFiles={onFiles}
          uploads={uploads}
          changesState
        />
        {files.error ? (
          <ErrorState
            title="Could not load the documents"
            error={files.error}
            onRetry={() => files.refetch()}
          />
        ) : files.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : files.data.items.length === 0 ? (
          <EmptyState title="No documents yet" description="Upload the documents the review should see." />
        ) : (
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-200" aria-label="Documents">
            {files.data.items.map((file) => (
              <li
                key={file.id}
                className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
              >
                <div className="min-w-0">
                  <a
                    href={pathOf(getSenderFileContentOperation, { senderId, fileId: file.id })}
                    download={file.file_name}
                    className="font-medium text-accent-700 hover:underline"
                  >
                    {file.file_name}
                  </a>
                  <p className="text-xs text-slate-500">
                    {file.mime_type === 'application/pdf'
                      ? 'PDF'
                      : file.mime_type === 'image/png'
                        ? 'PNG'
                        : 'JPEG'}{' '}
                    · {formatBytes(file.file_size)} · <DateTime value={file.created_at} />
                  </p>
                </div>
                <code className="truncate text-xs text-slate-400" title={`SHA-256 ${file.hash_sha256}`}>
                  sha256 {file.hash_sha256.slice(0, 12)}…
                </code>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
