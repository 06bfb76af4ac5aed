/** A unique constraint refused the write (PostgreSQL 23505), whether the driver's error is wrapped by Drizzle or not. */
export function isUniqueViolation(error: unknown): boolean {
  const codeOf = (value: unknown) => (value as { code?: string } | undefined)?.code;
  return codeOf(error) === '23505' || codeOf((error as { cause?: unknown } | undefined)?.cause) === '23505';
}
