// The --json interface's schema (schema/wiki-publisher-json.schema.json), compiled once with Ajv (JSON Schema
// 2020-12, strict), for the tests that check real output against it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020, { type ErrorObject } from 'ajv/dist/2020';

export const SCHEMA_PATH = join(__dirname, '..', '..', '..', 'schema', 'wiki-publisher-json.schema.json');

const ajv = new Ajv2020({ strict: true, allErrors: true });
const SCHEMA = JSON.parse(readFileSync(SCHEMA_PATH, 'utf8')) as object;
export const validateRecord = ajv.compile(SCHEMA);

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

/**
 * The lines of a --json run's output that are records (JSON objects) the schema does not match, each with why. A line
 * that is not a whole JSON object (a run killed mid-line) is left to the test that made it.
 */
export function recordsNotMatchingSchema(stdout: string): string[] {
  const mismatches: string[] = [];
  for (const line of stdout.split('\n')) {
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      continue;
    }
    if (record === null || typeof record !== 'object' || Array.isArray(record)) continue;
    if (validateRecord(record)) continue;
    mismatches.push(`${line}\n  ${closestMismatch(record)}`);
  }
  return mismatches;
}

/**
 * A record matches one of the record types (oneOf), and Ajv reports what every type found wrong: said here is what the
 * type of the record's constants (type, dryRun, planChanged) found, a field it does not name by its path.
 */
function closestMismatch(record: object): string {
  const { $id, oneOf } = SCHEMA as { $id: string; oneOf: Array<{ $ref: string }> };
  const found = oneOf.map(({ $ref }) => {
    const validate = ajv.getSchema(`${$id}${$ref}`);
    return validate === undefined || validate(record) ? [] : [...(validate.errors ?? [])];
  });
  const own = found.filter((errors) => errors.length > 0 && errors.every((error) => error.keyword !== 'const' && error.keyword !== 'required'));
  const closest = (own.length > 0 ? own : found).sort((one, other) => one.length - other.length)[0] ?? [];
  return closest.map((error: ErrorObject) => error.keyword === 'additionalProperties' ? `${error.instancePath}/${String(error.params.additionalProperty)} is not in the schema` : `${error.instancePath} ${error.message ?? ''}`).join('; ');
}
