import path from 'node:path';
import { ATTACHMENT_EXTENSIONS } from '@faxline/shared';
import type { DocumentType } from '../inspect/detect-file-type';
import { fileNameProblem } from '../inspect/inspect-file-name';

const FALLBACK_NAME = 'document';

/**
 * The name a fetched document is shown by: the server's (Content-Disposition filename), else the last segment of the
 * URL's path, else "document". A name the sender did not choose is not refused for its form: one with a folder path
 * keeps its last part, one that is still not a plain name (control characters, too long) gives way to the next.
 */
export function fetchedFileName(contentDisposition: string | undefined, url: URL): string {
  const candidates = [contentDisposition ? dispositionFileName(contentDisposition) : null, lastPathSegment(url)];
  for (const candidate of candidates) {
    const name = candidate?.split(/[/\\]/).pop()?.trim();
    if (name && fileNameProblem(name) === null) return name;
  }
  return FALLBACK_NAME;
}

/** RFC 6266: `filename*` (RFC 8187, UTF-8 percent-encoded) wins over `filename` (quoted or a token). */
export function dispositionFileName(header: string): string | null {
  const extended = /(?:^|;)\s*filename\*\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim();
  if (extended) {
    const match = /^([\w!#$%&+^`{}~-]+)'[^']*'(.*)$/.exec(extended);
    if (match && match[1]!.toLowerCase() === 'utf-8') {
      const decoded = safeDecode(match[2]!);
      if (decoded) return decoded;
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/i.exec(header)?.[1]?.trim();
  if (!plain) return null;
  return plain.startsWith('"') ? plain.slice(1, -1).replace(/\\(.)/g, '$1') : plain;
}

function lastPathSegment(url: URL): string | null {
  const segment = url.pathname.split('/').pop();
  return segment ? safeDecode(segment) : null;
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

const TYPE_EXTENSIONS: Record<DocumentType, string> = { pdf: '.pdf', jpeg: '.jpg', png: '.png', doc: '.doc', docx: '.docx', txt: '.txt' };

/**
 * A URL's name often has no document extension (`/download`, `/invoice.php?id=3`): the extension of what the bytes
 * are is added to it. A name that has one of ours keeps it, so that "scan.pdf" that is really an image is refused as
 * an upload with that name would be.
 */
export function withTypeExtension(name: string, type: DocumentType | null): string {
  const extension = path.extname(name).toLowerCase();
  if (!type || (ATTACHMENT_EXTENSIONS as readonly string[]).includes(extension)) return name;
  const named = `${name}${TYPE_EXTENSIONS[type]}`;
  return fileNameProblem(named) === null ? named : `${FALLBACK_NAME}${TYPE_EXTENSIONS[type]}`;
}
