/**
 * The pure half of the desktop's export save dialog (unit-tested without Electron): the dialog's
 * options, and the chosen path with the format's extension made sure of.
 */
import { extname, join } from 'node:path';
import type { ExportFormat } from '../core/portfolio/exportFormats';

const FILTERS: Record<ExportFormat, { name: string; extensions: string[] }> = {
  csv: { name: 'CSV (comma-separated values)', extensions: ['csv'] },
  json: { name: 'JSON', extensions: ['json'] },
};

export function exportSaveDialogOptions(suggestedName: string, format: ExportFormat, documentsDir: string) {
  return {
    title: 'Export activity',
    defaultPath: join(documentsDir, suggestedName),
    buttonLabel: 'Export',
    filters: [FILTERS[format]],
    properties: ['createDirectory', 'showOverwriteConfirmation'] as Array<'createDirectory' | 'showOverwriteConfirmation'>,
  };
}

/** The dialog's answer as a path, or null when dismissed; adds the extension if the user left it off. */
export function chosenExportPath(choice: { canceled: boolean; filePath?: string | undefined }, format: ExportFormat): string | null {
  if (choice.canceled || !choice.filePath) return null;
  return extname(choice.filePath).toLowerCase() === `.${format}` ? choice.filePath : `${choice.filePath}.${format}`;
}
