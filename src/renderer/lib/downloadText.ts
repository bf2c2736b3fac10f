/**
 * Saves text as a file through a Blob link, the one way a sandboxed page can offer a download.
 * The text lives only in the Blob, which is released right after the click is handled.
 */
export function downloadText(fileName: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has started reading the Blob by now; a tick later it no longer needs the URL.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
