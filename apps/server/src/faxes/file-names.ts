/**
 * A fax's file names as its row keeps them for the history's search (faxes.file_names, decision 111): joined by the
 * separator of its search text (chr(31)), which no file name or search contains; null for a fax without files.
 */
export const fileNamesText = (names: readonly string[]): string | null => (names.length > 0 ? names.join('\u001f') : null);
