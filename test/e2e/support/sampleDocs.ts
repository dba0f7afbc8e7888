// The sample workspace the demo opens and the README screenshot shows: a copy of test/e2e/sample-docs, its docs/ folder
// (a small page tree with links between its files) included.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { sampleDocsDir } from './paths';

/** Path below sample-docs ('/'-separated) -> content, of every sample doc. */
export function readSampleDocs(): Record<string, string> {
  const files: Record<string, string> = {};
  const read = (dir: string, prefix: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) read(path.join(dir, entry.name), `${prefix}${entry.name}/`);
      else if (entry.isFile()) files[`${prefix}${entry.name}`] = fs.readFileSync(path.join(dir, entry.name), 'utf8');
    }
  };
  read(sampleDocsDir, '');
  return files;
}
