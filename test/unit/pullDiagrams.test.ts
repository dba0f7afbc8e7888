// Pull on a file whose Mermaid diagrams went out as images (wikiPublisher.diagrams, --diagrams): the page holds an
// image where the file holds the fence, and a colleague's edit beside it must merge as it does anywhere else.
import assert from 'node:assert/strict';
import { mergeThreeWay, withFileDiagramForms } from '../../src/core/pull';
import { renderDiagrams } from '../../src/core/publish/diagrams';
import { convertedMarkdown } from '../sandbox/sandboxExportStyle';

const RENDERER = 'https://kroki.example.test/render';

function published(file: string): string {
  const rendered = renderDiagrams(file.replace(/\r\n/g, '\n'), { rendererUrl: RENDERER });
  assert.ok(rendered.ok && rendered.rendered);
  return convertedMarkdown(rendered.markdown);
}

function merge(file: string, colleague: (page: string) => string, ours = file): ReturnType<typeof mergeThreeWay> {
  const base = published(file);
  const theirs = colleague(base);
  return mergeThreeWay(withFileDiagramForms(base, ours), withFileDiagramForms(theirs, ours), ours);
}

describe('Pull on a file with diagrams drawn as images', () => {
  // The source is chosen so that its encoding holds an underscore, which the export escapes like text (`\_`).
  const FILE = '# Flow\n\nIntro.\n\n- Steps:\n\n  ```mermaid\n  graph LR\n    build --> test9\n  ```\n\n```mermaid\nsequenceDiagram\n  A->>B: hi\n```\n\nAfter the diagram.\n\nThe end.\n';

  it('merges a colleague\'s edit of the line after each diagram, at the top level and in a list item, keeping the fences', () => {
    assert.match(published(FILE), /\\_/, 'an escaped address, or this test proves less');
    for (const file of [FILE, FILE.replace(/\n/g, '\r\n')]) {
      const result = merge(file, (page) => page.replace('After the diagram.', 'After the diagram, edited on the wiki.').replace('Intro.', 'Intro, edited.'));
      assert.equal(result.kind, 'merged', result.text);
      assert.equal(result.text, file.replace('After the diagram.', 'After the diagram, edited on the wiki.').replace('Intro.', 'Intro, edited.'));
    }
  });

  it('says nothing new when the page only holds the images, and leaves an image of another diagram alone', () => {
    assert.equal(merge(FILE, (page) => page).kind, 'nothingNew');
    const edited = FILE.replace('A->>B: hi', 'A->>B: hello');
    // The file's diagram changed since it was published: the page's image is of the old source and stays an image.
    assert.match(withFileDiagramForms(published(FILE), edited), /^!\[Diagram 2\]\(/m);
    assert.equal(merge(FILE, (page) => page.replace('The end.', 'The end, on the wiki.'), edited).text, edited.replace('The end.', 'The end, on the wiki.'));
  });
});
