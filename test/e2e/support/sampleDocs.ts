// The sample workspace the demo opens and the README screenshot shows: a copy of test/e2e/sample-docs.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { sampleDocsDir } from './paths';

/** File name -> content of every sample doc. */
export function readSampleDocs(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of fs.readdirSync(sampleDocsDir)) {
    files[name] = fs.readFileSync(path.join(sampleDocsDir, name), 'utf8');
  }
  return files;
}
