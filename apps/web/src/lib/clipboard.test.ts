import { afterEach, describe, expect, it, vi } from 'vitest';

import { copyText } from './clipboard';

describe('copyText', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('writes the text to the clipboard and says it did', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    await expect(copyText('+15551234567')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('+15551234567');
  });

  it('says false when the browser refuses, so the page can show Copy Failed', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError')) } });
    await expect(copyText('ABCD EFGH')).resolves.toBe(false);
  });

  it('says false when there is no clipboard at all (a page not served over HTTPS)', async () => {
    vi.stubGlobal('navigator', {});
    await expect(copyText('ABCD EFGH')).resolves.toBe(false);
  });
});
