// Owns saving a file answer (receipt PDF, CSV export, statement) in the browser under a given name.
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns; free it once the download has surely started.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
