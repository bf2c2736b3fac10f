/**
 * What an export job produced, for the user: in browser mode the result is a one-use download
 * path on this same origin, followed with an <a download>; on the desktop main saved the file.
 */
import type { ExportResult } from '../../shared/portfolioViews';

export function startDownload(result: ExportResult): void {
  if (!result.downloadPath) return;
  const link = document.createElement('a');
  link.href = new URL(result.downloadPath, window.location.origin).href;
  link.download = result.fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

