import { describe, expect, it } from 'vitest';

import { backupCodesFileContent } from './backup-codes-file';

const text = { title: 'Faxline backup codes for ada@example.com', created: 'Created: 22 Nov 2026', usage: 'Each code works once.' };

describe('backupCodesFileContent', () => {
  it('puts the heading lines first, then every code numbered on a line of its own', () => {
    const codes = Array.from({ length: 10 }, (_, index) => `CODE-${index}`);
    const lines = backupCodesFileContent(codes, text).split('\n');
    expect(lines.slice(0, 5)).toEqual([text.title, text.created, '', text.usage, '']);
    expect(lines.slice(5, 15)).toEqual([
      ' 1. CODE-0',
      ' 2. CODE-1',
      ' 3. CODE-2',
      ' 4. CODE-3',
      ' 5. CODE-4',
      ' 6. CODE-5',
      ' 7. CODE-6',
      ' 8. CODE-7',
      ' 9. CODE-8',
      '10. CODE-9',
    ]);
  });

  it('ends with a line break, as text files do', () => {
    expect(backupCodesFileContent(['A1B2C-3D4E5'], text).endsWith('1. A1B2C-3D4E5\n')).toBe(true);
  });
});
