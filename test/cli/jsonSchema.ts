// The --json interface's schema (schema/wiki-publisher-json.schema.json), compiled once with Ajv (JSON Schema
// 2020-12, strict), for the tests that check real output against it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';

export const SCHEMA_PATH = join(__dirname, '..', '..', '..', 'schema', 'wiki-publisher-json.schema.json');

const ajv = new Ajv2020({ strict: true, allErrors: true });
export const validateRecord = ajv.compile(JSON.parse(readFileSync(SCHEMA_PATH, 'utf8')) as object);

/** Asserts every record is valid; returns the record types seen. */
export function assertRecordsValid(records: readonly unknown[], where: string): Set<string> {
  const seen = new Set<string>();
  for (const record of records) {
    assert.ok(validateRecord(record), `${where}: ${JSON.stringify(record)}\ndoes not match the schema: ${ajv.errorsText(validateRecord.errors)}`);
    const summary = record as { type: string; dryRun?: boolean; planChanged?: boolean };
    seen.add(summary.type === 'summary' ? `summary:${summary.planChanged ? 'planChanged' : summary.dryRun ? 'dryRun' : 'run'}` : summary.type);
  }
  return seen;
}
