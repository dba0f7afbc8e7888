// Reads bulkExport's 200 answer: {"success": true, "pageId", "zipBase64", ...}. The archive is decoded straight
// from the parsed string into one buffer; nothing else of the (up to tens of MB) answer is copied.
import { ExportError } from './errors';

// base64 of a ZIP at the 50 MB limit stored uncompressed, with room for the JSON around it.
const MAX_ANSWER_CHARS = 72 * 1024 * 1024;

export function readExportAnswer(text: string, pageId: string): Buffer {
  if (text.length > MAX_ANSWER_CHARS) throw new ExportError('archive', 'The export archive was refused: the answer is larger than 50 MB of archive.');
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    throw new ExportError('protocol', 'The export API answered HTTP 200 with something that is not JSON.', { status: 200 });
  }
  if (answer === null || typeof answer !== 'object' || Array.isArray(answer)) {
    throw new ExportError('protocol', 'The export API answered HTTP 200 with something that is not the expected JSON.', { status: 200 });
  }
  const fields = answer as Record<string, unknown>;
  if (fields.success !== true) throw new ExportError('protocol', 'The export API answered HTTP 200 but did not report success.', { status: 200 });
  if (fields.pageId !== undefined && fields.pageId !== null && String(fields.pageId) !== pageId) {
    throw new ExportError('protocol', `The export API answered with another page (${String(fields.pageId).slice(0, 40)}) than the one asked for.`, { status: 200 });
  }
  if (typeof fields.zipBase64 !== 'string' || fields.zipBase64 === '') {
    throw new ExportError('protocol', 'The export API answered HTTP 200 without an archive.', { status: 200 });
  }
  return Buffer.from(fields.zipBase64, 'base64');
}
