'use client';
// Owns choosing files to upload: drop them or pick them (a real file input, so keyboards and screen readers work),
// checked for type and size before sending, each upload with its own progress bar. One that uploads to the server
// (`changesState`) is unavailable, with the explanation, on a read-only page.
import { type DragEvent, useId, useState } from 'react';
import { formatBytes } from '@/lib/platform/format/bytes';
import { Button, buttonClasses } from './button';
import { cn } from './cn';
import { FormError } from './form-error';
import { Upload } from './icons';
import { useChangesState } from './read-only';

export interface UploadProgress {
  name: string;
  /** 0 to 1; undefined while the size is unknown. */
  progress?: number;
  status: 'uploading' | 'done' | 'failed';
  error?: string;
}

function matchesAccept(file: File, accept: string | undefined): boolean {
  if (!accept) return true;
  return accept.split(',').some((rule) => {
    const r = rule.trim().toLowerCase();
    if (r.startsWith('.')) return file.name.toLowerCase().endsWith(r);
    if (r.endsWith('/*')) return file.type.toLowerCase().startsWith(r.slice(0, -1));
    return file.type.toLowerCase() === r;
  });
}

export function FileDropZone({
  label,
  hint,
  accept,
  maxBytes,
  multiple = false,
  disabled = false,
  onFiles,
  uploads = [],
  changesState = false,
}: {
  label: string;
  hint?: string;
  /** As the input's accept attribute: ".pdf,image/png". */
  accept?: string;
  maxBytes?: number;
  multiple?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  uploads?: readonly UploadProgress[];
  /** The files go to the server (an upload), not only into the page (a file checked in the browser). */
  changesState?: boolean;
}) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const unavailable = useChangesState(changesState) !== null;
  const off = disabled || unavailable;

  const take = (list: FileList | null) => {
    const files = Array.from(list ?? []).slice(0, multiple ? undefined : 1);
    if (files.length === 0) return;
    const wrongType = files.find((file) => !matchesAccept(file, accept));
    if (wrongType) return setProblem(`${wrongType.name} is not an accepted file type (${accept}).`);
    const tooBig = maxBytes ? files.find((file) => file.size > maxBytes) : undefined;
    if (tooBig && maxBytes)
      return setProblem(
        `${tooBig.name} is ${formatBytes(tooBig.size)}; the limit is ${formatBytes(maxBytes)}.`,
      );
    setProblem(null);
    onFiles(files);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!off) take(event.dataTransfer.files);
  };

  return (
    <div className="space-y-2">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; keyboards use the file input inside */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          if (!off) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors',
          dragging ? 'border-accent-600 bg-accent-50' : 'border-slate-300 bg-white',
          disabled && 'opacity-60',
        )}
      >
        <Upload className="size-6 text-slate-400" />
        {unavailable ? (
          // No file input at all: the button says why nothing can be uploaded.
          <p className="text-sm text-slate-700">
            <Button variant="secondary" size="sm" changesState>
              {label}
            </Button>
          </p>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              Drop {multiple ? 'files' : 'a file'} here, or{' '}
              <label
                htmlFor={id}
                className={cn(
                  buttonClasses('secondary', 'sm'),
                  'ml-1 cursor-pointer has-focus-visible:outline-2',
                )}
              >
                {label}
              </label>
            </p>
            <input
              id={id}
              type="file"
              accept={accept}
              multiple={multiple}
              disabled={disabled}
              className="sr-only"
              aria-describedby={hint ? `${id}-hint` : undefined}
              onChange={(event) => {
                take(event.target.files);
                event.target.value = '';
              }}
            />
          </>
        )}
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-slate-500">
            {hint}
          </p>
        ) : null}
      </div>
      {problem ? <FormError>{problem}</FormError> : null}
      {uploads.length ? (
        <ul className="space-y-2" aria-label="Uploads">
          {uploads.map((upload) => {
            const percent = upload.progress === undefined ? undefined : Math.round(upload.progress * 100);
            return (
              <li key={upload.name} className="text-sm">
                <div className="flex justify-between gap-2">
                  <span className="truncate text-slate-800">{upload.name}</span>
                  <span className={upload.status === 'failed' ? 'text-red-700' : 'text-slate-500'}>
                    {upload.status === 'done'
                      ? 'Uploaded'
                      : upload.status === 'failed'
                        ? (upload.error ?? 'Failed')
                        : percent === undefined
                          ? 'Uploading…'
                          : `${percent}%`}
                  </span>
                </div>
                <div
                  role="progressbar"
                  aria-label={`Uploading ${upload.name}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={upload.status === 'done' ? 100 : percent}
                  className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-100"
                >
                  <div
                    className={cn(
                      'h-full rounded-full transition-[width]',
                      upload.status === 'failed'
                        ? 'bg-red-500'
                        : upload.status === 'done'
                          ? 'bg-emerald-500'
                          : 'bg-accent-600',
                    )}
                    style={{ width: `${upload.status === 'done' ? 100 : (percent ?? 10)}%` }}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * Sends a body with upload progress (fetch cannot report it): same-origin, the session cookie, JSON answer.
 * Resolves with the status and parsed body; the caller turns a non-2xx into its error.
 */
export function uploadWithProgress(
  url: string,
  body: FormData | Blob,
  onProgress: (fraction: number) => void,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(request.responseText);
      } catch {
        parsed = undefined;
      }
      resolve({ status: request.status, body: parsed });
    };
    request.onerror = () => reject(new Error('The upload did not reach the server.'));
    request.send(body);
  });
}
