// The `wiki-publisher` command's first module (dist/cli.js, the package's bin): V8's flags and its background threads'
// priority are set before anything they govern is compiled (v8Flags.ts), then the command itself (main.ts, bundled as
// dist/cliMain.js) is compiled with the code cache the build made for it (codeCache.ts) and run.
import { join } from 'node:path';
import { runWithCodeCache } from './codeCache';
import { setUpCommandLineProcess } from './v8Flags';

setUpCommandLineProcess();
runWithCodeCache(join(__dirname, 'cliMain.js'));
