// Validates a JUnit report with libxml2 (xmllint-wasm) against schema/junit-gitlab.xsd, the format GitLab documents.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';

const XSD = readFileSync(join(__dirname, '..', '..', '..', 'schema', 'junit-gitlab.xsd'), 'utf8');

export async function junitValidation(xml: string): Promise<{ valid: boolean; rawOutput: string }> {
  return validateXML({ xml: [{ fileName: 'report.xml', contents: xml }], schema: [{ fileName: 'junit-gitlab.xsd', contents: XSD }] });
}

export async function assertValidJunit(xml: string): Promise<void> {
  const result = await junitValidation(xml);
  assert.ok(result.valid, `the report does not validate:\n${result.rawOutput}\n${xml}`);
}
