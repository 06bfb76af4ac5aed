import type { ConversionError } from '../../documents/convert/convert-to-pdf';
import type { translator } from '../../platform/i18n/i18n';

/** What the sender reads about a document that could not be converted, naming the file when it is known. */
export function conversionFailure(error: ConversionError, t: ReturnType<typeof translator>): string {
  if (error.reason === 'too-large-or-damaged')
    return error.file ? t('faxes.fileTooLargeOrDamaged', { file: error.file }) : t('faxes.documentTooLargeOrDamaged');
  if (!error.file) return t('faxes.renderFailed');
  const key = { encrypted: 'faxes.fileEncrypted', damaged: 'faxes.fileDamaged', unconvertible: 'faxes.fileUnconvertible' } as const;
  return t(key[error.reason], { file: error.file });
}
