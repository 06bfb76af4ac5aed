/**
 * A download's Content-Disposition for a name a person chose (RFC 6266): an ASCII `filename` for old clients, and the
 * name itself as `filename*` (RFC 8187), so that no quote or line break in it can end the header's value early.
 */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\w .()-]/g, '_') || 'attachment';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
