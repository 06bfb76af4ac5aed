import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { PACKAGE_DIR } from '../scripts/generated-files';

// The README's examples are the files the integration test runs against a real server (public-api-client.test.ts).
describe('the README', () => {
  it.each(['examples/send-and-poll.ts', 'examples/list-faxes.ts'])('shows %s verbatim', async (file) => {
    const [readme, example] = await Promise.all([readFile(`${PACKAGE_DIR}/README.md`, 'utf8'), readFile(`${PACKAGE_DIR}/${file}`, 'utf8')]);
    expect(readme).toContain(`\`\`\`ts\n// ${file}\n${example}\`\`\``);
  });
});
