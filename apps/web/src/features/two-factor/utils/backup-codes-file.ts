/** Backup codes are saved under this name; it stays English so that a search for it finds the file in any language. */
export const BACKUP_CODES_FILE_NAME = 'faxline-backup-codes.txt';

/** The translated lines above the list: whose codes they are, when they were made, and how they are used. */
export type TBackupCodesFileText = { title: string; created: string; usage: string };

/** The text of the .txt file: the heading lines, then the codes numbered one per line, as on screen. */
export function backupCodesFileContent(codes: readonly string[], text: TBackupCodesFileText): string {
  const width = String(codes.length).length;
  const lines = codes.map((code, index) => `${String(index + 1).padStart(width, ' ')}. ${code}`);
  return [text.title, text.created, '', text.usage, '', ...lines, ''].join('\n');
}
