// Benchmark: token requests per rotation when five processes refresh one session at the same moment
// against the strict sandbox identity provider. The target is exactly 1.00: one request per rotation.
import path from 'node:path';
import { FileSecretStore } from '../fakes/fileSecretStore';
import { startIdp } from '../sandbox/idp';
import { makeTempDir } from '../sandbox/oauthTestKit';
import { raceRound, RaceWorker, seedSession } from '../race/raceHarness';

const PROCESSES = 5;

/** Runs `rounds` five-process races and returns refresh-token requests divided by rotations. */
export async function measureTokenRequestsPerRotation(rounds: number): Promise<number> {
  let virtualNow = Date.UTC(2026, 0, 5, 9, 0, 0);
  const idp = await startIdp({ now: () => virtualNow });
  const temp = await makeTempDir('oauth-bench-');
  const workers: RaceWorker[] = [];
  try {
    const store = new FileSecretStore(path.join(temp.dir, 'secrets.json'));
    await seedSession(store, idp.issueSessionDirectly(), virtualNow);
    const config = { authUrl: idp.authUrl, clientId: idp.clientId, storeFile: store.file, lockDir: path.join(temp.dir, 'locks'), staleMs: 10_000, lockTimeoutMs: 30_000 };
    workers.push(...(await Promise.all(Array.from({ length: PROCESSES }, () => RaceWorker.spawn(config, idp.clientSecret)))));
    for (let round = 0; round < rounds; round++) {
      const result = await raceRound(idp, (ms) => void (virtualNow = ms), store, workers);
      const failed = result.replies.find((reply) => !reply.ok);
      if (failed) throw new Error(`round ${round + 1}: a process failed (${failed.errorKind}: ${failed.error})`);
    }
    const { refreshRequests, rotations } = idp.stats;
    return rotations === 0 ? Number.POSITIVE_INFINITY : refreshRequests / rotations;
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
    await idp.close();
    await temp.remove();
  }
}

if (require.main === module) {
  const rounds = Number(process.argv[2] ?? 20);
  measureTokenRequestsPerRotation(rounds).then(
    (ratio) => process.stdout.write(`token requests per rotation (${PROCESSES} processes, ${rounds} rounds): ${ratio.toFixed(2)}\n`),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
