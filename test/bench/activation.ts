// Activation cost against an empty extension: one sample per fresh Node process, ours and the stub alternating
// (and swapping who goes first) so that machine noise lands on both sides alike.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ActivationSample } from './activationChild';
import { summarize, type Summary } from './stats';

export interface ActivationResult {
  ours: Summary;
  oursLoad: Summary;
  oursActivate: Summary;
  stub: Summary;
  ratio: number;
  /** Information only: ours with the built-ins it pulls in already loaded, as they may be in an extension host. */
  oursPreloaded: Summary;
  preloaded: string[];
  /** Files loaded by our activation, relative names, as seen in the first sample. */
  loadedFiles: string[];
  loadedBuiltins: string[];
  /** Heavy modules that activation must not load but did (undici, yaml, the onDemand bundle). */
  forbiddenLoaded: string[];
  commands: string[];
  activationErrors: string[];
}

const CHILD = join(__dirname, 'activationChild.js');
const STUB = join(__dirname, 'stubExtension.js');
const FORBIDDEN = [/[\\/]onDemand\.js$/, /[\\/]node_modules[\\/]undici[\\/]/, /[\\/]node_modules[\\/]yaml[\\/]/];
// node:crypto pulls in the stream modules: a few milliseconds of every window's start-up, for a hash or a random name
// that only a command needs.
const FORBIDDEN_BUILTINS = ['crypto'];

async function sampleOnce(main: string, preload: readonly string[] = []): Promise<ActivationSample> {
  const env = { ...process.env };
  delete env.WIKI_PUBLISHER_API_TOKEN;
  delete env.NODE_OPTIONS;
  const { stdout } = await promisify(execFile)(process.execPath, [CHILD, main, ...preload], { env });
  return JSON.parse(stdout) as ActivationSample;
}

/** Public built-ins among what activation loaded (internal/* ones come with them). */
function publicBuiltins(sample: ActivationSample): string[] {
  return sample.loadedBuiltins.filter((name) => !name.startsWith('internal/')).map((name) => `node:${name}`);
}

export async function measureActivation(extensionJs: string, samples: number, warmups: number): Promise<ActivationResult> {
  const ours: ActivationSample[] = [];
  const stub: number[] = [];
  const preloadedTimes: number[] = [];
  const preload = publicBuiltins(await sampleOnce(extensionJs));
  for (let index = 0; index < warmups + samples; index++) {
    const oursFirst = index % 2 === 0;
    const first = await sampleOnce(oursFirst ? extensionJs : STUB);
    const second = await sampleOnce(oursFirst ? STUB : extensionJs);
    const third = await sampleOnce(extensionJs, preload);
    if (index < warmups) continue;
    ours.push(oursFirst ? first : second);
    stub.push((oursFirst ? second : first).totalMs);
    preloadedTimes.push(third.totalMs);
  }
  const all = ours.flatMap((sample) => sample.loadedFiles);
  const first = ours[0];
  if (!first) throw new Error('No activation samples were taken.');
  const oursSummary = summarize(ours.map((sample) => sample.totalMs));
  const stubSummary = summarize(stub);
  return {
    ours: oursSummary,
    oursLoad: summarize(ours.map((sample) => sample.loadMs)),
    oursActivate: summarize(ours.map((sample) => sample.activateMs)),
    stub: stubSummary,
    ratio: oursSummary.median / stubSummary.median,
    oursPreloaded: summarize(preloadedTimes),
    preloaded: preload,
    loadedFiles: first.loadedFiles,
    loadedBuiltins: first.loadedBuiltins,
    forbiddenLoaded: [
      ...new Set(all.filter((file) => FORBIDDEN.some((pattern) => pattern.test(file)))),
      ...first.loadedBuiltins.filter((name) => FORBIDDEN_BUILTINS.includes(name)).map((name) => `node:${name}`),
    ],
    commands: first.commands,
    activationErrors: [...new Set(ours.flatMap((sample) => sample.activationErrors))],
  };
}
