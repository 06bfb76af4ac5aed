/** The reviews' query keys: writing a review changes the caller's own, approving one (back office) the public list. */
export const reviewKeys = {
  all: ['reviews'] as const,
  page: (page: number) => ['reviews', 'page', page] as const,
  mine: ['reviews', 'mine'] as const,
};
