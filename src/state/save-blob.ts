/** Saves a file the page made (a Blob) under a name, as a download (run exports, the chart's SVG and PNG). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later, not at once: the browser may still be reading the blob for the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
