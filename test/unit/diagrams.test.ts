import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { inflateSync } from 'node:zlib';
import { checkRenderer, diagramCaution, encodeForKroki, findDiagramFences, longDiagramCaution, renderDiagrams } from '../../src/core/publish/diagrams';
import { serve } from '../support/loopbackServers';

const FLOW = 'graph TD\n  A-->B';

function sources(markdown: string): string[] {
  return findDiagramFences(markdown).map((fence) => fence.source);
}

/** What a Kroki server does with the last path segment of a GET: base64url, then zlib inflate. */
function krokiDecode(encoded: string): string {
  return inflateSync(Buffer.from(encoded, 'base64url')).toString('utf8');
}

function rendered(markdown: string, rendererUrl: string): string {
  const result = renderDiagrams(markdown, { rendererUrl });
  assert.ok(result.ok, 'the renderer address should be accepted');
  return result.markdown;
}

describe('Mermaid diagrams', () => {
  describe('finding fences', () => {
    it('finds backtick and tilde fences, whatever the case of the info string', () => {
      const text = `intro\n\`\`\`mermaid\n${FLOW}\n\`\`\`\n~~~Mermaid\nB\n~~~\n\`\`\`\` MERMAID {theme: dark}\nC\n\`\`\`\`\n`;
      assert.deepEqual(sources(text), [FLOW, 'B', 'C']);
      const [first] = findDiagramFences(text);
      assert.equal(first?.kind, 'mermaid');
      assert.equal(first && text.slice(first.start, first.end), `\`\`\`mermaid\n${FLOW}\n\`\`\``, 'from the opening line to the end of the closing one');
    });

    it('takes up to three spaces of indentation and removes it from the content, as CommonMark does', () => {
      assert.deepEqual(sources('   ```mermaid\n   graph LR\n     A-->B\n   ```'), ['graph LR\n  A-->B']);
      assert.deepEqual(sources('    ```mermaid\n    A\n    ```'), [], 'four spaces make an indented code block, not a fence');
    });

    it('ignores other languages and words that only start with mermaid', () => {
      assert.deepEqual(sources('```js\nA\n```\n```mermaidjs\nB\n```\n```\nC\n```'), []);
    });

    it('does not look inside another fence', () => {
      assert.deepEqual(sources('````md\n```mermaid\nA\n```\n````'), []);
      assert.deepEqual(sources('~~~\n```mermaid\nA\n```\n~~~\n```mermaid\nB\n```'), ['B']);
    });

    it('takes no fence inside an HTML comment or block, which the page shows no code of, and pairs the fences after it', () => {
      assert.deepEqual(sources('<!--\n```mermaid\nA\n```\n-->\n\n```mermaid\nB\n```'), ['B']);
      assert.deepEqual(sources('<custom-note>\n```\n</custom-note>\n\n```mermaid\nC\n```'), ['C']);
    });

    it('takes a fence after an HTML block in a list item once the list item has ended, and none inside the block', () => {
      assert.deepEqual(sources('1. Step\n\n   <div align="center">\n```mermaid\nA\n```\n'), ['A']);
      assert.deepEqual(sources('1. Step\n\n   <div align="center">\n   ```mermaid\n   A\n   ```\n'), []);
    });

    it('does not mistake a fence with an info string for a closing fence', () => {
      // "```mermaid" cannot close the plain fence above it, so the diagram is code inside that block.
      assert.deepEqual(sources('```\ncode\n```mermaid\nA\n```'), []);
    });

    it('does not let a shorter or different fence close a diagram', () => {
      assert.deepEqual(sources('````mermaid\nA\n```\n~~~~\nB\n````'), ['A\n```\n~~~~\nB']);
    });

    it('leaves an unclosed fence as code instead of swallowing the rest of the page', () => {
      assert.deepEqual(sources('```mermaid\ngraph TD\n# Heading\nmore text\n'), []);
      assert.deepEqual(sources('```mermaid\nA\n```\n\n```mermaid\nB'), ['A']);
      assert.deepEqual(sources('```mermaid'), []);
    });

    it('reads a fence opened in a block quote or on a list item\'s line without the containers\' markers', () => {
      assert.deepEqual(sources('> ```mermaid\n> graph TD\n>   A-->B\n> ```\n'), [FLOW]);
      assert.deepEqual(sources('>  ```mermaid\r\n>  graph TD\r\n>    A-->B\r\n> ```\r\n'), [FLOW], 'the fence\'s own indentation inside the quote');
      assert.deepEqual(sources('1. ```mermaid\n   graph TD\n     A-->B\n   ```\n'), [FLOW]);
      assert.deepEqual(sources('> - ```mermaid\n>   graph TD\n>     A-->B\n>   ```\n'), [FLOW]);
      assert.deepEqual(sources('> ```mermaid\n> graph TD\n\nafter\n'), [], 'ended by the end of the quote, not by a fence line');
      assert.deepEqual(sources('> ```js\n> A\n> ```\n'), []);
    });

    it('reads a fence in a nested list item indented four columns or more, as link inspection reads it', () => {
      assert.deepEqual(sources('- a\n  - b\n    ```mermaid\n    graph TD\n      A-->B\n    ```\n'), [FLOW]);
      assert.deepEqual(sources('- a\r\n  - b\r\n     ```mermaid\r\n     graph TD\r\n       A-->B\r\n    ```\r\n'), [FLOW], 'the fence\'s own indentation in the item');
      assert.deepEqual(sources('- a\n  - b\n    - ```mermaid\n      graph TD\n        A-->B\n      ```\n'), [FLOW], 'on a deeper item\'s marker line');
      assert.deepEqual(sources('1. a\n   - b\n     ```mermaid\n     graph TD\n       A-->B\n     ```\n\n```mermaid\nC\n```\n'), [FLOW, 'C'], 'in document order');
      assert.deepEqual(sources('- a\n  - b\n    ```mermaid\n    A\nafter\n'), [], 'ended by the end of the list, not by a fence line');
      assert.deepEqual(sources('- a\n  - b\n    ```js\n    A\n    ```\n'), []);
      assert.deepEqual(sources('text\n\n    ```mermaid\n    A\n    ```\n'), [], 'outside a list it is indented code');
      const result = renderDiagrams('- a\n  - b\n    ```mermaid\n    A\n    ```\n- c\n', { rendererUrl: 'https://r.example' });
      assert.deepEqual(result.ok && { diagrams: result.diagrams, unclosed: result.unclosed }, { diagrams: 1, unclosed: 0 });
      assert.equal(rendered('- a\n  - b\n    ```mermaid\n    A\n    ```\n- c\n', 'https://r.example'), `- a\n  - b\n    ![Diagram 1](https://r.example/mermaid/png/${encodeForKroki('A')})\n- c\n`);
      const unclosed = renderDiagrams('- a\n  - b\n    ```mermaid\n    A\n', { rendererUrl: 'https://r.example' });
      assert.deepEqual(unclosed.ok && { diagrams: unclosed.diagrams, unclosed: unclosed.unclosed }, { diagrams: 0, unclosed: 1 }, 'an unclosed one stays code, and the plan says so');
    });

    it('finds none in a text without three backticks or tildes in a row, whatever it says of Mermaid', () => {
      assert.deepEqual(sources('We draw with mermaid.\n\n``mermaid``\n\n~~mermaid~~\n\n    graph TD\n'), []);
      const result = renderDiagrams('Mermaid `graph TD` only.\n', { rendererUrl: 'https://r.example' });
      assert.deepEqual(result.ok && { diagrams: result.diagrams, unclosed: result.unclosed, markdown: result.markdown }, { diagrams: 0, unclosed: 0, markdown: 'Mermaid `graph TD` only.\n' });
      assert.deepEqual(sources('- a\n  - b\n    ~~~mermaid\n    graph TD\n      A-->B\n    ~~~\n'), [FLOW], 'a tilde fence in a nested list item is still one');
    });

    it('keeps the block quote or list item marker before a drawn diagram', () => {
      assert.equal(rendered('> ```mermaid\r\n> A\r\n> ```\r\nafter\r\n', 'https://r.example'), `> ![Diagram 1](https://r.example/mermaid/png/${encodeForKroki('A')})\r\nafter\r\n`);
      assert.equal(rendered('- a\n- ```mermaid\n  A\n  ```\n- b\n', 'https://r.example'), `- a\n- ![Diagram 1](https://r.example/mermaid/png/${encodeForKroki('A')})\n- b\n`);
    });

    it('reads CRLF documents and skips empty diagrams', () => {
      assert.deepEqual(sources('```mermaid\r\ngraph TD\r\n  A-->B\r\n```\r\n'), [FLOW]);
      assert.deepEqual(sources('```mermaid\n```\n```mermaid\n  \n```'), []);
    });
  });

  describe('encoding', () => {
    it('matches the example in the Kroki documentation', () => {
      // docs.kroki.io "Usage": `cat hello.dot | python -c "...zlib.compress(..., 9)..."` for this file.
      assert.equal(encodeForKroki('digraph G {Hello->World}\n'), 'eNpLyUwvSizIUHBXqPZIzcnJ17ULzy_KSanlAgB1EAjQ');
    });

    it('round-trips through inflate and base64url, with only URL-safe characters', () => {
      const source = 'sequenceDiagram\n  Alice->>Bob: Grüße, 日本 ✓ + / = ?\n  Bob-->>Alice: ok';
      const encoded = encodeForKroki(source);
      assert.match(encoded, /^[A-Za-z0-9_-]+$/);
      assert.equal(krokiDecode(encoded), source);
    });
  });

  describe('rendering', () => {
    const page = `# Title\n\n\`\`\`mermaid\n${FLOW}\n\`\`\`\n\nBetween.\n\n~~~mermaid\n%% title: Login [flow]\nsequenceDiagram\n~~~\n\n\`\`\`js\nx\n\`\`\`\n`;

    it('leaves the text unchanged without a renderer, and still counts the diagrams', () => {
      for (const rendererUrl of [undefined, '', '   ']) {
        assert.deepEqual(renderDiagrams(page, { rendererUrl }), { ok: true, markdown: page, diagrams: 2, unclosed: 0, rendered: false, tooLong: 0 });
      }
    });

    it('turns each fence into an image at <renderer>/mermaid/png/<encoded>', () => {
      const second = '%% title: Login [flow]\nsequenceDiagram';
      const expected =
        `# Title\n\n![Diagram 1](https://kroki.example.com/mermaid/png/${encodeForKroki(FLOW)})\n\nBetween.\n\n` +
        `![Login \\[flow\\]](https://kroki.example.com/mermaid/png/${encodeForKroki(second)})\n\n\`\`\`js\nx\n\`\`\`\n`;
      assert.deepEqual(renderDiagrams(page, { rendererUrl: 'https://kroki.example.com' }), { ok: true, markdown: expected, diagrams: 2, unclosed: 0, rendered: true, tooLong: 0 });
    });

    it('numbers diagrams by position and takes the first %% title comment as alt text', () => {
      const text = '```mermaid\nA\n```\n```mermaid\n%% Title Checkout\n%% title: Later\nB\n```\n```mermaid\n%%{init: {}}%%\nC\n```';
      const alts = [...rendered(text, 'https://r.example').matchAll(/!\[([^\]]*)\]/g)].map((match) => match[1]);
      assert.deepEqual(alts, ['Diagram 1', 'Checkout', 'Diagram 3']);
    });

    it('reads a %% title line holding a long run of spaces in time proportional to it', () => {
      const spaces = ' '.repeat(200_000);
      const alts = (text: string): Array<string | undefined> => [...rendered(text, 'https://r.example').matchAll(/!\[([^\]]*)\]/g)].map((match) => match[1]);
      assert.match(alts(`\`\`\`mermaid\n%% title a${spaces}b\nA\n\`\`\``)[0] ?? '', /^a\s+b$/, 'the title keeps its inner spaces (however the alt text writes them)');
      assert.deepEqual(alts(`\`\`\`mermaid\n%% title:  Login flow ${spaces}\nA\n\`\`\``), ['Login flow']);
      assert.deepEqual(alts(`\`\`\`mermaid\n%% title ${spaces}\nA\n\`\`\``), ['Diagram 1']);
    });

    it('keeps the indentation and CRLF line ends around a replaced fence', () => {
      const text = '- item\r\n\r\n  ```mermaid\r\n  A\r\n  ```\r\nafter\r\n';
      assert.equal(rendered(text, 'https://r.example/'), `- item\r\n\r\n  ![Diagram 1](https://r.example/mermaid/png/${encodeForKroki('A')})\r\nafter\r\n`);
    });

    it('keeps a path prefix of the renderer and escapes parentheses for the Markdown link', () => {
      const text = '```mermaid\nA\n```';
      assert.equal(rendered(text, 'https://r.example/tools/kroki/'), `![Diagram 1](https://r.example/tools/kroki/mermaid/png/${encodeForKroki('A')})`);
      assert.equal(rendered(text, 'https://r.example/a(b)'), `![Diagram 1](https://r.example/a%28b%29/mermaid/png/${encodeForKroki('A')})`);
    });
  });

  describe('the renderer address', () => {
    it('refuses invalid and insecure addresses, naming the setting to fix', () => {
      const cases: Array<[string, 'invalid' | 'insecure']> = [
        ['not a url', 'invalid'],
        ['https://user:secret@kroki.example.com', 'invalid'],
        ['https://kroki.example.com/?format=png', 'invalid'],
        ['https://kroki.example.com/#x', 'invalid'],
        ['http://kroki.example.com', 'insecure'],
        ['http://10.0.0.5:8000', 'insecure'],
        ['ftp://kroki.example.com', 'insecure'],
      ];
      for (const [rendererUrl, problem] of cases) {
        const result = renderDiagrams('```mermaid\nA\n```', { rendererUrl, settingName: '--diagrams' });
        assert.ok(!result.ok, rendererUrl);
        assert.equal(result.problem, problem, rendererUrl);
        assert.match(result.message, /^--diagrams /, rendererUrl);
      }
    });

    it('refuses a bad address even on a page without diagrams, and names the setting by default', () => {
      const result = renderDiagrams('no diagrams here', { rendererUrl: 'http://kroki.example.com' });
      assert.deepEqual(result, {
        ok: false,
        problem: 'insecure',
        message: 'wikiPublisher.diagrams must use https:// (plain http:// is allowed only for 127.0.0.1, [::1] and localhost), so diagram source is never sent unencrypted.',
      });
    });

    it('allows plain http to loopback only', () => {
      for (const address of ['http://127.0.0.1:8000', 'http://localhost:8000/kroki/', 'http://[::1]:8000', 'https://kroki.internal.example']) {
        const check = checkRenderer(address);
        assert.ok(check.ok && check.url, address);
      }
    });
  });

  describe('the caution', () => {
    it('counts drawn diagrams whose image address is longer than a Kroki server takes by default', () => {
      let seed = 7;
      // Labels from a simple generator: text that deflate cannot shrink much, so the address grows with the source.
      const label = (): string => Array.from({ length: 12 }, () => String.fromCharCode(97 + ((seed = (seed * 1103515245 + 12345) % 2147483648) % 26))).join('');
      const long = `graph TD\n${Array.from({ length: 400 }, (_, step) => `  N${step}[${label()}]-->N${step + 1}`).join('\n')}`;
      const result = renderDiagrams(`\`\`\`mermaid\n${long}\n\`\`\`\n\`\`\`mermaid\nA\n\`\`\`\n`, { rendererUrl: 'https://r.example' });
      assert.ok(result.ok);
      assert.equal(result.tooLong, 1);
      assert.equal(longDiagramCaution(result.tooLong)?.message.startsWith('1 Mermaid diagram is too large for an image address: longer than 4096 characters'), true);
      assert.equal(longDiagramCaution(0), undefined);
    });

    it('says nothing without diagrams, and explains code or images otherwise', () => {
      assert.equal(diagramCaution(0, false), undefined);
      const asCode = diagramCaution(1, false);
      assert.equal(asCode?.code, 'diagrams');
      assert.match(asCode?.message ?? '', /^1 Mermaid diagram will show as code, .*wikiPublisher\.diagrams\.$/);
      assert.match(diagramCaution(3, false, '--diagrams')?.message ?? '', /^3 Mermaid diagrams .* in --diagrams\.$/);
      assert.match(diagramCaution(2, true)?.message ?? '', /^2 Mermaid diagrams will show as images from your diagram renderer\./);
    });
  });

  describe('against a loopback server that decodes paths as Kroki does', () => {
    it('serves each diagram from the address in the published Markdown', async () => {
      const seen: Array<{ type: string; format: string; source: string }> = [];
      const server = await serve(
        createServer((req, res) => {
          req.resume();
          // Kroki's GET route is /{type}/{format}/{encoded}; this one sits under a /kroki prefix, as behind a proxy.
          const match = /^\/kroki\/([a-z]+)\/([a-z]+)\/([A-Za-z0-9_-]+=*)$/.exec(req.url ?? '');
          if (!match?.[3]) return void res.writeHead(404).end();
          try {
            seen.push({ type: match[1] ?? '', format: match[2] ?? '', source: krokiDecode(match[3]) });
          } catch {
            return void res.writeHead(400).end();
          }
          res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
        }),
      );
      try {
        const diagrams = [FLOW, 'sequenceDiagram\n  Alice->>Bob: Grüße ✓'];
        const markdown = diagrams.map((source) => `\`\`\`mermaid\n${source}\n\`\`\``).join('\n\ntext\n\n');
        const page = rendered(markdown, `${server.url}/kroki/`);
        const urls = [...page.matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map((match) => match[1] ?? '');
        assert.equal(urls.length, 2);
        for (const url of urls) {
          const response = await fetch(url);
          assert.equal(response.status, 200, url);
          assert.equal(response.headers.get('content-type'), 'image/png');
        }
        assert.deepEqual(seen, diagrams.map((source) => ({ type: 'mermaid', format: 'png', source })));
      } finally {
        await server.close();
      }
    });
  });
});
