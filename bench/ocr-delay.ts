// From reception to searchable (issue 37): how soon after a fax arrives its words are read and kept for the search.
// Faxes of the generated corpus (test-support/fax-text-corpus.ts) go one at a time from one account to another's
// number (the internal line), both accounts reading the words of their faxes (decision 099); for each received copy
// the bench takes the moment its `fax.received` event was recorded and the moment its words were kept (polled every
// 20 ms). The anchor beside it: the line time of the same page at V.17 with ECM, what the call itself took on a real
// line before the fax could arrive.
// The server is a build (`node main.js`, `npm run build -w @faxline/server` first) with its own embedded PostgreSQL.
// Run: npx tsx bench/ocr-delay.ts [--server apps/server/dist/main.js] [--faxes 9]
import { setTimeout as sleep } from 'node:timers/promises';
import { ecmV17PageMs } from '../apps/server/src/lines/t30/line-time';
import { readTiffPages } from '../apps/server/src/documents/fax-image/fax-tiff';
import { corpusFax, FAX_TEXT_CORPUS, typedPdf } from '../test-support/fax-text-corpus';
import { openDatabase, postForm, sendForm, signUp, type Customer } from './support/faxline';
import { send } from './support/http';
import { readArgs, runBench, startFaxline } from './support/processes';
import { duration, log, machineLine, percentile, printTable } from './support/report';

const args = readArgs({ faxes: '9' });
const FAXES = Number(args.faxes);
const documents = FAX_TEXT_CORPUS.filter((document) => document.lines.length > 0);

async function readWordsOfFaxes(baseUrl: string, customer: Customer): Promise<void> {
  const reply = await send(`${baseUrl}/api/account/fax-text`, {
    method: 'PUT',
    headers: { cookie: customer.cookie, origin: baseUrl, 'content-type': 'application/json' },
    body: Buffer.from(JSON.stringify({ readsFaxText: true })),
  });
  if (reply.status !== 200) throw new Error(`turning reading on answered ${reply.status}: ${reply.body}`);
}

await runBench(async () => {
  const faxline = await startFaxline(args.server);
  const db = openDatabase(await faxline.databaseUrl());
  const sender = await signUp(faxline.url, db, 'Bench Sender');
  const recipient = await signUp(faxline.url, db, 'Bench Recipient');
  if (!recipient.number) throw new Error('the recipient account got no fax number');
  await readWordsOfFaxes(faxline.url, sender);
  await readWordsOfFaxes(faxline.url, recipient);

  const delays: number[] = [];
  const lineMs: number[] = [];
  for (let i = 0; i < FAXES; i += 1) {
    const document = documents[i % documents.length]!;
    const { image } = await corpusFax(document, 'fine');
    lineMs.push(...readTiffPages(image.tiff).map((page) => ecmV17PageMs(page.strips.reduce((sum, strip) => sum + strip.length, 0))));
    const pdf = Buffer.from(await typedPdf(document));
    const reply = await postForm(faxline.url, await sendForm(faxline.url, sender, { to: recipient.number, tag: `ocr-${i}`, pdf }));
    if (reply.status !== 202) throw new Error(`send answered ${reply.status}: ${reply.body}`);
    const faxId = (JSON.parse(reply.body) as { faxId: string }).faxId;
    const deadline = Date.now() + 120_000;
    for (;;) {
      const { rows } = await db.query<{ at: Date; text_key: string | null }>(
        `SELECT e.created_at AS at, f.text_key FROM faxes f JOIN fax_events e ON e.fax_id = f.id AND e.type = 'fax.received'
         WHERE f.source_fax_id = $1`,
        [faxId],
      );
      if (rows[0]?.text_key) {
        delays.push(Date.now() - rows[0].at.getTime());
        break;
      }
      if (Date.now() > deadline) throw new Error(`fax ${i} (${faxId}): its copy was not read within 120 s`);
      await sleep(20);
    }
    log(`fax ${i + 1}/${FAXES} (${document.id}): received -> searchable in ${duration(delays.at(-1)!)}`);
  }

  const median = (values: number[]) => percentile(values, 50);
  printTable(`From reception to searchable: ${FAXES} one-page faxes at fine resolution, one at a time; ${machineLine()}`, [
    { measure: 'anchor: the line time of one such page (V.17, ECM)', result: duration(median(lineMs)) },
    {
      measure: `fax.received -> its words kept for the search (${delays.length})`,
      result: `median ${duration(median(delays))}, p95 ${duration(percentile(delays, 95))}, max ${duration(Math.max(...delays))}`,
    },
  ]);
});
