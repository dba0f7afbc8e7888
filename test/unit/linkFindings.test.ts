// The links a flat plan finds in each file as it plans it are handed to planFileLinks only for the same text.
import assert from 'node:assert/strict';
import { LinkFindings } from '../../src/core/run/linkFindings';
import { findLinkDestinations, mayHoldLinks } from '../../src/core/markdown/links';

describe('the links found as a flat plan plans each file', () => {
  it('gives the links of the text asked about: those found at planning for that text, found again for another', () => {
    const findings = new LinkFindings();
    const planned = 'See [a](a.md).\n';
    findings.keep('docs/x.md', planned);
    const changed = '# Title\n\nSee [b](b.md) and [c]: c.md\n\n[c]: c.md\n';
    assert.deepEqual(Array.from(findings.take('docs/x.md', changed)), findLinkDestinations(changed));
    findings.keep('docs/x.md', planned);
    assert.deepEqual(Array.from(findings.take('docs/x.md', planned), (link) => link.text), ['a.md']);
    // Given once: asked again, the text is read again.
    assert.deepEqual(Array.from(findings.take('docs/x.md', '[d](d.md)'), (link) => link.text), ['d.md']);
  });

  it('keeps nothing of a text that cannot hold a link, and forgets what a file held before', () => {
    const findings = new LinkFindings();
    findings.keep('x.md', '[a](a.md)');
    findings.keep('x.md', 'No link here.');
    assert.equal(mayHoldLinks('No link here.'), false);
    assert.deepEqual(Array.from(findings.take('x.md', '[a](a.md)'), (link) => link.text), ['a.md']);
    assert.equal(mayHoldLinks('[c]: c.md'), true);
  });
});
