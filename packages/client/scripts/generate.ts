import { writeFile } from 'node:fs/promises';
import { PACKAGE_DIR, renderGeneratedFiles } from './generated-files';

// Writes openapi.json and src/schema.ts from the contracts: run after changing packages/shared/src/api-v1.
for (const [file, text] of Object.entries(await renderGeneratedFiles())) {
  await writeFile(`${PACKAGE_DIR}/${file}`, text);
  console.log(`wrote packages/client/${file}`);
}
