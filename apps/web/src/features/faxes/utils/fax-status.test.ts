import { isInFlightFaxStatus, OUTBOUND_FAX_STATUSES, type TFax } from '@faxline/shared';
import { describe, expect, it } from 'vitest';

import { canCancel, canDelete, canDownload, canResend, needsPolling, statusViewOf } from './fax-status';

const sent = (status: TFax['status']) => ({ direction: 'outbound' as const, status, read: false });
const received = (read: boolean) => ({ direction: 'inbound' as const, status: 'received' as const, read });

describe('status icons (spec 001 §2.7)', () => {
  it('shows Delivered with a green check', () => {
    expect(statusViewOf(sent('delivered'))).toEqual({ label: 'status.delivered', tone: 'success', icon: 'check' });
  });

  it('shows Failed in red', () => {
    expect(statusViewOf(sent('failed'))).toEqual({ label: 'status.failed', tone: 'danger', icon: 'cross' });
  });

  it('shows an uncertain fax as Uncertain: never delivered, not a plain failure (decision 119)', () => {
    expect(statusViewOf({ ...sent('failed'), failureReason: 'uncertain' })).toEqual({
      label: 'status.uncertain',
      tone: 'neutral',
      icon: 'dot',
    });
    expect(statusViewOf({ ...sent('failed'), failureReason: 'busy' }).label).toBe('status.failed');
  });

  it('groups every in-flight state as Processing with a yellow clock', () => {
    for (const status of ['queued', 'scheduled', 'converting', 'sending'] as const) {
      expect(statusViewOf(sent(status))).toEqual({ label: 'status.processing', tone: 'pending', icon: 'clock' });
    }
  });

  it('shows Read with a green check', () => {
    expect(statusViewOf(received(true))).toEqual({ label: 'status.read', tone: 'success', icon: 'check' });
  });

  it('shows Unread as unread mail, never as a pending clock (issue 15)', () => {
    const view = statusViewOf(received(false));
    expect(view).toEqual({ label: 'status.unread', tone: 'unread', icon: 'envelope' });
    expect(view.icon).not.toBe(statusViewOf(sent('sending')).icon);
    expect(view.tone).not.toBe(statusViewOf(sent('sending')).tone);
  });

  it('shows the others neutral, a partial delivery under its own name', () => {
    expect(statusViewOf(sent('canceled'))).toEqual({ label: 'status.canceled', tone: 'neutral', icon: 'dot' });
    expect(statusViewOf(sent('partially_delivered'))).toEqual({ label: 'status.partiallyDelivered', tone: 'neutral', icon: 'dot' });
  });

  it('has a label for every outbound status', () => {
    for (const status of OUTBOUND_FAX_STATUSES) expect(statusViewOf(sent(status)).label).toMatch(/^status\./);
  });
});

describe('what a row offers', () => {
  it('cancels a sent fax that is queued or scheduled, or waits between tries; not one converting or on the line', () => {
    const idle = (status: TFax['status']) => ({ direction: 'outbound' as const, status, nextTryAt: null });
    expect(OUTBOUND_FAX_STATUSES.filter((status) => canCancel(idle(status)))).toEqual(['queued', 'scheduled']);
    expect(canCancel({ ...idle('sending'), nextTryAt: '2026-11-26T10:42:00.000Z' })).toBe(true);
    expect(canCancel({ direction: 'inbound', status: 'received', nextTryAt: null })).toBe(false);
  });

  it('resends a sent fax that has ended, and deletes any fax but one on its way', () => {
    const ended = ['delivered', 'partially_delivered', 'failed', 'canceled'];
    expect(OUTBOUND_FAX_STATUSES.filter((status) => canResend({ direction: 'outbound', status }))).toEqual(ended);
    expect(OUTBOUND_FAX_STATUSES.filter((status) => canDelete({ direction: 'outbound', status }))).toEqual(ended);
    expect(canResend({ direction: 'inbound', status: 'received' })).toBe(false);
    expect(canDelete({ direction: 'inbound', status: 'received' })).toBe(true);
  });

  it('downloads once the document exists', () => {
    expect(canDownload({ status: 'queued', failureReason: null })).toBe(false);
    expect(canDownload({ status: 'converting', failureReason: null })).toBe(false);
    expect(canDownload({ status: 'sending', failureReason: null })).toBe(true);
    expect(canDownload({ status: 'delivered', failureReason: null })).toBe(true);
    expect(canDownload({ status: 'received', failureReason: null })).toBe(true);
    expect(canDownload({ status: 'failed', failureReason: 'busy' })).toBe(true);
    expect(canDownload({ status: 'failed', failureReason: 'conversion_error' })).toBe(false);
  });
});

describe('polling', () => {
  it('polls while any listed fax is in flight, and stops when all have ended', () => {
    expect(isInFlightFaxStatus('sending')).toBe(true);
    expect(isInFlightFaxStatus('received')).toBe(false);
    expect(needsPolling([{ status: 'delivered' }, { status: 'converting' }])).toBe(true);
    expect(needsPolling([{ status: 'delivered' }, { status: 'failed' }, { status: 'received' }])).toBe(false);
    expect(needsPolling(undefined)).toBe(false);
  });
});
