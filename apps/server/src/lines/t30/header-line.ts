import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FAX_IMAGE_WIDTH_PX, FAX_RESOLUTIONS, faxHeaderText, faxHeaderTime, type TFaxQuality } from '@faxline/shared';
import { ghostscript } from '../../documents/fax-image/render-fax-image';
import { stampHeaderLines } from '../../documents/fax-image/stamp-header-lines';
import type { FaxHeader, OutgoingFax } from '../fax-line';

/*
 * The header line fax machines print above each page: when the page was sent, in the account's time
 * zone, the sender's name, its station id (TSI), and "Page x/y". Made for each call, since its time is the call's.
 */

/** The header line's height: a sixth of an inch, as fax machines print it, in rows of each resolution. */
const HEADER_ROWS: Record<TFaxQuality, number> = { standard: 16, fine: 32, superfine: 64 };
const FONT_POINTS = 9;
const MARGIN_POINTS = 14;

const postScriptString = (text: string) => `(${faxHeaderText(text).replace(/[\\()]/g, '\\$&')})`;

type HeaderLinesInput = { header: FaxHeader; stationId: string; pages: number; quality: TFaxQuality; at: Date };

/**
 * Header lines made in the last while, by what they print: a broadcast's faxes, sent in the same minute by the same
 * sender, share theirs, and Ghostscript runs once for them instead of once a call. Bounded: the oldest go first.
 */
const recentHeaderLines = new Map<string, Promise<Uint8Array>>();
const RECENT_HEADER_LINES = 64;

/** The header lines of a fax's pages, one under the other, as a raw PBM (1 = black) at the fax's resolution. */
export function renderHeaderLines(input: HeaderLinesInput): Promise<Uint8Array> {
  const key = JSON.stringify([input.header, input.stationId, input.pages, input.quality, faxHeaderTime(input.at, input.header.timeZone)]);
  const known = recentHeaderLines.get(key);
  if (known) return known;
  const made = drawHeaderLines(input);
  recentHeaderLines.set(key, made);
  // A failed drawing is not kept: the next call tries again.
  made.catch(() => recentHeaderLines.delete(key));
  if (recentHeaderLines.size > RECENT_HEADER_LINES) recentHeaderLines.delete(recentHeaderLines.keys().next().value!);
  return made;
}

async function drawHeaderLines(input: HeaderLinesInput): Promise<Uint8Array> {
  const { xDpi, yDpi } = FAX_RESOLUTIONS[input.quality];
  const rows = HEADER_ROWS[input.quality];
  const lineHeight = (rows / yDpi) * 72;
  const width = (FAX_IMAGE_WIDTH_PX / xDpi) * 72;
  const left = `${faxHeaderTime(input.at, input.header.timeZone)}   ${input.header.name}`;
  const program = [
    `/Courier-Bold findfont ${FONT_POINTS} scalefont setfont`,
    ...Array.from({ length: input.pages }, (_, index) => {
      const baseline = (input.pages - index - 1) * lineHeight + lineHeight * 0.3;
      const page = postScriptString(`Page ${index + 1}/${input.pages}`);
      return [
        `${MARGIN_POINTS} ${baseline} moveto ${postScriptString(left)} show`,
        `${width / 2 + 60} ${baseline} moveto ${postScriptString(input.stationId)} show`,
        `${page} dup stringwidth pop ${width - MARGIN_POINTS} exch sub ${baseline} moveto show`,
      ].join('\n');
    }),
    'showpage',
  ].join('\n');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'faxline-header-'));
  try {
    const output = path.join(dir, 'header.pbm');
    await ghostscript(
      [
        '-sDEVICE=pbmraw',
        `-r${xDpi}x${yDpi}`,
        `-g${FAX_IMAGE_WIDTH_PX}x${rows * input.pages}`,
        '-dFIXEDMEDIA',
        `-sOutputFile=${output}`,
        '-',
      ],
      {
        workDir: dir,
        commands: Promise.resolve(program),
      },
    );
    return new Uint8Array(await readFile(output));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The fax image as it goes down the line: each page under its header line, dated now; null when the account prints no
 * header (the image goes as rendered). Every line that sends our image calls this just before the call.
 */
export async function imageWithHeaderLines(input: {
  image: Uint8Array;
  fax: Pick<OutgoingFax, 'header' | 'stationId' | 'pages' | 'quality'>;
}): Promise<Uint8Array | null> {
  const { header } = input.fax;
  if (!header) return null;
  const lines = await renderHeaderLines({
    header,
    stationId: input.fax.stationId ?? '',
    pages: input.fax.pages ?? 1,
    quality: input.fax.quality,
    at: new Date(),
  });
  return stampHeaderLines(input.image, lines, FAX_RESOLUTIONS[input.fax.quality]);
}
