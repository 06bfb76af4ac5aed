import { describe, expect, it } from 'vitest';
import { announcementTextIn } from './announcements';
import { isSiteImageAddress } from './system-settings';

describe('a logo or favicon address (decision 117)', () => {
  it.each([
    '',
    'https://cdn.example.com/brand/logo.svg',
    'https://cdn.example.com/icon.PNG?v=2',
    '/brand/icon.ico',
    '/images/step-send.svg',
  ])('takes %j', (value) => expect(isSiteImageAddress(value)).toBe(true));

  it.each([
    'http://cdn.example.com/icon.png',
    '//evil.example/icon.png',
    '/\\evil.example/icon.png',
    'javascript:alert(1)//x.png',
    'data:image/png;base64,AAAA',
    'https://user:secret@cdn.example.com/icon.png',
    'https://cdn.example.com/page.html',
    '/brand/logo',
    'icon.png',
  ])('refuses %j', (value) => expect(isSiteImageAddress(value)).toBe(false));
});

describe("an announcement's words in a reader's language (decision 118)", () => {
  const texts = {
    en: { title: 'Maintenance', body: 'Sunday' },
    es: { title: 'Mantenimiento', body: 'Domingo' },
    fr: { title: '', body: '' },
  };
  it('are their own when written, English otherwise, and say which', () => {
    expect(announcementTextIn(texts, 'es')).toEqual({ title: 'Mantenimiento', body: 'Domingo', language: 'es' });
    expect(announcementTextIn(texts, 'fr')).toEqual({ title: 'Maintenance', body: 'Sunday', language: 'en' });
  });
});
