// The demo's sample documents follow the README's advice on titles: the wiki shows the page title above the page, so
// none of them sends a first "# " heading that repeats it (the demo's first sample used to show its title twice).
import { heldContent } from '../../src/core/run/plannedContent';
import * as assert from 'node:assert/strict';
import { planFile } from '../../src/core/run/plan';
import { readSampleDocs } from '../e2e/support/sampleDocs';

describe('The demo\'s sample documents', () => {
  const docs = Object.entries(readSampleDocs());

  it('are there', () => assert.ok(docs.length >= 3, `${docs.length} sample documents`));

  for (const [name, text] of docs) {
    it(`${name} sends no heading that repeats its page title`, () => {
      const item = planFile({ key: name, label: name, text }, undefined, { titleFromFile: true, defaults: { spaceId: 'DOCS', parentId: '123456', overwrite: false } });
      assert.ok(item.complete, `${name} has a complete target`);
      assert.ok(text.includes(`# ${item.complete.pageTitle}\n`), `${name} starts with its title as a heading, as documents do`);
      const firstLine = heldContent(item).trimStart().split('\n')[0] ?? '';
      assert.notEqual(firstLine.replace(/^#\s+/, '').trim(), item.complete.pageTitle, `${name} would show its title twice: ${firstLine}`);
    });
  }
});
