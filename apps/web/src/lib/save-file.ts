/** Hands a file the app received to the browser as a download (a label, a batch's CSV) under `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by then; the object URL is let go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
