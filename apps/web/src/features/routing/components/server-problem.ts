import { ApiError } from '@/lib/api-client';

/**
 * What the server said about a refused request, to show beside the form: a 4xx carries its translated message (and,
 * for a request that failed validation, the path of the field at fault); anything else is said in general words.
 */
export type TServerProblem = { message: string; path: string | null };

export function serverProblemOf(error: unknown, unknown: string): TServerProblem {
  if (!(error instanceof ApiError)) return { message: unknown, path: null };
  const issue = error.issues?.[0];
  return { message: issue?.message ?? error.message, path: issue?.path ?? null };
}
