// package.json's contributions as VS Code reads them: every user-facing string is a %key% with its English text
// in package.nls.json (and no text is left unused), settings accept their own defaults, and the walkthrough's
// steps each have a button, media that exists and a completion event.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..');
const PLACEHOLDER = /^%([^%\s]+)%$/;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface Setting {
  type?: string;
  default?: Json;
  pattern?: string;
  format?: string;
  [field: string]: Json | undefined;
}

interface WalkthroughStep {
  id: string;
  title: string;
  description: string;
  media: { markdown?: string; image?: string; svg?: string; altText?: string };
  completionEvents?: string[];
}

interface Manifest {
  displayName: string;
  description: string;
  contributes: {
    commands: Array<{ command: string; title: string; category?: string }>;
    configuration: { title: string; properties: Record<string, Setting> };
    authentication?: Array<{ id: string; label: string }>;
    walkthroughs?: Array<{ id: string; title: string; description: string; steps: WalkthroughStep[] }>;
  };
  capabilities?: { untrustedWorkspaces?: { description?: string } };
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(join(root, file), 'utf8')) as T;
}

/** Every string anywhere in a JSON value, with the path that leads to it. */
function stringsIn(value: Json, path = ''): Array<{ path: string; text: string }> {
  if (typeof value === 'string') return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringsIn(item, `${path}[${index}]`));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => stringsIn(item, `${path}.${key}`));
  return [];
}

/** The fields whose text a user reads in the Extensions view, the palette, Settings, Accounts or the walkthrough. */
function userFacingStrings(manifest: Manifest): Array<{ where: string; text: string | undefined }> {
  const { contributes } = manifest;
  const settingFields = ['description', 'markdownDescription', 'patternErrorMessage', 'deprecationMessage', 'markdownDeprecationMessage'];
  return [
    { where: 'displayName', text: manifest.displayName },
    { where: 'description', text: manifest.description },
    ...contributes.commands.flatMap((command) => [
      { where: `${command.command} title`, text: command.title },
      { where: `${command.command} category`, text: command.category },
    ]),
    { where: 'configuration title', text: contributes.configuration.title },
    ...Object.entries(contributes.configuration.properties).flatMap(([name, setting]) => [
      ...settingFields.filter((field) => field in setting).map((field) => ({ where: `${name} ${field}`, text: setting[field] as string })),
      ...['enumDescriptions', 'markdownEnumDescriptions'].flatMap((field) =>
        ((setting[field] as string[] | undefined) ?? []).map((text) => ({ where: `${name} ${field}`, text }))),
    ]),
    ...(contributes.authentication ?? []).map((provider) => ({ where: `${provider.id} label`, text: provider.label })),
    ...(contributes.walkthroughs ?? []).flatMap((walkthrough) => [
      { where: `walkthrough ${walkthrough.id} title`, text: walkthrough.title },
      { where: `walkthrough ${walkthrough.id} description`, text: walkthrough.description },
      ...walkthrough.steps.flatMap((step) => [
        { where: `step ${step.id} title`, text: step.title },
        { where: `step ${step.id} description`, text: step.description },
        ...(step.media.altText === undefined ? [] : [{ where: `step ${step.id} altText`, text: step.media.altText }]),
      ]),
    ]),
    { where: 'untrustedWorkspaces description', text: manifest.capabilities?.untrustedWorkspaces?.description },
  ];
}

describe('package.json manifest', () => {
  const rawManifest = readJson<JsonObject>('package.json');
  const manifest = rawManifest as unknown as Manifest;
  const nls = readJson<Record<string, string>>('package.nls.json');
  /** Resolves a %key% the way VS Code does; other strings are returned as they are. */
  const localized = (text: string): string => {
    const key = PLACEHOLDER.exec(text)?.[1];
    return key === undefined ? text : nls[key] ?? text;
  };

  it('every %key% in package.json has its English text in package.nls.json', () => {
    const missing = stringsIn(rawManifest)
      .map(({ path, text }) => ({ path, key: PLACEHOLDER.exec(text)?.[1] }))
      .filter(({ key }) => key !== undefined && typeof nls[key] !== 'string')
      .map(({ path, key }) => `${path}: %${key}%`);
    assert.deepEqual(missing, []);
  });

  it('package.nls.json holds no text that package.json does not use', () => {
    const used = new Set(stringsIn(rawManifest).map(({ text }) => PLACEHOLDER.exec(text)?.[1]));
    assert.deepEqual(Object.keys(nls).filter((key) => !used.has(key)), []);
  });

  it('every user-facing string of the manifest is a %key%, so it can be translated', () => {
    const literal = userFacingStrings(manifest)
      .filter(({ text }) => text !== undefined && !PLACEHOLDER.test(text))
      .map(({ where, text }) => `${where}: ${JSON.stringify(text)}`);
    assert.deepEqual(literal, []);
  });

  it('every string setting accepts its own default, so the Settings UI shows no error on it', () => {
    const refused = Object.entries(manifest.contributes.configuration.properties)
      .filter(([, setting]) => setting.type === 'string' && typeof setting.default === 'string')
      .filter(([, setting]) => setting.format !== undefined || (setting.pattern !== undefined && !new RegExp(setting.pattern, 'u').test(setting.default as string)))
      .map(([name]) => name);
    assert.deepEqual(refused, [], 'a "format" (such as "uri") refuses the empty default: use a pattern that accepts ""');
  });

  it('the address settings accept https: and http: addresses and refuse anything else, with a message', () => {
    const addressSettings = ['wikiPublisher.importEndpoint', 'wikiPublisher.baseUrl', 'wikiPublisher.export.authUrl', 'wikiPublisher.export.apiUrl']
      .map((name) => ({ name, setting: manifest.contributes.configuration.properties[name] }))
      .filter((entry): entry is { name: string; setting: Setting } => entry.setting !== undefined);
    assert.equal(addressSettings.length, 4);
    for (const { name, setting } of addressSettings) {
      assert.ok(setting.pattern, `${name} has a pattern`);
      const pattern = new RegExp(setting.pattern, 'u');
      assert.ok(pattern.test('https://example.wiki.net/wiki/apps/a/b/webtrigger'), `${name} accepts https:`);
      assert.ok(pattern.test('http://127.0.0.1:8080/import'), `${name} accepts http: (the extension allows it for loopback)`);
      assert.ok(!pattern.test('example.wiki.net'), `${name} refuses an address without a scheme`);
      assert.match(localized(String(setting.patternErrorMessage)), /https:\/\//, `${name} says what it expects`);
    }
  });

  describe('the Get Started walkthrough', () => {
    const walkthroughs = manifest.contributes.walkthroughs ?? [];
    const steps = walkthroughs[0]?.steps ?? [];
    const commands = new Set(manifest.contributes.commands.map((command) => command.command));

    it('walks through the endpoint, the token, a publish and the optional sign-in', () => {
      assert.equal(walkthroughs.length, 1);
      assert.equal(localized(walkthroughs[0]?.title ?? ''), 'Get started with Wiki Publisher');
      assert.deepEqual(steps.map((step) => step.id), ['setImportEndpoint', 'setApiToken', 'publish', 'signIn']);
    });

    for (const step of steps) {
      it(`step "${step.id}" has a button that runs a command, its media and a completion event for that button`, () => {
        const buttons = [...localized(step.description).matchAll(/^\[[^\]]+\]\(command:(?:toSide:)?([\w.]+)(?:\?[^)\s]*)?\)$/gmu)].map((match) => match[1]);
        const [command, ...others] = buttons;
        assert.ok(command !== undefined && others.length === 0, `one button line in ${JSON.stringify(localized(step.description))}`);
        assert.ok(commands.has(command) || command.startsWith('workbench.'), `${command} is one of the extension's commands or a built-in one`);
        const media = step.media.markdown ?? step.media.image ?? step.media.svg;
        assert.ok(media && existsSync(join(root, media)), `${media} exists`);
        assert.ok(media.startsWith('media/walkthrough/'), `${media} is packaged with the walkthrough's media`);
        const events = step.completionEvents ?? [];
        const completedByButton = events.includes(`onCommand:${command}`) || events.some((event) => event.startsWith('onSettingChanged:'));
        assert.ok(completedByButton, `${JSON.stringify(events)} completes the step when its button has done its work`);
      });
    }

    it('the settings step opens the import endpoint setting and completes when it changes', () => {
      const step = steps[0];
      assert.ok(step);
      const link = /\(command:(?:toSide:)?workbench\.action\.openSettings\?([^)\s]+)\)/u.exec(localized(step.description));
      assert.ok(link?.[1], 'the button opens the Settings editor');
      assert.deepEqual(JSON.parse(decodeURIComponent(link[1])), ['wikiPublisher.importEndpoint']);
      assert.ok(step.completionEvents?.includes('onSettingChanged:wikiPublisher.importEndpoint'));
    });

    it('the packaged files include the walkthrough media and the strings', () => {
      const ignore = readFileSync(join(root, '.vscodeignore'), 'utf8').split('\n').map((line) => line.trim());
      assert.ok(ignore.includes('!media/walkthrough/**'), '.vscodeignore keeps media/walkthrough/');
      assert.ok(ignore.includes('!package.nls.json'), '.vscodeignore keeps package.nls.json');
      if ('l10n' in rawManifest) assert.ok(ignore.includes('!l10n/**'), '.vscodeignore keeps the runtime strings of "l10n"');
    });
  });
});
