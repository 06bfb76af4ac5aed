/** The e-mail addresses of a line as people type or paste them: separated by commas, semicolons, spaces or line breaks. */
export const addressesOf = (line: string): string[] => line.split(/[\s,;]+/).filter(Boolean);
