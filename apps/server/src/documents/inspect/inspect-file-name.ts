/** Longer than any name a file system gives a file (255 on the common ones). */
export const MAX_FILE_NAME_LENGTH = 255;
const SHOWN_NAME_LENGTH = 60;

export type FileNameProblem = 'unsafe' | 'too-long';

/**
 * Control characters (C0, DEL, C1) and the bidirectional overrides and isolates that make "invoice<RLO>fdp.exe" read
 * as "invoiceexe.pdf".
 */
const HIDDEN_OR_CONTROL = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

/**
 * An attached file's name is kept as display text only (the stored file has a random key), but it is shown in the
 * history, on the cover page's list and in messages. A name with a folder path, control characters or nothing in it
 * is never what a browser sends for a chosen file, so it is refused rather than silently changed.
 */
export function fileNameProblem(fileName: string): FileNameProblem | null {
  const trimmed = fileName.trim();
  if (trimmed === '' || trimmed === '.' || trimmed === '..' || /[/\\]/.test(fileName) || HIDDEN_OR_CONTROL.test(fileName)) return 'unsafe';
  if ([...fileName].length > MAX_FILE_NAME_LENGTH) return 'too-long';
  return null;
}

/** A refused name as it can be shown back in a message: hidden characters made visible, and cut short. */
export function shownFileName(fileName: string): string {
  const visible = fileName.replace(new RegExp(HIDDEN_OR_CONTROL.source, 'gu'), '\uFFFD');
  const characters = [...visible];
  return characters.length > SHOWN_NAME_LENGTH ? `${characters.slice(0, SHOWN_NAME_LENGTH).join('')}…` : visible;
}
