// Reads bulkExport's 200 answer: {"success": true, "pageId", "zipBase64", ...}. The archive is decoded straight
// from the parsed string into one buffer; nothing else of the (up to tens of MB) answer is copied.
import { ExportError } from './errors';

// base64 of a ZIP at the 50 MB limit stored uncompressed, with room for the JSON around it.
// The transport stops reading an answer past it (bulkExport.ts); base64 is ASCII, one byte a character.
export const MAX_ANSWER_CHARS = 72 * 1024 * 1024;

export function readExportAnswer(text: string, pageId: string): Buffer {
  if (text.length > MAX_ANSWER_CHARS) throw new ExportError('archive', (m) => m.answerTooLarge());
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    throw new ExportError('protocol', (m) => m.answerNotJson(), { status: 200 });
  }
  if (answer === null || typeof answer !== 'object' || Array.isArray(answer)) {
    throw new ExportError('protocol', (m) => m.answerNotExpectedJson(), { status: 200 });
  }
  const fields = answer as Record<string, unknown>;
  if (fields.success !== true) throw new ExportError('protocol', (m) => m.answerNoSuccess(), { status: 200 });
  if (fields.pageId !== undefined && fields.pageId !== null && String(fields.pageId) !== pageId) {
    throw new ExportError('protocol', (m) => m.answerOtherPage(String(fields.pageId).slice(0, 40)), { status: 200 });
  }
  if (typeof fields.zipBase64 !== 'string' || fields.zipBase64 === '') {
    throw new ExportError('protocol', (m) => m.answerNoArchive(), { status: 200 });
  }
  return Buffer.from(fields.zipBase64, 'base64');
}
