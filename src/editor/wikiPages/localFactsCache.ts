// Whether publishing each linked file now would send anything, remembered per file with what it was decided from
// (the file's modification time and size, its link, the settings that change what is sent), so a refresh re-reads and
// re-plans only the files that changed. The plan runs in short slices (the core's eachInSlices): a refresh of hundreds
// of files never holds the extension host long enough to be felt. A save updates its file from the saved text, with
// no read and no request. Texts are never kept.
import * as vscode from 'vscode';
import type { PageLink } from '../../core/links/pageLink';
import type { LocalFacts, LocalPlanOptions } from '../../core/pageState/localPlan';
import { mapBounded } from '../../core/util/mapBounded';
import { decodeText } from '../../core/walk/decode';
import { onDemand } from '../onDemandLoader';
import { omitTitleHeadingSetting, rendererOption } from '../publish/publishContext';

export interface LinkedFile {
  uri: vscode.Uri;
  key: string;
  label: string;
  link: PageLink;
}

interface Remembered {
  mtime: number;
  size: number;
  /** The link and settings the facts were decided with: a publish or a settings change makes them stale. */
  basis: string;
  facts: LocalFacts | undefined;
}

const STATS_AT_ONCE = 8;

export class LocalFactsCache {
  private readonly remembered = new Map<string, Remembered>();

  /**
   * Each file's facts (undefined: it cannot be read or is not text). `files` is the whole list unless `some` is set:
   * then the others are kept, else forgotten. Rejects when `signal` aborts.
   */
  async factsFor(files: readonly LinkedFile[], signal: AbortSignal, some = false): Promise<Map<string, LocalFacts | undefined>> {
    const options = planOptions();
    const stale: Array<{ file: LinkedFile; stat: vscode.FileStat | undefined; text?: string }> = [];
    await mapBounded(files, STATS_AT_ONCE, async (file) => {
      signal.throwIfAborted();
      const stat = await Promise.resolve(vscode.workspace.fs.stat(file.uri)).catch(() => undefined);
      const known = this.remembered.get(file.key);
      if (!stat || !known || known.mtime !== stat.mtime || known.size !== stat.size || known.basis !== basisOf(file.link, options)) {
        stale.push({ file, stat, text: await readText(file.uri) });
      }
    });
    const core = onDemand();
    await core.eachInSlices(stale, ({ file, stat, text }) => {
      const facts = text === undefined ? undefined : core.localFacts({ key: file.key, label: file.label, text }, file.link, options);
      this.remembered.set(file.key, { mtime: stat?.mtime ?? -1, size: stat?.size ?? -1, basis: basisOf(file.link, options), facts });
    }, { signal });
    // Files gone from the list (deleted, unlinked) are forgotten with it.
    const listed = new Set(files.map((file) => file.key));
    if (!some) for (const key of this.remembered.keys()) if (!listed.has(key)) this.remembered.delete(key);
    return new Map(files.map((file) => [file.key, this.remembered.get(file.key)?.facts]));
  }

  /** A saved document's facts, from its text (no read of the disk, no request); the stat keeps the next refresh from re-reading it. */
  async noteSaved(file: LinkedFile, text: string): Promise<LocalFacts> {
    const options = planOptions();
    const facts = onDemand().localFacts({ key: file.key, label: file.label, text }, file.link, options);
    const stat = await Promise.resolve(vscode.workspace.fs.stat(file.uri)).catch(() => undefined);
    this.remembered.set(file.key, { mtime: stat?.mtime ?? -1, size: stat?.size ?? -1, basis: basisOf(file.link, options), facts });
    return facts;
  }

  clear(): void {
    this.remembered.clear();
  }
}

/** The settings that change what a publish sends, as a publish reads them. */
function planOptions(): LocalPlanOptions {
  return { omitTitleHeading: omitTitleHeadingSetting(), ...rendererOption() };
}

function basisOf(link: PageLink, options: LocalPlanOptions): string {
  return JSON.stringify([link.spaceId, link.parentId, link.pageTitle, link.contentSha256 ?? '', link.fileTitle ?? '', options.omitTitleHeading ?? false, options.diagramRenderer ?? '']);
}

async function readText(uri: vscode.Uri): Promise<string | undefined> {
  try {
    const decoded = decodeText(await vscode.workspace.fs.readFile(uri), uri.path);
    return decoded.ok ? decoded.text : undefined;
  } catch {
    return undefined;
  }
}

