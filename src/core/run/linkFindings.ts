// A flat publish reads each file's text for its title and cautions (planFile), then for its links (planFileLinks),
// after every file is planned. The scanner keeps one text's scan, the last one asked about, so the second read
// scanned every linking file again: about a tenth of planning 200 files of 20 KB. The links are found while the
// scanner still holds the text, and handed over.
import { linkDestinationList, mayHoldLinks, type LinkDestination } from '../markdown/links';
import type { ScanList } from '../markdown/model';

/** The link destinations of the content each file would send, found as the file is planned. */
export class LinkFindings {
  private readonly byFile = new Map<string, { content: string; found: ScanList<LinkDestination> }>();

  /** Finds the links of `content`, the file's content to send, when it may hold any. */
  keep(fileKey: string, content: string): void {
    if (mayHoldLinks(content)) this.byFile.set(fileKey, { content, found: linkDestinationList(content) });
    else this.byFile.delete(fileKey);
  }

  /**
   * The links of `content`: those kept for the file when they were found in this same text, found now otherwise (a
   * file planned again with other options, or read again and changed). Given once: the plan's links hold them after.
   */
  take(fileKey: string, content: string): ScanList<LinkDestination> {
    const kept = this.byFile.get(fileKey);
    this.byFile.delete(fileKey);
    return kept !== undefined && kept.content === content ? kept.found : linkDestinationList(content);
  }
}
