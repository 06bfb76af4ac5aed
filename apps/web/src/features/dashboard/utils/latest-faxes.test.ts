import type { TFax } from '@faxline/shared';
import { describe, expect, it } from 'vitest';

import { latestFaxes } from './latest-faxes';

const fax = (id: string, direction: TFax['direction'], createdAt: string): TFax => ({
  id,
  direction,
  status: direction === 'inbound' ? 'received' : 'delivered',
  read: false,
  channel: 'web',
  fromNumber: null,
  toNumber: '+15550100099',
  recipientName: null,
  senderName: null,
  pages: 1,
  pagesSent: null,
  quality: 'standard',
  failureReason: null,
  failureMessage: null,
  coverSubject: null,
  line: 'sandbox',
  scheduledAt: null,
  nextTryAt: null,
  retryReason: null,
  resentFromId: null,
  createdAt,
  completedAt: null,
  stationCheck: null,
});

describe('latestFaxes', () => {
  it('merges sent and received faxes, newest first, and keeps the first `count`', () => {
    const sent = [fax('s2', 'outbound', '2026-03-14T10:00:00Z'), fax('s1', 'outbound', '2026-03-12T10:00:00Z')];
    const received = [fax('r2', 'inbound', '2026-03-13T10:00:00+01:00'), fax('r1', 'inbound', '2026-03-11T10:00:00Z')];
    expect(latestFaxes(sent, received, 3).map((f) => f.id)).toEqual(['s2', 'r2', 's1']);
    expect(latestFaxes(sent, received, 5).map((f) => f.id)).toEqual(['s2', 'r2', 's1', 'r1']);
  });

  it('is empty when there are no faxes', () => {
    expect(latestFaxes([], [], 5)).toEqual([]);
  });
});
