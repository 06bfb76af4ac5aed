import { ATTACHMENT_EXTENSIONS, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from '@faxline/shared';

const MEGABYTE = 1024 * 1024;

/** What the checks need of a file: a browser File has both. */
export type TFileLike = { name: string; size: number };

export type TAttachmentProblem =
  | { kind: 'tooMany' }
  | { kind: 'invalidType'; file: string }
  | { kind: 'empty'; file: string }
  | { kind: 'tooLarge'; file: string; sizeMB: number };

/** The extension of a file name, lower-cased with its dot ('.pdf'), or '' when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot).toLowerCase();
}

export function hasAllowedExtension(name: string): boolean {
  return (ATTACHMENT_EXTENSIONS as readonly string[]).includes(extensionOf(name));
}

/**
 * The send form's file rules (spec 001 §5, §9), checked when files are chosen or dropped, before anything is
 * uploaded: at most 5 files in all, of an accepted extension, not empty, at most the platform's size each (10 MB unless
 * the back office changed it). Any problem rejects the whole selection, so the list never holds half of what was chosen. The
 * server checks again, from the bytes.
 */
export function checkNewFiles(
  current: readonly TFileLike[],
  added: readonly TFileLike[],
  maxFileSizeMB = MAX_ATTACHMENT_BYTES / MEGABYTE,
): TAttachmentProblem | null {
  if (current.length + added.length > MAX_ATTACHMENTS) return { kind: 'tooMany' };
  for (const file of added) {
    if (!hasAllowedExtension(file.name)) return { kind: 'invalidType', file: file.name };
    if (file.size === 0) return { kind: 'empty', file: file.name };
    if (file.size > maxFileSizeMB * MEGABYTE) return { kind: 'tooLarge', file: file.name, sizeMB: maxFileSizeMB };
  }
  return null;
}

/**
 * The toast of a file problem: a title of the faxes namespace, and the server's own text for the same refusal (shared
 * `messages` namespace) with its values.
 */
export function attachmentProblemText(problem: TAttachmentProblem) {
  switch (problem.kind) {
    case 'tooMany':
      return {
        title: 'send.errors.tooManyTitle',
        description: 'messages:errors.tooManyFiles',
        values: { maxAttachments: String(MAX_ATTACHMENTS) },
      } as const;
    case 'invalidType':
      return { title: 'send.errors.typeTitle', description: 'messages:errors.invalidFileType', values: { file: problem.file } } as const;
    case 'empty':
      return { title: 'send.errors.emptyTitle', description: 'messages:errors.emptyFile', values: { file: problem.file } } as const;
    case 'tooLarge':
      return {
        title: 'send.errors.sizeTitle',
        description: 'messages:errors.fileTooLarge',
        values: { file: problem.file, size: String(problem.sizeMB) },
      } as const;
  }
}

/** Moves the item at `index` one place up (-1) or down (+1); out of range leaves the list as it is. */
export function moveItem<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** The accept attribute of the file picker: the same extensions the checks allow. */
export const ACCEPT_ATTRIBUTE = ATTACHMENT_EXTENSIONS.join(',');
