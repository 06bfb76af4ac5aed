/** The SQLSTATE codes along an error's cause chain (Drizzle wraps the driver's error), outermost first. */
export function sqlStatesOf(error: unknown): string[] {
  const codes: string[] = [];
  for (let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current.code === 'string') codes.push(current.code);
    current = current.cause as typeof current;
  }
  return codes;
}

/** A unique constraint refused the write (PostgreSQL 23505), whether the driver's error is wrapped by Drizzle or not. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlStatesOf(error).includes('23505');
}
