/**
 * Saves a file the page holds (fetched with the session token, or made in the page) under a
 * name, through a temporary link.
 */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the download; the URL is released a while later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
