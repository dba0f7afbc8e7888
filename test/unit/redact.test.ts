import assert from 'node:assert/strict';
import { englishTokenMessages } from '../../src/core/messages/tokenMessages';
import { validateApiToken } from '../../src/core/apiToken/validate';
import { Output } from '../../src/cli/output';
import { describeError, redact, redactLines } from '../../src/core/log/redact';
import { MemoryLogger } from '../fakes/memoryLogger';
import { findSecrets } from '../support/secretScan';

const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjEsImlhdCI6MH0.c2lnbmF0dXJlLXBhcnQ';

describe('redaction', () => {
  const cases: string[] = [
    `Authorization: Bearer ${jwt}`,
    'authorization: Bearer opaque-token-value-123',
    '{"Authorization":"Bearer abcdefghijkl"}',
    `token expired: ${jwt}`,
    'refresh_token=r1-abcdefghijklmnop&client_secret=s3cr3t-value-xyz',
    '{"refresh_token":"r1-abcdefghijklmnop","access_token":"a-abcdefghijkl"}',
    'code_verifier: abcdefghijklmnopqrstuvwxyz',
    'clientSecret = hunter2hunter2',
  ];
  for (const text of cases) {
    it(`scrubs ${text.slice(0, 40)}...`, () => {
      const scrubbed = redact(text);
      assert.deepEqual(findSecrets([scrubbed]), [], scrubbed);
      assert.match(scrubbed, /\[redacted\]/);
    });
  }

  it('keeps ordinary text', () => {
    const text = 'Publish "Release notes" to space DOCS under parent 123456: created (HTTP 201) in 12 ms';
    assert.equal(redact(text), text);
  });

  it('redacts inside error messages', () => {
    assert.ok(!describeError(new Error(`bad token ${jwt}`)).includes(jwt));
  });

  it('the scanner itself finds what it is meant to find', () => {
    assert.equal(findSecrets([`raw ${jwt}`, 'Bearer abcdefghijk', 'refresh_token: abcdefghijk']).length, 3);
  });

  it('every MemoryLogger line is redacted', () => {
    const logger = new MemoryLogger();
    logger.error(`failed with Authorization: Bearer ${jwt}`);
    assert.deepEqual(findSecrets(logger.lines), []);
  });
});

describe('redaction: secrets, not prose', () => {
  // [text, what redact() must leave]: a bare "token:" or "secret:" followed by an ordinary word is a sentence.
  const cases: Array<[string, string]> = [
    ['This is not an API token: it should be three parts', 'This is not an API token: it should be three parts'],
    ['This is not an API token: its middle part is not readable JSON.', 'This is not an API token: its middle part is not readable JSON.'],
    ['The secret: keep it safe.', 'The secret: keep it safe.'],
    ['Token: Expired.', 'Token: Expired.'],
    [`token: ${jwt}`, 'token: [redacted]'],
    ['token: abcdefghijklmnopqrst', 'token: [redacted]'],
    ['token: r1-abc', 'token: [redacted]'],
    ['token: Abc123', 'token: [redacted]'],
    ['secret: xyz123', 'secret: [redacted]'],
    ['token=it', 'token=[redacted]'],
    ['token:it', 'token:[redacted]'],
    ['"token": "it"', '"token": "[redacted]"'],
    ['{"access_token":"abc123def456"}', '{"access_token":"[redacted]"}'],
    ['{"access_token":"abc"}', '{"access_token":"[redacted]"}'],
    ['client_secret=xyz', 'client_secret=[redacted]'],
    ['client_secret: xyz', 'client_secret: [redacted]'],
    ['clientSecret: hunter', 'clientSecret: [redacted]'],
    ['password: hunter', 'password: [redacted]'],
    ['code_verifier: abc', 'code_verifier: [redacted]'],
    ['Authorization: Bearer abc', 'Authorization: [redacted]'],
    ['authorization=Basic dXNlcjpwYXNz', 'authorization=[redacted]'],
  ];
  for (const [text, expected] of cases) {
    it(`${JSON.stringify(text.slice(0, 48))} -> ${JSON.stringify(expected.slice(0, 48))}`, () => {
      assert.equal(redact(text), expected);
    });
  }

  it('leaves every refusal of validateApiToken as written (the CLI prints them through redact)', () => {
    const header = Buffer.from('{"alg":"HS256"}').toString('base64url');
    const payload = (json: string): string => Buffer.from(json).toString('base64url');
    for (const raw of ['', 'not-a-jwt-at-all', `${header}.${payload('not json')}.sig`, `${header}.${payload('42')}.sig`, `${header}.${payload('{"iat":1}')}.sig`]) {
      const checked = validateApiToken(raw, Date.now(), englishTokenMessages);
      assert.ok(!checked.ok);
      assert.equal(redact(checked.message), checked.message);
    }
  });

  it('the CLI\'s refusal of a token that is not a JWT keeps the word "it"', () => {
    const checked = validateApiToken('not-a-jwt-at-all', Date.now(), englishTokenMessages);
    assert.ok(!checked.ok);
    assert.match(redact(checked.message), /^This is not an API token: it should be three parts/);
  });
});

describe('redaction of long input', () => {
  it('cuts very long text before scanning it, so a huge answer cannot stall the log', () => {
    const scrubbed = redact(`body ${'A'.repeat(200_000)} token=abcdefghijkl`);
    assert.ok(scrubbed.length < 9_000);
    assert.match(scrubbed, /\(\d+ more characters\)$/);
  });

  it('still finds a secret field after a long run of word characters', () => {
    assert.equal(redact(`${'A'.repeat(5_000)} access_token=abcdefghijkl`), `${'A'.repeat(5_000)} access_token=[redacted]`);
  });
});

describe('redaction of many lines at once', () => {
  const lineByLine = (lines: readonly string[]): string => lines.map((line) => `${redact(line)}\n`).join('');

  it('gives each line as redact() gives it, with a newline after each', () => {
    const plain = ['would update docs/a.md -> "A" in DOCS under 123456', 'would create docs/b.md -> "B" in DOCS under 123456'];
    assert.equal(redactLines(plain), lineByLine(plain));
    assert.equal(redactLines([]), '');
    const marked = [...plain, `would update docs/c.md -> "token: ${jwt}" in DOCS under 123456`, 'token: plain words.'];
    assert.equal(redactLines(marked), lineByLine(marked));
    assert.match(redactLines(marked), /token: \[redacted\]/);
  });

  it('never reads a secret across two lines, and cuts an overlong line as redact() does', () => {
    // "Authorization:" at the end of one line and a word on the next are two lines of prose, not a header.
    const split = ['Authorization:', 'Bearer-like words follow'];
    assert.equal(redactLines(split), lineByLine(split));
    const long = ['short', 'A'.repeat(9_000)];
    assert.equal(redactLines(long), lineByLine(long));
    assert.match(redactLines(long), /\(1000 more characters\)\n$/);
  });

  it('Output.lines cuts a forgotten secret from each line, one with a line break included', () => {
    const written = (secret: string, lines: string[]): string => {
      const stdout = { text: '', write(text: string): void { this.text += text; } };
      const output = new Output(stdout, { write: () => undefined });
      output.forget(secret);
      output.lines(lines);
      return stdout.text;
    };
    assert.equal(written('s3cr3t-value-1', ['a s3cr3t-value-1 b', 'plain', 's3cr3t-value-1']), 'a [redacted] b\nplain\n[redacted]\n');
    // A secret with a line break: a line holding it whole shows its line feed escaped, and is cut as it is shown.
    assert.equal(written('two\nlines-secret', ['x two', 'lines-secret y', 'two\nlines-secret']), 'x two\nlines-secret y\n[redacted]\n');
  });

  it('Output.lines prints what line() prints of each text, escaped to one line, secrets cut', () => {
    const printed = (secret: string, lines: readonly string[], each: boolean): string => {
      const stdout = { text: '', write(text: string): void { this.text += text; } };
      const output = new Output(stdout, { write: () => undefined });
      output.forget(secret);
      if (each) for (const line of lines) output.line(line);
      else output.lines(lines);
      return stdout.text;
    };
    const batches: Array<readonly string[]> = [
      ['plain a', 'plain b'],
      ['a file\nnamed\nwith breaks', 'plain'],
      ['an escape \u001b[2J and a \u202e bidi control', 'a tab\tstays'],
      [`token: ${jwt}`, 'a s3cr3t-value-1 b', 'two\nlines-secret'],
      ['Authorization:', 'Bearer-like words follow'],
      ['short', 'A'.repeat(9_000)],
    ];
    for (const secret of ['s3cr3t-value-1', 'two\nlines-secret', 'two\\nlines-secret']) {
      for (const lines of batches) assert.equal(printed(secret, lines, false), printed(secret, lines, true), JSON.stringify([secret, lines]));
    }
    assert.equal(printed('s3cr3t-value-1', ['x\ny s3cr3t-value-1'], false), 'x\\ny [redacted]\n');
    assert.equal(printed('s3cr3t-value-1', ['x\ny s3cr3t-value-1'], true), 'x\\ny [redacted]\n', 'line() escapes a line feed too');
    assert.equal(printed('two\nlines-secret', ['a two\nlines-secret b'], true), 'a [redacted] b\n', 'a secret with a line feed is cut as the line shows it');
  });
});

describe('redaction of JSON output', () => {
  /** What Output.json() printed before it looked at the whole text first: each string member scrubbed on its own. */
  /** Every string scrubbed on its own, the members' names too (a plan's entries are keyed by paths, which may quote one). */
  const scrubbed = (value: unknown, secret: string): unknown => {
    if (typeof value === 'string') return redact(value).split(secret).join('[redacted]');
    if (Array.isArray(value)) return value.map((member: unknown) => scrubbed(member, secret));
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value).map(([name, member]) => [scrubbed(name, secret) as string, scrubbed(member, secret)]));
  };
  const memberByMember = (values: readonly object[], secret: string): string => values.map((value) => `${JSON.stringify(scrubbed(value, secret))}\n`).join('');
  const printed = (values: readonly object[], secret: string, print: (output: Output, values: readonly object[]) => void): string => {
    const stdout = { text: '', write(text: string): void { this.text += text; } };
    const output = new Output(stdout, { write: () => undefined });
    output.forget(secret);
    print(output, values);
    return stdout.text;
  };
  const secrets = ['s3cr3t-value-1', 'quote"and\\backslash-value', 'two\nlines-value-x', 'caf\u00e9-value-1234'];
  const records: object[] = [
    { type: 'plan', file: 'docs/a.md', cautions: ['plain words'], tree: { key: 'a.md', depth: 0 } },
    { type: 'plan', file: 'docs/b.md', title: `token: ${jwt}`, refusals: ['Authorization: Bearer abcdefghijkl'] },
    { type: 'plan', file: 'docs/c.md', title: 'long', cautions: [`${'A'.repeat(9_000)} x`] },
    { type: 'plan', file: 'docs/d.md', title: `"quoted" ${'\\'.repeat(4_500)} escapes make a long text of a short string` },
    { type: 'summary', counts: Array.from({ length: 3_000 }, (_, index) => index), entries: { 'docs/e.md': 'abc' } },
  ];

  it('prints each object as its members scrubbed one by one would, whatever it holds', () => {
    for (const secret of secrets) {
      const values = [...records, { type: 'plan', file: `docs/${secret}.md`, cautions: [`holds ${secret} inside`], [secret]: 'a key is scrubbed as a member is' }];
      assert.equal(printed(values, secret, (output, all) => all.forEach((value) => output.json(value))), memberByMember(values, secret), secret);
      assert.equal(printed(values, secret, (output, all) => output.jsonLines(all)), memberByMember(values, secret), secret);
      for (const value of values) assert.equal(printed([value], secret, (output, all) => output.jsonLines(all)), memberByMember([value], secret), secret);
    }
  });

  it('cuts what needs cutting', () => {
    const text = printed(records, secrets[0] as string, (output, all) => output.jsonLines(all));
    assert.deepEqual(findSecrets([text]), []);
    assert.ok(text.includes('"Authorization: [redacted]"'));
    assert.ok(text.includes('... (1002 more characters)"'));
    assert.equal(printed([], 's3cr3t-value-1', (output, all) => output.jsonLines(all)), '');
  });
});
