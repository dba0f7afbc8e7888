import { startSandbox, type Sandbox } from '../sandbox/server';
import { createUndiciTransport } from '../../src/core/http/undiciTransport';
import type { Transport } from '../../src/core/http/transport';
import { importPage } from '../../src/core/publish/pipeline';
import type { PublishOutcome } from '../../src/core/publish/outcome';
import type { PublishTarget } from '../../src/core/publish/target';
import type { RetryHooks } from '../../src/core/importApi/client';

export const DOCS_HOME: PublishTarget = { spaceId: 'DOCS', parentId: '123456', pageTitle: 'Release notes', overwrite: false };

/** Retries without real waiting, so tests that exercise backoff stay fast; the delays asked for are recorded. */
export function instantRetries(): RetryHooks & { waits: number[] } {
  const waits: number[] = [];
  return {
    waits,
    random: () => 0.5,
    sleep: async (ms) => {
      waits.push(ms);
    },
  };
}

export interface SendOptions extends RetryHooks {
  endpoint: string;
  token: string;
  target?: Partial<PublishTarget>;
  content?: string;
  deadlineMs?: number;
  /** undici without a proxy unless given. */
  transport?: Transport;
}

// No proxy from the test runner's environment: the tests that want one say so.
const sharedTransport = createUndiciTransport({}, {});

/** Publishes through the real client (pipeline -> transport) to a real server. */
export function send(options: SendOptions): Promise<PublishOutcome> {
  return importPage({
    ...options,
    endpoint: new URL(options.endpoint),
    token: options.token,
    target: { ...DOCS_HOME, ...options.target },
    content: options.content ?? '# Release notes\n\nFirst entry.\n',
    transport: options.transport ?? sharedTransport,
    deadlineMs: options.deadlineMs ?? 10_000,
  });
}

/** A sandbox wiki for a describe block: started once, reset with a fresh token before each test, closed after. */
export function useSandbox(): { readonly sandbox: Sandbox; readonly token: string } {
  const state = {} as { sandbox: Sandbox; token: string };
  before(async () => {
    state.sandbox = await startSandbox();
  });
  after(async () => {
    await state.sandbox.close();
  });
  beforeEach(() => {
    state.sandbox.reset();
    state.token = state.sandbox.issueToken({ label: 'writer' }).token;
  });
  return state;
}
