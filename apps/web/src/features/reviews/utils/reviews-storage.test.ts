import { describe, expect, it } from 'vitest';

import { checkReview, parseStoredReviews, withReviewAdded, type TStoredReview } from './reviews-storage';

const older: TStoredReview = { name: 'Ana', reviewText: 'Quick to set up.', rating: 4, date: '2025-01-10T09:00:00.000Z' };
const newer: TStoredReview = {
  name: 'Léa',
  company: 'Cabinet Martin',
  reviewText: 'Très simple.',
  rating: 5,
  date: '2025-03-02T15:30:00.000Z',
};

describe('parseStoredReviews', () => {
  it('reads stored reviews, newest first', () => {
    expect(parseStoredReviews(JSON.stringify([older, newer]))).toEqual([newer, older]);
  });

  it.each([
    ['nothing stored', null],
    ['an empty string', ''],
    ['text that is not JSON', '{not json'],
    ['JSON that is not a list', '{"name":"Ana"}'],
    ['a list of the wrong things', '[1, "two", null]'],
  ])('returns no reviews for %s', (_, raw) => {
    expect(parseStoredReviews(raw)).toEqual([]);
  });

  it('keeps the valid reviews and drops malformed ones', () => {
    const raw = JSON.stringify([
      older,
      { ...older, rating: 0 },
      { ...older, rating: 6 },
      { ...older, rating: 4.5 },
      { ...older, rating: '5' },
      { ...older, name: '   ' },
      { ...older, reviewText: '' },
      { ...older, date: 'yesterday' },
      { name: 'No rating', reviewText: 'x', date: older.date },
      newer,
    ]);
    expect(parseStoredReviews(raw)).toEqual([newer, older]);
  });
});

describe('withReviewAdded', () => {
  it('appends to what is stored and drops unreadable entries on the way', () => {
    const raw = JSON.stringify([older, { junk: true }]);
    expect(JSON.parse(withReviewAdded(raw, newer))).toEqual([older, newer]);
  });

  it('starts a new list over malformed storage', () => {
    expect(JSON.parse(withReviewAdded('oops', older))).toEqual([older]);
  });
});

describe('checkReview (spec 000 §5)', () => {
  const now = new Date('2025-05-01T12:00:00.000Z');
  const complete = { name: ' Ana ', company: '  ', reviewText: ' Great service. ', rating: 5 };

  it.each([
    ['no name', { ...complete, name: '  ' }, 'name'],
    ['no review', { ...complete, reviewText: '' }, 'reviewText'],
    ['no rating', { ...complete, rating: 0 }, 'rating'],
  ])('asks for what is missing: %s', (_, values, field) => {
    expect(checkReview(values, now)).toEqual({ ok: false, field });
  });

  it('accepts a review without a company, trimmed and dated', () => {
    expect(checkReview(complete, now)).toEqual({
      ok: true,
      review: { name: 'Ana', reviewText: 'Great service.', rating: 5, date: '2025-05-01T12:00:00.000Z' },
    });
  });

  it('keeps the company when given', () => {
    const result = checkReview({ ...complete, company: 'Clinique du Parc' }, now);
    expect(result.ok && result.review.company).toBe('Clinique du Parc');
  });
});
