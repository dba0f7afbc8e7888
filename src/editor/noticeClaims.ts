import * as path from 'node:path';

/**
 * Claims a one-time notice for this user across all windows. globalState reaches other windows only after a delay,
 * so windows that wake together would all see "not shown yet"; creating a file with the exclusive flag is atomic,
 * and only the window that creates it shows the notice.
 */
export async function claimNoticeOnce(globalStorageDir: string, key: string): Promise<boolean> {
  // Required here, not at the top: this module is in the start-up bundle, and fs/promises is needed only when a
  // notice is due, never during activation.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { mkdir, writeFile } = require('node:fs/promises') as typeof import('node:fs/promises');
  const dir = path.join(globalStorageDir, 'notices');
  await mkdir(dir, { recursive: true });
  try {
    await writeFile(path.join(dir, key.replace(/[^A-Za-z0-9_.-]/g, '_')), '', { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}
