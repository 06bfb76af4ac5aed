import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { PACKAGE_DIR } from '../scripts/generated-files';

// The READMEs' examples are the files the integration tests run against a real server (public-api-client.test.ts,
// client-downloads.test.ts).
describe('the README', () => {
  it.each(['examples/send-and-poll.ts', 'examples/list-faxes.ts'])('shows %s verbatim', async (file) => {
    const [readme, example] = await Promise.all([readFile(`${PACKAGE_DIR}/README.md`, 'utf8'), readFile(`${PACKAGE_DIR}/${file}`, 'utf8')]);
    expect(readme).toContain(`\`\`\`ts\n// ${file}\n${example}\`\`\``);
  });

  it('shows the plain-node example verbatim, and the Python README the Python one', async () => {
    const read = (file: string) => readFile(`${PACKAGE_DIR}/${file}`, 'utf8');
    expect(await read('README.md')).toContain(`\`\`\`js\n// examples/send-and-wait.mjs\n${await read('examples/send-and-wait.mjs')}\`\`\``);
    const python = await read('python/examples/send_and_wait.py');
    expect(await read('python/README.md')).toContain(`\`\`\`python\n# examples/send_and_wait.py\n${python}\`\`\``);
  });
});
