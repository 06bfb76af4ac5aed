/*
 * The header line fax machines print above each page, as the words on it: the server draws it on
 * every sent page, the settings page previews it. Written once so that the preview cannot drift from the print.
 */

import { dateTimeFormat } from './intl-formats';

/** The most characters one part of the header (the time and name, the station id, the page) prints. */
export const MAX_HEADER_PART_LENGTH = 60;

/** What the header can print: ASCII, accents dropped ("Clínica" → "Clinica"), anything else "?". */
export function faxHeaderText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?')
    .slice(0, MAX_HEADER_PART_LENGTH);
}

/** "2026-11-26 12:45", in the time zone: the form fax machines print, the same in every language. */
export function faxHeaderTime(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    dateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** The name the header carries: the one chosen, or the account's when none is. */
export const faxHeaderName = (chosen: string, accountName: string): string => chosen.trim() || accountName;

/**
 * One page's header line as words, in the order the server draws it (time and name on the left, the station id in the
 * middle, the page on the right), each part as it prints.
 */
export function faxHeaderLine(input: { at: Date; timeZone: string; name: string; stationId: string; page: number; pages: number }): string {
  const left = faxHeaderText(`${faxHeaderTime(input.at, input.timeZone)}   ${input.name}`);
  const parts = [left, faxHeaderText(input.stationId), faxHeaderText(`Page ${input.page}/${input.pages}`)];
  return parts.filter((part) => part.trim() !== '').join('   ');
}
