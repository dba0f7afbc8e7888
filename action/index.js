// Wiki Publisher GitHub Action, built by `npm run build:action` (scripts/build-action.mjs). Do not edit: npm test checks it matches the sources.
"use strict";
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __commonJS = (cb, mod) => function __require() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

// cli-libs:yaml
var require_yaml = __commonJS({
  "cli-libs:yaml"(exports2, module2) {
    module2.exports = require("./cliLibs.js").yaml;
  }
});

// cli-libs:entities/lib/decode.js
var require_decode = __commonJS({
  "cli-libs:entities/lib/decode.js"(exports2, module2) {
    module2.exports = require("./cliLibs.js").entitiesDecode;
  }
});

// src/action/main.ts
var main_exports = {};
__export(main_exports, {
  runAction: () => runAction
});
module.exports = __toCommonJS(main_exports);
var import_node_crypto4 = require("node:crypto");
var import_promises9 = require("node:fs/promises");
var import_node_os = require("node:os");
var import_node_path11 = require("node:path");

// src/core/log/redact.ts
var REDACTED = "[redacted]";
var JWT_SHAPE = /eyJ[A-Za-z0-9_-]{2,}\.eyJ[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]*/g;
var AUTH_HEADER = /(authorization["']?\s*[:=]\s*["']?)(bearer|basic)?\s*[^\s"',}]+/gi;
var BEARER = /\b(bearer)\s+[A-Za-z0-9._~+/=-]+/gi;
var SECRET_FIELD = /((?<![A-Za-z0-9_.-])(["']?)([A-Za-z0-9_.-]*(?:token|secret|password|verifier)[A-Za-z0-9_.-]*)["']?(\s*[:=]\s*)["']?)([^\s"'&,}]+)/gi;
var PROSE_KEY = /^(?:token|secret)s?$/i;
var PROSE_WORD = /^[A-Za-z][a-z]{0,6}[.;:!?)]*$/;
var MAX_LENGTH = 8e3;
var ANY_MARKER = /eyJ|authorization|bearer|token|secret|password|verifier/i;
var AUTH_MARKER = /authorization/i;
var BEARER_MARKER = /bearer/i;
var SECRET_FIELD_MARKER = /(?:token|secret|password|verifier)[A-Za-z0-9_.-]*["']?\s*[:=]/i;
function redact(text2) {
  return redactWhole(text2.length > MAX_LENGTH ? `${text2.slice(0, MAX_LENGTH)}... (${text2.length - MAX_LENGTH} more characters)` : text2);
}
function redactWhole(text2) {
  if (!ANY_MARKER.test(text2)) return text2;
  let redacted = text2;
  if (redacted.includes("eyJ")) redacted = redacted.replace(JWT_SHAPE, REDACTED);
  if (AUTH_MARKER.test(redacted)) redacted = redacted.replace(AUTH_HEADER, (_m, prefix) => `${prefix}${REDACTED}`);
  if (BEARER_MARKER.test(redacted)) redacted = redacted.replace(BEARER, (_m, word) => `${word} ${REDACTED}`);
  if (!SECRET_FIELD_MARKER.test(redacted)) return redacted;
  return redacted.replace(SECRET_FIELD, (match, prefix, quote, key, separator, value) => isProse(quote, key, separator, value) ? match : `${prefix}${REDACTED}`);
}
function redactLines(texts) {
  const joined = [...texts, ""].join("\n");
  if (redactsNothingInLines(texts, joined)) return joined;
  return texts.map((text2) => `${redact(text2)}
`).join("");
}
function redactsNothingInLines(texts, joined) {
  if (!texts.every((text2) => text2.length <= MAX_LENGTH)) return false;
  if (!ANY_MARKER.test(joined)) return true;
  return !joined.includes("eyJ") && !AUTH_MARKER.test(joined) && !BEARER_MARKER.test(joined) && !SECRET_FIELD_MARKER.test(joined);
}
var LONG_JSON_STRING = new RegExp(`"(?:[^"\\\\]|\\\\.){${MAX_LENGTH + 1}}`);
function redactsNothingInJson(texts, joined) {
  return !ANY_MARKER.test(joined) && texts.every((text2) => text2.length <= MAX_LENGTH || !LONG_JSON_STRING.test(text2));
}
function isProse(quote, key, separator, value) {
  return quote === "" && PROSE_KEY.test(key) && /^:\s+$/.test(separator) && PROSE_WORD.test(value);
}
function describeError(error) {
  if (error instanceof Error) return redact(error.message);
  return redact(String(error));
}

// src/core/walk/regularFile.ts
var import_node_fs = require("node:fs");
var import_node_path = require("node:path");

// src/core/walk/walkFs.ts
var NotARegularFile = class extends Error {
  constructor(why, message) {
    super(message ?? why);
    this.why = why;
    this.name = "NotARegularFile";
  }
  why;
};
function isNotARegularFile(error) {
  if (!(error instanceof Error) || error.name !== "NotARegularFile") return false;
  const why = error.why;
  return why === "link" || why === "notRegular";
}

// src/core/walk/regularFile.ts
var REGULAR_FILE_OPEN_FLAGS = import_node_fs.constants.O_RDONLY | (import_node_fs.constants.O_NOFOLLOW ?? 0) | (import_node_fs.constants.O_NONBLOCK ?? 0);
function openRegularFileSync(path, words) {
  let fd;
  try {
    fd = (0, import_node_fs.openSync)(path, REGULAR_FILE_OPEN_FLAGS);
  } catch (error) {
    if (error.code === "ELOOP") throw new NotARegularFile("link", words?.link);
    throw error;
  }
  try {
    const stats = (0, import_node_fs.fstatSync)(fd);
    if (!stats.isFile()) throw new NotARegularFile("notRegular", words?.notRegular);
    return { fd, size: stats.size };
  } catch (error) {
    (0, import_node_fs.closeSync)(fd);
    throw error;
  }
}
function readRegularTextInside(root, relative8, maxBytes) {
  const path = (0, import_node_path.normalize)(relative8);
  if ((0, import_node_path.isAbsolute)(path) || path === ".." || path.startsWith(`..${import_node_path.sep}`)) return void 0;
  const parts = path.split(import_node_path.sep).filter((part) => part !== "" && part !== ".");
  try {
    let folder = root;
    for (const part of parts.slice(0, -1)) {
      folder = (0, import_node_path.join)(folder, part);
      const stats = (0, import_node_fs.lstatSync)(folder);
      if (stats.isSymbolicLink() || !stats.isDirectory()) return void 0;
    }
    const { fd, size } = openRegularFileSync((0, import_node_path.join)(root, ...parts));
    try {
      return size > maxBytes ? void 0 : (0, import_node_fs.readFileSync)(fd, "utf8");
    } finally {
      (0, import_node_fs.closeSync)(fd);
    }
  } catch {
    return void 0;
  }
}

// src/core/text/bidiControls.ts
var BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
var BIDI_CONTROLS = new RegExp(BIDI_CONTROL.source, "g");
function shown(control) {
  return `<U+${control.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}>`;
}
function showBidiControls(text2) {
  return BIDI_CONTROL.test(text2) ? text2.replace(BIDI_CONTROLS, shown) : text2;
}

// src/core/text/controlCharacters.ts
var CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/;
var CONTROLS = new RegExp(CONTROL.source, "g");
var CONTROL_BUT_LINE_FEED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/;
var CONTROLS_BUT_LINE_FEED = new RegExp(CONTROL_BUT_LINE_FEED.source, "g");
var NAMED = { "\n": "\\n", "\r": "\\r", "\b": "\\b", "\f": "\\f" };
function escapeOne(character) {
  return NAMED[character] ?? `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`;
}
function escapeControlCharacters(text2, keepLineFeeds = false) {
  const test = keepLineFeeds ? CONTROL_BUT_LINE_FEED : CONTROL;
  return showBidiControls(test.test(text2) ? text2.replace(keepLineFeeds ? CONTROLS_BUT_LINE_FEED : CONTROLS, escapeOne) : text2);
}

// src/cli/gitHubText.ts
var JOINER = "⁠";
var GITHUB_TRIGGERS = /:(?=\/\/)|(?<=www)(?=\.)|@|#(?=\d)|(?<=\bgh-)(?=\d)/gi;
function inertOnGitHub(text2) {
  return showBidiControls(text2).replace(GITHUB_TRIGGERS, (trigger) => `${trigger}${JOINER}`);
}

// src/core/markdown/chars.ts
var TAB = 9;
var LINE_FEED = 10;
var CARRIAGE_RETURN = 13;
var SPACE = 32;
var BANG = 33;
var DOUBLE_QUOTE = 34;
var HASH = 35;
var SINGLE_QUOTE = 39;
var OPEN_PARENTHESIS = 40;
var CLOSE_PARENTHESIS = 41;
var ASTERISK = 42;
var PLUS = 43;
var DASH = 45;
var DOT = 46;
var COLON = 58;
var LESS_THAN = 60;
var EQUALS = 61;
var GREATER_THAN = 62;
var QUESTION_MARK = 63;
var OPEN_BRACKET = 91;
var BACKSLASH = 92;
var CLOSE_BRACKET = 93;
var UNDERSCORE = 95;
var BACKTICK = 96;
var TILDE = 126;
function isSpaceOrTab(code) {
  return code === SPACE || code === TAB;
}
function isDigit(code) {
  return code >= 48 && code <= 57;
}
function isAsciiLetter(code) {
  const lower = code | 32;
  return lower >= 97 && lower <= 122;
}
function isEscapable(code) {
  return code >= 33 && code <= 47 || code >= 58 && code <= 64 || code >= 91 && code <= 96 || code >= 123 && code <= 126;
}
function isWhitespace(code) {
  return code === SPACE || code >= TAB && code <= CARRIAGE_RETURN;
}
function isTrimmed(code) {
  if (code <= SPACE) return code === SPACE || code >= TAB && code <= CARRIAGE_RETURN;
  if (code < 160) return false;
  return code === 160 || code === 5760 || code >= 8192 && code <= 8202 || code === 8232 || code === 8233 || code === 8239 || code === 8287 || code === 12288 || code === 65279;
}

// src/core/markdown/labels.ts
function normalizeLabel(written3) {
  return written3.trim().replace(/[ \t\r\n]+/g, " ").toLowerCase().toUpperCase();
}

// src/core/markdown/inlines/linkParts.ts
function skipSpaces(text2, at, end) {
  while (at < end && isSpaceOrTab(text2.charCodeAt(at))) at++;
  if (at < end && text2.charCodeAt(at) === LINE_FEED) {
    at++;
    while (at < end && isSpaceOrTab(text2.charCodeAt(at))) at++;
  }
  return at;
}
function linkLabelLength(text2, at, end) {
  if (text2.charCodeAt(at) !== OPEN_BRACKET) return 0;
  let units = 0;
  for (let position = at + 1; position < end && units <= 1e3; units++) {
    const code = text2.charCodeAt(position);
    if (code === CLOSE_BRACKET) return position + 1 - at > 1001 ? 0 : position + 1 - at;
    if (code === OPEN_BRACKET) return 0;
    if (code === BACKSLASH) {
      if (position + 1 >= end) return 0;
      position += 2;
    } else position++;
  }
  return 0;
}
var MAX_PARENTHESIS_DEPTH = 32;
function linkDestinationEnd(text2, at, end) {
  if (at < end && text2.charCodeAt(at) === LESS_THAN) {
    for (let position2 = at + 1; position2 < end; position2++) {
      const code2 = text2.charCodeAt(position2);
      if (code2 === GREATER_THAN) return { end: position2 + 1, angle: true };
      if (code2 === LESS_THAN || code2 === LINE_FEED) return void 0;
      if (code2 === BACKSLASH) {
        const next = text2.charCodeAt(position2 + 1);
        if (position2 + 1 >= end || next === LINE_FEED || next === 13 || next === 8232 || next === 8233) return void 0;
        position2++;
      }
    }
    return void 0;
  }
  let position = at;
  let depth = 0;
  let code = -1;
  while (position < end) {
    code = text2.charCodeAt(position);
    if (code === BACKSLASH && position + 1 < end && isEscapable(text2.charCodeAt(position + 1))) position += 2;
    else if (code === OPEN_PARENTHESIS) {
      if (++depth > MAX_PARENTHESIS_DEPTH) return void 0;
      position++;
    } else if (code === CLOSE_PARENTHESIS) {
      if (depth < 1) break;
      depth--;
      position++;
    } else if (isWhitespace(code)) break;
    else position++;
  }
  if (position >= end) code = -1;
  if (position === at && code !== CLOSE_PARENTHESIS) return void 0;
  return depth === 0 ? { end: position, angle: false } : void 0;
}
function linkTitleEnd(text2, at, end) {
  const open3 = text2.charCodeAt(at);
  const close = open3 === OPEN_PARENTHESIS ? CLOSE_PARENTHESIS : open3;
  if (open3 !== DOUBLE_QUOTE && open3 !== SINGLE_QUOTE && open3 !== OPEN_PARENTHESIS) return -1;
  for (let position = at + 1; position < end; position++) {
    const code = text2.charCodeAt(position);
    if (code === close) return position + 1;
    if (code === BACKSLASH) {
      if (position + 1 >= end) return -1;
      position++;
    } else if (open3 === OPEN_PARENTHESIS && code === OPEN_PARENTHESIS) return -1;
  }
  return -1;
}

// src/core/markdown/inlines/definitions.ts
function readDefinitions(subject, found, byLabel) {
  let at = subject.start;
  while (subject.text.charCodeAt(at) === OPEN_BRACKET && at < subject.end) {
    const next = readDefinition(subject, at, found, byLabel);
    if (next === -1) break;
    at = next;
  }
  return at;
}
function readDefinition(subject, start, found, byLabel) {
  const { text: text2, end } = subject;
  const labelLength = linkLabelLength(text2, start, end);
  if (labelLength === 0 || text2.charCodeAt(start + labelLength) !== COLON) return -1;
  const destinationStart = skipSpaces(text2, start + labelLength + 1, end);
  const destination = linkDestinationEnd(text2, destinationStart, end);
  if (destination === void 0) return -1;
  const beforeTitle = destination.end;
  let at = skipSpaces(text2, beforeTitle, end);
  const titleEnd = at === beforeTitle ? -1 : linkTitleEnd(text2, at, end);
  at = titleEnd === -1 ? beforeTitle : titleEnd;
  let lineEnd2 = spacesToLineEnd(text2, at, end);
  if (lineEnd2 === -1) {
    if (titleEnd === -1) return -1;
    lineEnd2 = spacesToLineEnd(text2, beforeTitle, end);
    if (lineEnd2 === -1) return -1;
  }
  const label = normalizeLabel(text2.slice(start + 1, start + labelLength - 1));
  if (label === "") return -1;
  const angle = destination.angle;
  const written3 = {
    start: subject.toSource(destinationStart),
    // The offset before the end is mapped: the end itself may stand at a line's end, where the next line's map begins.
    end: destination.end === destinationStart ? subject.toSource(destinationStart) : subject.toSource(destination.end - 1) + 1,
    text: text2.slice(angle ? destinationStart + 1 : destinationStart, angle ? destination.end - 1 : destination.end),
    angle
  };
  const definition = { label, destination: written3, usedByLink: false, usedByImage: false };
  found.push(definition);
  if (!byLabel.has(label)) byLabel.set(label, definition);
  return lineEnd2;
}
function spacesToLineEnd(text2, at, end) {
  while (at < end && isSpaceOrTab(text2.charCodeAt(at))) at++;
  if (at >= end) return end;
  return text2.charCodeAt(at) === LINE_FEED ? at + 1 : -1;
}

// src/core/markdown/inlines/codeSpans.ts
var BacktickRuns = class {
  byLength = /* @__PURE__ */ new Map();
  constructor(text2, from, end) {
    for (let at = text2.indexOf("`", from); at !== -1 && at < end; at = text2.indexOf("`", at)) {
      const start = at;
      while (at < end && text2.charCodeAt(at) === BACKTICK) at++;
      const length = at - start;
      let runs = this.byLength.get(length);
      if (runs === void 0) this.byLength.set(length, runs = { starts: [], next: 0 });
      runs.starts.push(start);
    }
  }
  /** The start of the first run of exactly `length` backticks that starts at or after `from`; -1 for none. */
  closerFrom(from, length) {
    const runs = this.byLength.get(length);
    if (runs === void 0) return -1;
    while (runs.next < runs.starts.length && runs.starts[runs.next] < from) runs.next++;
    return runs.next < runs.starts.length ? runs.starts[runs.next] : -1;
  }
};

// src/core/markdown/inlines/forwardSearch.ts
var ForwardSearch = class {
  constructor(text2, needle) {
    this.text = text2;
    this.needle = needle;
  }
  text;
  needle;
  from = -1;
  found = -1;
  /** The first offset at or after `from` where the needle stands; -1 for none. */
  at(from) {
    if (this.from !== -1 && from >= this.from && (this.found === -1 || from <= this.found)) return this.found;
    this.from = from;
    this.found = this.text.indexOf(this.needle, from);
    return this.found;
  }
};

// src/core/markdown/inlines/rawHtml.ts
var URI_AUTOLINK = /<[A-Za-z][A-Za-z0-9.+-]{1,31}:[^<>\x01-\x20]*>/y;
var EMAIL_AUTOLINK = /<[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*>/y;
function autolinkEnd(text2, at, end) {
  for (const pattern of [URI_AUTOLINK, EMAIL_AUTOLINK]) {
    pattern.lastIndex = at;
    if (pattern.test(text2) && pattern.lastIndex <= end) return pattern.lastIndex;
  }
  return -1;
}
var RawHtmlReader = class {
  constructor(text2, end) {
    this.text = text2;
    this.end = end;
  }
  text;
  end;
  searches = /* @__PURE__ */ new Map();
  /** Where raw HTML starting at `at` (a `<`) ends; -1 for none. */
  endAt(at) {
    const text2 = this.text;
    const next = text2.charCodeAt(at + 1);
    if (isAsciiLetter(next)) return this.openTagEnd(at + 1);
    if (next === 47) return this.closeTagEnd(at + 2);
    if (next === QUESTION_MARK) return this.through("?>", at + 2);
    if (next !== 33) return -1;
    if (text2.startsWith("<!--", at)) {
      if (text2.startsWith("<!-->", at)) return at + 5;
      if (text2.startsWith("<!--->", at)) return at + 6;
      return this.through("-->", at + 4);
    }
    if (text2.startsWith("<![CDATA[", at)) return this.through("]]>", at + 9);
    if (!isAsciiLetter(text2.charCodeAt(at + 2))) return -1;
    return this.through(">", at + 3);
  }
  /** After the first `needle` at or after `from` within the subject; -1 when there is none. */
  through(needle, from) {
    let search = this.searches.get(needle);
    if (search === void 0) this.searches.set(needle, search = new ForwardSearch(this.text, needle));
    const found = search.at(from);
    return found === -1 || found + needle.length > this.end ? -1 : found + needle.length;
  }
  /** `<name` (at the name) then attributes, optional `/`, `>`. */
  openTagEnd(name) {
    const text2 = this.text;
    let at = tagNameEnd(text2, name, this.end);
    for (; ; ) {
      const spaced2 = this.spaces(at);
      if (spaced2 === at || !isAttributeNameStart(text2.charCodeAt(spaced2))) {
        at = spaced2;
        break;
      }
      at = attributeNameEnd(text2, spaced2, this.end);
      const value = this.attributeValueEnd(at);
      if (value !== -1) at = value;
    }
    if (text2.charCodeAt(at) === 47) at++;
    return at < this.end && text2.charCodeAt(at) === GREATER_THAN ? at + 1 : -1;
  }
  /** `</name` (at the name), white space, `>`. */
  closeTagEnd(name) {
    if (!isAsciiLetter(this.text.charCodeAt(name))) return -1;
    const at = this.spaces(tagNameEnd(this.text, name, this.end));
    return at < this.end && this.text.charCodeAt(at) === GREATER_THAN ? at + 1 : -1;
  }
  /** `= value` after white space from `from` (the end of an attribute's name): where it ends; -1 for none. */
  attributeValueEnd(from) {
    const text2 = this.text;
    let at = this.spaces(from);
    if (text2.charCodeAt(at) !== 61) return -1;
    at = this.spaces(at + 1);
    const quote = text2.charCodeAt(at);
    if (quote === 34 || quote === 39) return this.through(quote === 34 ? '"' : "'", at + 1);
    const start = at;
    while (at < this.end && isUnquotedValue(text2.charCodeAt(at))) at++;
    return at > start ? at : -1;
  }
  /** After the white space (as \s reads it) from `at`. */
  spaces(at) {
    while (at < this.end && isTrimmed(this.text.charCodeAt(at))) at++;
    return at;
  }
};
function tagNameEnd(text2, at, end) {
  at++;
  while (at < end && (isAsciiLetter(text2.charCodeAt(at)) || isDigit(text2.charCodeAt(at)) || text2.charCodeAt(at) === DASH)) at++;
  return at;
}
function isAttributeNameStart(code) {
  return isAsciiLetter(code) || code === 95 || code === 58;
}
function attributeNameEnd(text2, at, end) {
  at++;
  for (; at < end; at++) {
    const code = text2.charCodeAt(at);
    if (!isAsciiLetter(code) && !isDigit(code) && code !== 58 && code !== 46 && code !== 95 && code !== DASH) break;
  }
  return at;
}
function isUnquotedValue(code) {
  return (code > 32 || code === 0) && code !== 34 && code !== 39 && code !== 61 && code !== 60 && code !== 62 && code !== 96;
}

// src/core/markdown/inlines/inlineScanner.ts
var SPECIAL_CHARACTER = /[\\`[\]!<]/g;
function scanInlines(subject, byLabel, into) {
  new InlineScan(subject, byLabel, into).run();
}
function inOpenerOrder(links) {
  for (let index = 1; index < links.length; index++) if (links[index - 1].open > links[index].open) return false;
  return true;
}
var InlineScan = class {
  constructor(subject, byLabel, into) {
    this.subject = subject;
    this.byLabel = byLabel;
    this.into = into;
  }
  subject;
  byLabel;
  into;
  brackets = [];
  /** Link openers below this depth of the stack are inactive: a link closed after them (no links in links). */
  inactiveBelow = 0;
  backticks;
  html;
  found = [];
  run() {
    const { text: text2, end } = this.subject;
    const searched = end < text2.length ? text2.slice(0, end) : text2;
    let at = this.subject.start;
    while (at < end) {
      SPECIAL_CHARACTER.lastIndex = at;
      if (!SPECIAL_CHARACTER.test(searched)) break;
      at = SPECIAL_CHARACTER.lastIndex - 1;
      if (at >= end) break;
      const code = text2.charCodeAt(at);
      if (code === BACKSLASH) {
        const next = text2.charCodeAt(at + 1);
        at += at + 1 < end && (next === LINE_FEED || isEscapable(next)) ? 2 : 1;
      } else if (code === BACKTICK) at = this.backtickRun(at);
      else if (code === OPEN_BRACKET) {
        this.openBracket(at, false);
        at++;
      } else if (code === BANG) {
        if (text2.charCodeAt(at + 1) === OPEN_BRACKET && at + 1 < end) {
          this.openBracket(at + 1, true);
          at += 2;
        } else at++;
      } else if (code === CLOSE_BRACKET) at = this.closeBracket(at);
      else at = this.angle(at);
    }
    if (this.found.length > 1 && !inOpenerOrder(this.found)) this.found.sort((a, b) => a.open - b.open);
    for (const link of this.found) this.into.links.add(link);
  }
  backtickRun(at) {
    const { text: text2, end } = this.subject;
    let runEnd = at;
    while (runEnd < end && text2.charCodeAt(runEnd) === BACKTICK) runEnd++;
    this.backticks ??= new BacktickRuns(text2, at, end);
    const closer = this.backticks.closerFrom(runEnd, runEnd - at);
    if (closer === -1) return runEnd;
    const spanEnd = closer + runEnd - at;
    this.into.codeSpans.add(this.subject.toSource(at), this.subject.toSource(spanEnd - 1) + 1);
    return spanEnd;
  }
  /** An autolink or raw HTML at a `<`, passed over whole; or the `<` alone. */
  angle(at) {
    const { text: text2, end } = this.subject;
    const autolink = autolinkEnd(text2, at, end);
    if (autolink !== -1) {
      const destination = { start: this.subject.toSource(at + 1), end: this.subject.toSource(autolink - 2) + 1, text: text2.slice(at + 1, autolink - 1), angle: true };
      this.found.push({ kind: "autolink", open: this.subject.toSource(at), destination, definition: void 0 });
      return autolink;
    }
    this.html ??= new RawHtmlReader(text2, end);
    const html = this.html.endAt(at);
    if (html === -1) return at + 1;
    if (text2.startsWith("<!--", at)) this.into.comments.push([this.subject.toSource(at), this.subject.toSource(html - 1) + 1]);
    return html;
  }
  openBracket(at, image) {
    const top = this.brackets[this.brackets.length - 1];
    if (top !== void 0) top.bracketAfter = true;
    this.brackets.push({ at, image, bracketAfter: false });
  }
  popBracket() {
    this.brackets.pop();
    if (this.inactiveBelow > this.brackets.length) this.inactiveBelow = this.brackets.length;
  }
  /** A `]`: a link or image with the nearest open bracket when one follows, else a literal `]`. Returns where to go on. */
  closeBracket(close) {
    const after = close + 1;
    const opener = this.brackets[this.brackets.length - 1];
    if (opener === void 0) return after;
    if (!opener.image && this.brackets.length - 1 < this.inactiveBelow) {
      this.popBracket();
      return after;
    }
    let destination;
    let definition;
    let next = this.inlineLinkEnd(after);
    if (next !== -1) destination = this.lastDestination;
    else {
      const { text: text2, end } = this.subject;
      const labelLength = linkLabelLength(text2, after, end);
      let label;
      if (labelLength > 2) label = text2.slice(after + 1, after + labelLength - 1);
      else if (!opener.bracketAfter) label = text2.slice(opener.at + 1, close);
      definition = label === void 0 ? void 0 : this.byLabel.get(normalizeLabel(label));
      if (definition !== void 0) next = labelLength === 0 ? after : after + labelLength;
    }
    this.popBracket();
    if (next === -1) return after;
    if (definition !== void 0) {
      if (opener.image) definition.usedByImage = true;
      else definition.usedByLink = true;
    }
    this.found.push({ kind: opener.image ? "image" : "link", open: this.subject.toSource(opener.at), destination, definition });
    if (!opener.image) this.inactiveBelow = this.brackets.length;
    return next;
  }
  lastDestination;
  /** `(destination "title")` at `at`: where it ends (lastDestination then holds the destination); -1 when none is there. */
  inlineLinkEnd(at) {
    const { text: text2, end } = this.subject;
    if (text2.charCodeAt(at) !== OPEN_PARENTHESIS) return -1;
    const start = skipSpaces(text2, at + 1, end);
    const destination = linkDestinationEnd(text2, start, end);
    if (destination === void 0) return -1;
    let position = skipSpaces(text2, destination.end, end);
    if (isWhitespace(text2.charCodeAt(position - 1))) {
      const title = linkTitleEnd(text2, position, end);
      if (title !== -1) position = title;
    }
    position = skipSpaces(text2, position, end);
    if (position >= end || text2.charCodeAt(position) !== CLOSE_PARENTHESIS) return -1;
    const angle = destination.angle;
    this.lastDestination = {
      start: this.subject.toSource(start),
      end: destination.end === start ? this.subject.toSource(start) : this.subject.toSource(destination.end - 1) + 1,
      text: text2.slice(angle ? start + 1 : start, angle ? destination.end - 1 : destination.end),
      angle
    };
    return position + 1;
  }
};

// src/core/markdown/inlines/subject.ts
var Subject = class {
  /**
   * @param text what is read: the source, or the lines' join
   * @param start first offset read in `text`; `end` the offset after the last
   * @param pieces for a join: each line's offset in `text` then in the source, in turn; undefined when `text` is the source
   */
  constructor(text2, start, end, pieces) {
    this.text = text2;
    this.start = start;
    this.end = end;
    this.pieces = pieces;
  }
  text;
  start;
  end;
  pieces;
  /** The source offset of `at`, an offset in `text`. */
  toSource(at) {
    const pieces = this.pieces;
    if (pieces === void 0) return at;
    let low = 0;
    let high = pieces.length >> 1;
    while (low < high) {
      const middle = low + high >> 1;
      if (pieces[middle * 2] <= at) low = middle + 1;
      else high = middle;
    }
    const piece = Math.max(0, low - 1) * 2;
    return pieces[piece + 1] + at - pieces[piece];
  }
  /** Drops what String.prototype.trim drops at both ends, as commonmark.js trims a paragraph before its inlines. */
  trim() {
    while (this.start < this.end && isTrimmed(this.text.charCodeAt(this.start))) this.start++;
    while (this.end > this.start && isTrimmed(this.text.charCodeAt(this.end - 1))) this.end--;
    return this;
  }
};
function subjectOf(source2, lines, from = 0) {
  const first = lines[from] ?? 0;
  const last2 = lines[lines.length - 1] ?? first;
  let joined = false;
  for (let index = from + 2; index < lines.length; index += 2) {
    const previousEnd = lines[index - 1];
    if (lines[index] !== previousEnd + 1 || source2.charCodeAt(previousEnd) !== LINE_FEED) {
      joined = true;
      break;
    }
  }
  if (!joined) return new Subject(source2, first, last2, void 0);
  const parts = [];
  const pieces = [];
  let length = 0;
  for (let index = from; index < lines.length; index += 2) {
    const start = lines[index];
    const end = lines[index + 1];
    pieces.push(length, start);
    parts.push(source2.slice(start, end));
    length += end - start + 1;
  }
  const text2 = parts.join("\n");
  return new Subject(text2, 0, text2.length, pieces);
}

// src/core/markdown/scanLists.ts
var LIST_CELLS = 512;
var IntRows = class {
  constructor(width) {
    this.width = width;
  }
  width;
  data = [];
  rows = 0;
  /** Room for one more row, its cells zero; the index of its first cell. */
  add() {
    const at = this.rows * this.width;
    const data = this.data;
    if (Array.isArray(data)) {
      if (at + this.width <= LIST_CELLS) for (let cell = 0; cell < this.width; cell++) data.push(0);
      else {
        const moved = new Int32Array(LIST_CELLS * 2);
        moved.set(data);
        this.data = moved;
      }
    } else if (at + this.width > data.length) {
      const grown = new Int32Array(data.length * 2);
      grown.set(data);
      this.data = grown;
    }
    this.rows++;
    return at;
  }
  get cells() {
    return this.data;
  }
  /** The cells from `start` up to `end`, as a list of their own. */
  slice(start, end) {
    const data = this.data;
    return Array.isArray(data) ? data.slice(start, end) : Array.from(data.subarray(start, end));
  }
};
function* itemsOf(list) {
  for (let index = 0; index < list.length; index++) yield list.at(index);
}
var CompactList = class {
  constructor(width, shortUpTo) {
    this.shortUpTo = shortUpTo;
    this.rows = new IntRows(width);
  }
  shortUpTo;
  items = [];
  rows;
  get length() {
    return this.items === void 0 ? this.rows.rows : this.items.length;
  }
  add(item) {
    const items = this.items;
    if (items !== void 0) {
      if (items.length < this.shortUpTo) {
        items.push(item);
        return;
      }
      this.items = void 0;
      for (const kept of items) this.encode(kept);
    }
    this.encode(item);
  }
  at(index) {
    if (index < 0 || index >= this.length) return void 0;
    return this.items === void 0 ? this.decode(index) : this.items[index];
  }
  [Symbol.iterator]() {
    return this.items === void 0 ? itemsOf(this) : this.items[Symbol.iterator]();
  }
};
var SHORT_LIST = 64;
var RangeList = class _RangeList {
  pairs = new IntRows(2);
  get count() {
    return this.pairs.rows;
  }
  add(start, end) {
    const at = this.pairs.add();
    const cells = this.pairs.cells;
    cells[at] = start;
    cells[at + 1] = end;
  }
  startAt(index) {
    return this.pairs.cells[index * 2];
  }
  endAt(index) {
    return this.pairs.cells[index * 2 + 1];
  }
  /** Whether the ranges come in order of their starts. */
  inOrder() {
    for (let index = 1; index < this.count; index++) if (this.startAt(index - 1) > this.startAt(index)) return false;
    return true;
  }
  /** Both lists as one, in order of their starts, the first's range first of two that start together (a stable sort). */
  static merged(first, second) {
    if (second.count === 0) return first;
    if (first.count === 0) return second;
    const all = new _RangeList();
    const take = (list, index) => all.add(list.startAt(index), list.endAt(index));
    if (first.inOrder() && second.inOrder()) {
      let a = 0;
      let b = 0;
      while (a < first.count || b < second.count) {
        if (b >= second.count || a < first.count && first.startAt(a) <= second.startAt(b)) take(first, a++);
        else take(second, b++);
      }
      return all;
    }
    const order = [];
    for (let index = 0; index < first.count + second.count; index++) order.push(index);
    const startOf = (index) => index < first.count ? first.startAt(index) : second.startAt(index - first.count);
    order.sort((a, b) => startOf(a) - startOf(b));
    for (const index of order) {
      if (index < first.count) take(first, index);
      else take(second, index - first.count);
    }
    return all;
  }
};
var BLOCK_KINDS = ["document", "quote", "list", "item", "paragraph", "fence", "indented", "html", "heading", "break"];
var HEADING_WIDTH = 8;
var HeadingList = class extends CompactList {
  lines = new IntRows(1);
  constructor() {
    super(HEADING_WIDTH, SHORT_LIST);
  }
  encode(block) {
    const at = this.rows.add();
    const firstLine2 = this.lines.rows;
    for (const offset of block.lines) {
      const cell = this.lines.add();
      this.lines.cells[cell] = offset;
    }
    const cells = this.rows.cells;
    cells[at] = block.level;
    cells[at + 1] = block.setext ? 1 : 0;
    cells[at + 2] = block.topLevel ? 1 : 0;
    cells[at + 3] = block.follows === void 0 ? -1 : BLOCK_KINDS.indexOf(block.follows);
    cells[at + 4] = block.start;
    cells[at + 5] = block.end;
    cells[at + 6] = firstLine2;
    cells[at + 7] = block.lines.length;
  }
  decode(index) {
    const cells = this.rows.cells;
    const at = index * HEADING_WIDTH;
    const firstLine2 = cells[at + 6];
    const lines = this.lines.slice(firstLine2, firstLine2 + cells[at + 7]);
    const follows = cells[at + 3];
    return {
      kind: "heading",
      level: cells[at],
      setext: cells[at + 1] === 1,
      topLevel: cells[at + 2] === 1,
      follows: follows === -1 ? void 0 : BLOCK_KINDS[follows],
      start: cells[at + 4],
      end: cells[at + 5],
      lines
    };
  }
};
var DESTINATION_WIDTH = 5;
var DestinationList = class _DestinationList extends CompactList {
  /** @param shortUpTo destinations kept as they are (SHORT_LIST unless said) */
  constructor(source2, shortUpTo = SHORT_LIST) {
    super(DESTINATION_WIDTH, shortUpTo);
    this.source = source2;
  }
  source;
  texts = [];
  encode(destination) {
    const at = this.rows.add();
    const cells = this.rows.cells;
    const { start, text: text2 } = destination;
    cells[at] = start;
    cells[at + 1] = destination.end;
    const from = this.source.startsWith(text2, start) ? start : this.source.startsWith(text2, start + 1) ? start + 1 : -1;
    cells[at + 2] = destination.angle ? 1 : 0;
    cells[at + 3] = from;
    if (from === -1) this.texts.push(text2);
    cells[at + 4] = from === -1 ? this.texts.length - 1 : text2.length;
  }
  /** The destinations in order of their starts, two that start together in the order given (a stable sort). */
  static sortedByStart(destinations, source2) {
    const sorted = new _DestinationList(source2);
    for (const destination of Array.from(destinations).sort((a, b) => a.start - b.start)) sorted.add(destination);
    return sorted;
  }
  decode(index) {
    const cells = this.rows.cells;
    const at = index * DESTINATION_WIDTH;
    const from = cells[at + 3];
    const length = cells[at + 4];
    const text2 = from === -1 ? this.texts[length] : this.source.slice(from, from + length);
    return { start: cells[at], end: cells[at + 1], text: text2, angle: cells[at + 2] === 1 };
  }
};
var LINK_KINDS = ["link", "image", "autolink"];
var LINK_WIDTH = 4;
var LinkList = class extends CompactList {
  /** The destinations of the links encoded, as numbers from the first. */
  destinations;
  definitions = [];
  constructor(source2) {
    super(LINK_WIDTH, SHORT_LIST);
    this.destinations = new DestinationList(source2, 0);
  }
  encode(link) {
    const at = this.rows.add();
    const cells = this.rows.cells;
    cells[at] = LINK_KINDS.indexOf(link.kind);
    cells[at + 1] = link.open;
    if (link.destination === void 0) cells[at + 2] = -1;
    else {
      cells[at + 2] = this.destinations.length;
      this.destinations.add(link.destination);
    }
    if (link.definition === void 0) cells[at + 3] = -1;
    else {
      cells[at + 3] = this.definitions.length;
      this.definitions.push(link.definition);
    }
  }
  decode(index) {
    const cells = this.rows.cells;
    const at = index * LINK_WIDTH;
    const destination = cells[at + 2];
    const definition = cells[at + 3];
    return {
      kind: LINK_KINDS[cells[at]],
      open: cells[at + 1],
      destination: destination === -1 ? void 0 : this.destinations.at(destination),
      definition: definition === -1 ? void 0 : this.definitions[definition]
    };
  }
};

// src/core/markdown/blocks/blockTypes.ts
var NO_LINES = Object.freeze([]);
var OpenBlock = class {
  constructor(kind, parent) {
    this.kind = kind;
    this.parent = parent;
  }
  kind;
  parent;
  hasChild = false;
  /** The kind of its last child closed so far: what a new child follows. */
  lastChild = void 0;
  list = void 0;
  /**
   * Lines as [start, end) pairs: a paragraph's text, a code block's content, an HTML block's lines. NO_LINES until
   * its first line: a list of its own for each of a text's blocks, made empty and given room for 17 numbers at the
   * first push, was about a fifth of what scanning a text of short paragraphs allocated (containers and headings
   * never take one).
   */
  lines = NO_LINES;
  /** The start of its first line, and where its content starts on it. */
  lineStart = 0;
  contentStart = 0;
  /** The end of its last line so far. */
  end = 0;
  // Fenced code.
  fenceChar = 0;
  fenceLength = 0;
  fenceOffset = 0;
  infoStart = -1;
  infoEnd = -1;
  /** A fence's closing line, or an HTML block's end condition, came. */
  closed = false;
  // HTML block: its start condition.
  htmlType = 0;
  /** The block as the constructor makes it, of `kind` in `parent`: a closed block opened again (BlockParser.addChild). */
  reopen(kind, parent) {
    this.kind = kind;
    this.parent = parent;
    this.hasChild = false;
    this.lastChild = void 0;
    this.list = void 0;
    this.lines = NO_LINES;
    this.lineStart = 0;
    this.contentStart = 0;
    this.end = 0;
    this.fenceChar = 0;
    this.fenceLength = 0;
    this.fenceOffset = 0;
    this.infoStart = -1;
    this.infoEnd = -1;
    this.closed = false;
    this.htmlType = 0;
    return this;
  }
};

// src/core/markdown/blocks/lineState.ts
var CODE_INDENT = 4;
var LineState = class {
  constructor(text2) {
    this.text = text2;
  }
  text;
  /** The line's first offset, and its end before its line ending (LF, CRLF or a bare CR). */
  start = 0;
  end = 0;
  offset = 0;
  column = 0;
  /** A tab the last advance stopped inside of: the columns left of it count as spaces of the content. */
  partiallyConsumedTab = false;
  nextNonspace = 0;
  nextNonspaceColumn = 0;
  indent = 0;
  indented = false;
  blank = false;
  /**
   * Per character of a thematic break (`*`, `-`, `_`): where the line's closing run of that character, spaces and tabs
   * starts, and the third of the character from the line's end in it (-1: fewer than three); -2: not measured on this line.
   */
  breakRunStart = [-2, -2, -2];
  breakThirdLast = [-1, -1, -1];
  /**
   * Where the last search for the next non-space started on this line (-1: none since the line began or was ended):
   * from there to nextNonspace are spaces and tabs only, so a search from any offset between them ends at the same
   * place and column. Searched again from each open block, a line's indentation was read once per block it went on
   * in: 4,000 list items nested by indentation (16 MB) took 138 s.
   */
  searchedFrom = -1;
  /** Starts the line [start, end). */
  begin(start, end) {
    this.start = start;
    this.end = end;
    this.offset = start;
    this.column = 0;
    this.partiallyConsumedTab = false;
    this.blank = false;
    this.searchedFrom = -1;
    const runStart = this.breakRunStart;
    runStart[0] = runStart[1] = runStart[2] = -2;
  }
  /**
   * Whether the line from `at` (a `char`, one of `*`, `-`, `_`) on holds three or more of `char` and nothing else but
   * spaces and tabs: a thematic break. The line's closing run is measured once per character and line: read again from
   * each marker, `- - - … x` (each `- ` an item in the one before, each tried as a break) took time quadratic in its
   * length, 6 s for 100 KB.
   */
  isBreakFrom(at, char) {
    const slot = char === ASTERISK ? 0 : char === DASH ? 1 : 2;
    if (this.breakRunStart[slot] === -2) this.measureBreakRun(slot, char);
    return at >= this.breakRunStart[slot] && at <= this.breakThirdLast[slot];
  }
  measureBreakRun(slot, char) {
    const text2 = this.text;
    let at = this.end;
    let count = 0;
    let thirdLast = -1;
    while (at > this.start) {
      const code = text2.charCodeAt(at - 1);
      if (code === char) {
        if (++count === 3) thirdLast = at - 1;
      } else if (code !== SPACE && code !== TAB) break;
      at--;
    }
    this.breakRunStart[slot] = at;
    this.breakThirdLast[slot] = thirdLast;
  }
  /** The character code at `at` on this line, -1 past its end. */
  peek(at) {
    return at < this.end ? this.text.charCodeAt(at) : -1;
  }
  findNextNonspace() {
    if (this.searchedFrom !== -1 && this.searchedFrom <= this.offset && this.offset <= this.nextNonspace) {
      this.indent = this.nextNonspaceColumn - this.column;
      this.indented = this.indent >= CODE_INDENT;
      return;
    }
    const text2 = this.text;
    let at = this.offset;
    this.searchedFrom = at;
    let columns2 = this.column;
    let code = -1;
    while (at < this.end) {
      code = text2.charCodeAt(at);
      if (code === SPACE) {
        at++;
        columns2++;
      } else if (code === TAB) {
        at++;
        columns2 += 4 - columns2 % 4;
      } else break;
    }
    this.blank = at >= this.end || code === LINE_FEED || code === CARRIAGE_RETURN;
    this.nextNonspace = at;
    this.nextNonspaceColumn = columns2;
    this.indent = columns2 - this.column;
    this.indented = this.indent >= CODE_INDENT;
  }
  advanceNextNonspace() {
    this.offset = this.nextNonspace;
    this.column = this.nextNonspaceColumn;
    this.partiallyConsumedTab = false;
  }
  /** Moves `count` characters on, or `count` columns when `columns` (a tab then counts as the columns it spans). */
  advanceOffset(count, columns2) {
    const text2 = this.text;
    while (count > 0 && this.offset < this.end) {
      if (text2.charCodeAt(this.offset) === TAB) {
        const toTab = 4 - this.column % 4;
        if (columns2) {
          this.partiallyConsumedTab = toTab > count;
          const advance = toTab > count ? count : toTab;
          this.column += advance;
          if (!this.partiallyConsumedTab) this.offset++;
          count -= advance;
        } else {
          this.partiallyConsumedTab = false;
          this.column += toTab;
          this.offset++;
          count--;
        }
      } else {
        this.partiallyConsumedTab = false;
        this.offset++;
        this.column++;
        count--;
      }
    }
  }
  /** Moves to the line's end. */
  advanceToEnd() {
    this.offset = this.end;
    this.partiallyConsumedTab = false;
    this.searchedFrom = -1;
  }
};

// src/core/markdown/blocks/continuation.ts
function continues(line, block) {
  switch (block.kind) {
    case "quote":
      if (line.indented || line.peek(line.nextNonspace) !== GREATER_THAN) return 1;
      line.advanceNextNonspace();
      line.advanceOffset(1, false);
      if (isSpaceOrTab(line.peek(line.offset))) line.advanceOffset(1, true);
      return 0;
    case "item":
      return continuesItem(line, block);
    case "fence":
      return continuesFence(line, block);
    case "indented":
      if (line.indent >= CODE_INDENT) line.advanceOffset(CODE_INDENT, true);
      else if (line.blank) line.advanceNextNonspace();
      else return 1;
      return 0;
    case "html":
      return line.blank && (block.htmlType === 6 || block.htmlType === 7) ? 1 : 0;
    case "paragraph":
      return line.blank ? 1 : 0;
    case "heading":
    case "break":
      return 1;
    default:
      return 0;
  }
}
function continuesItem(line, item) {
  const list = item.list;
  if (line.blank) {
    if (!item.hasChild) return 1;
    line.advanceNextNonspace();
  } else if (line.indent >= list.markerOffset + list.padding) {
    line.advanceOffset(list.markerOffset + list.padding, true);
  } else return 1;
  return 0;
}
function continuesFence(line, fence2) {
  const at = line.nextNonspace;
  if (line.indent <= 3 && line.peek(at) === fence2.fenceChar) {
    let length = 0;
    while (line.peek(at + length) === fence2.fenceChar) length++;
    let rest = at + length;
    while (isSpaceOrTab(line.peek(rest))) rest++;
    if (length >= 3 && length >= fence2.fenceLength && rest >= line.end) {
      fence2.closed = true;
      fence2.end = line.end;
      return 2;
    }
  }
  for (let spaces = fence2.fenceOffset; spaces > 0 && isSpaceOrTab(line.peek(line.offset)); spaces--) line.advanceOffset(1, true);
  return 0;
}

// src/core/markdown/htmlSyntax.ts
var TAG_NAME = "[A-Za-z][A-Za-z0-9-]*";
var ATTRIBUTE_NAME = "[a-zA-Z_:][a-zA-Z0-9:._-]*";
var ATTRIBUTE_VALUE = `(?:[^"'=<>\`\\x00-\\x20]+|'[^']*'|"[^"]*")`;
var ATTRIBUTE = `(?:\\s+${ATTRIBUTE_NAME}(?:\\s*=\\s*${ATTRIBUTE_VALUE})?)`;
var OPEN_TAG = `<${TAG_NAME}${ATTRIBUTE}*\\s*/?>`;
var CLOSE_TAG = `</${TAG_NAME}\\s*[>]`;

// src/core/markdown/blocks/htmlBlocks.ts
var BLOCK_TAGS = "address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[123456]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|section|search|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul";
var STARTS = [
  /^<(?:script|pre|textarea|style)(?:\s|>|$)/i,
  /^<!--/,
  /^<[?]/,
  /^<![A-Za-z]/,
  /^<!\[CDATA\[/,
  new RegExp(`^<[/]?(?:${BLOCK_TAGS})(?:\\s|[/]?[>]|$)`, "i"),
  new RegExp(`^(?:${OPEN_TAG}|${CLOSE_TAG})\\s*$`, "i")
];
var ENDS = [/<\/(?:script|pre|textarea|style)>/i, /-->/, /\?>/, />/, /\]\]>/];
function htmlBlockStart(rest, mayBeSeventh) {
  const last2 = mayBeSeventh ? 7 : 6;
  for (let type = 1; type <= last2; type++) if (STARTS[type - 1].test(rest)) return type;
  return 0;
}
function endsHtmlBlock(type, rest) {
  return ENDS[type - 1].test(rest);
}

// src/core/markdown/blocks/listItems.ts
function parseListMarker(line, container) {
  if (line.indent >= 4) return void 0;
  const text2 = line.text;
  const at = line.nextNonspace;
  const first = line.peek(at);
  let markerEnd;
  let ordered = false;
  let marker = first;
  if (first === DASH || first === PLUS || first === ASTERISK) markerEnd = at + 1;
  else {
    let end = at;
    while (end - at < 10 && isDigit(line.peek(end))) end++;
    const delimiter = line.peek(end);
    if (end === at || end - at > 9 || delimiter !== DOT && delimiter !== CLOSE_PARENTHESIS) return void 0;
    if (container === "paragraph" && Number(text2.slice(at, end)) !== 1) return void 0;
    ordered = true;
    marker = delimiter;
    markerEnd = end + 1;
  }
  const next = line.peek(markerEnd);
  if (next !== -1 && !isSpaceOrTab(next)) return void 0;
  if (container === "paragraph" && !holdsNonSpace(line, markerEnd)) return void 0;
  const markerOffset = line.indent;
  line.advanceNextNonspace();
  line.advanceOffset(markerEnd - at, true);
  const spacesStartColumn = line.column;
  const spacesStartOffset = line.offset;
  do
    line.advanceOffset(1, true);
  while (line.column - spacesStartColumn < 5 && isSpaceOrTab(line.peek(line.offset)));
  const blankItem = line.peek(line.offset) === -1;
  const spaces = line.column - spacesStartColumn;
  let padding;
  if (spaces >= 5 || spaces < 1 || blankItem) {
    padding = markerEnd - at + 1;
    line.column = spacesStartColumn;
    line.offset = spacesStartOffset;
    if (isSpaceOrTab(line.peek(line.offset))) line.advanceOffset(1, true);
  } else padding = markerEnd - at + spaces;
  return { ordered, marker, markerOffset, padding };
}
function listsMatch(list, item) {
  return list.ordered === item.ordered && list.marker === item.marker;
}
function holdsNonSpace(line, from) {
  for (let at = from; at < line.end; at++) {
    const code = line.text.charCodeAt(at);
    if (code !== 32 && code !== 9 && code !== 11 && code !== 12) return true;
  }
  return false;
}

// src/core/markdown/blocks/starts.ts
function maybeSpecial(code) {
  return code === HASH || code === BACKTICK || code === TILDE || code === ASTERISK || code === 43 || code === UNDERSCORE || code === EQUALS || code === LESS_THAN || code === GREATER_THAN || code === DASH || code >= 48 && code <= 57;
}
function tryStarts(builder, container) {
  const line = builder.line;
  if (!line.indented) {
    const first = line.peek(line.nextNonspace);
    if (first === GREATER_THAN) return blockQuote(builder);
    if (first === HASH && atxHeading(builder)) return 2;
    if ((first === BACKTICK || first === TILDE) && fence(builder)) return 2;
    if (first === LESS_THAN && htmlBlock(builder, container)) return 2;
    if ((first === EQUALS || first === DASH) && container.kind === "paragraph" && setextUnderline(builder, container)) return 2;
    if ((first === ASTERISK || first === DASH || first === UNDERSCORE) && thematicBreak(builder)) return 2;
  }
  if ((!line.indented || container.kind === "list") && listItem(builder, container)) return 1;
  if (line.indented && builder.tip.kind !== "paragraph" && !line.blank) {
    line.advanceOffset(CODE_INDENT, true);
    builder.closeUnmatchedBlocks();
    builder.addChild("indented", line.offset);
    return 2;
  }
  return 0;
}
function blockQuote(builder) {
  const line = builder.line;
  line.advanceNextNonspace();
  line.advanceOffset(1, false);
  if (isSpaceOrTab(line.peek(line.offset))) line.advanceOffset(1, true);
  builder.closeUnmatchedBlocks();
  builder.addChild("quote", line.nextNonspace);
  return 1;
}
function atxHeading(builder) {
  const line = builder.line;
  const at = line.nextNonspace;
  let hashes = 0;
  while (hashes < 7 && line.peek(at + hashes) === HASH) hashes++;
  if (hashes > 6) return false;
  let after = at + hashes;
  if (after < line.end && !isSpaceOrTab(line.peek(after))) return false;
  while (isSpaceOrTab(line.peek(after))) after++;
  line.advanceNextNonspace();
  line.advanceOffset(after - at, false);
  builder.closeUnmatchedBlocks();
  builder.addChild("heading", line.nextNonspace);
  builder.atxHeading(hashes, line.offset, atxContentEnd(line.text, line.offset, line.end));
  line.advanceToEnd();
  return true;
}
function atxContentEnd(text2, start, end) {
  let last2 = end;
  while (last2 > start && isSpaceOrTab(text2.charCodeAt(last2 - 1))) last2--;
  let hashes = last2;
  while (hashes > start && text2.charCodeAt(hashes - 1) === HASH) hashes--;
  if (hashes === last2) return end;
  if (hashes === start) return start;
  if (!isSpaceOrTab(text2.charCodeAt(hashes - 1))) return end;
  while (hashes > start && isSpaceOrTab(text2.charCodeAt(hashes - 1))) hashes--;
  return hashes;
}
function fence(builder) {
  const line = builder.line;
  const at = line.nextNonspace;
  const char = line.peek(at);
  let length = 0;
  while (line.peek(at + length) === char) length++;
  if (length < 3) return false;
  if (char === BACKTICK) {
    const backtick = line.text.indexOf("`", at + length);
    if (backtick !== -1 && backtick < line.end) return false;
  }
  builder.closeUnmatchedBlocks();
  const block = builder.addChild("fence", line.nextNonspace);
  block.fenceLength = length;
  block.fenceChar = char;
  block.fenceOffset = line.indent;
  line.advanceNextNonspace();
  line.advanceOffset(length, false);
  return true;
}
function htmlBlock(builder, container) {
  const line = builder.line;
  const mayBeSeventh = container.kind !== "paragraph" && !(!builder.allClosed && !line.blank && builder.tip.kind === "paragraph");
  const type = htmlBlockStart(line.text.slice(line.nextNonspace, line.end), mayBeSeventh);
  if (type === 0) return false;
  builder.closeUnmatchedBlocks();
  builder.addChild("html", line.offset).htmlType = type;
  return true;
}
function setextUnderline(builder, paragraph) {
  const line = builder.line;
  const at = line.nextNonspace;
  const char = line.peek(at);
  let end = at;
  while (line.peek(end) === char) end++;
  while (isSpaceOrTab(line.peek(end))) end++;
  if (end < line.end) return false;
  builder.closeUnmatchedBlocks();
  if (!builder.takeDefinitions(paragraph)) return false;
  builder.setextHeading(paragraph, char === EQUALS ? 1 : 2);
  line.advanceToEnd();
  return true;
}
function thematicBreak(builder) {
  const line = builder.line;
  if (!line.isBreakFrom(line.nextNonspace, line.peek(line.nextNonspace))) return false;
  builder.closeUnmatchedBlocks();
  builder.addChild("break", line.nextNonspace);
  line.advanceToEnd();
  return true;
}
function listItem(builder, container) {
  const line = builder.line;
  const data = parseListMarker(line, container.kind);
  if (data === void 0) return false;
  builder.closeUnmatchedBlocks();
  const list = builder.tip.kind === "list" ? builder.tip.list : void 0;
  if (list === void 0 || !listsMatch(list, data)) builder.addChild("list", line.nextNonspace).list = data;
  builder.addChild("item", line.nextNonspace).list = data;
  return true;
}

// src/core/markdown/blocks/blockParser.ts
function parseBlocks(text2, inlines, onLine) {
  const parser = new BlockParser(text2, text2.includes("]:") ? void 0 : inlines, onLine);
  parser.parse();
  return parser.found;
}
var BlockParser = class {
  /** @param inlines where the text blocks' inlines go as they close; undefined: read after the whole text (scan.ts). */
  constructor(text2, inlines, onLine) {
    this.text = text2;
    this.inlines = inlines;
    this.onLine = onLine;
    this.found = { headings: new HeadingList(), inlineBlocks: [], fences: [], htmlBlocks: [], codeBlocks: new RangeList(), definitions: [], byLabel: /* @__PURE__ */ new Map() };
    this.line = new LineState(text2);
    this.tip = this.open[0];
  }
  text;
  inlines;
  onLine;
  line;
  found;
  /** The open blocks, the document first: each is the last child of the one before it. */
  open = [new OpenBlock("document", void 0)];
  tip;
  allClosed = true;
  lastMatched = 0;
  /**
   * How many of the open blocks after the document are known to be lists, or items that hold a child: blocks a blank
   * line goes on in without a marker, moving the line to its end and changing nothing else. Known from the last blank
   * line's walk, and lowered as blocks close; an item only ever gains a child, so a block counted stays true to it.
   */
  blankProof = 0;
  /**
   * Blocks closed, to be opened again: nothing keeps a closed block (what the scan keeps of it is copied as it closes;
   * a line observer is the exception, and then none is kept here),
   * and a block of its own for each of a text's paragraphs was the largest part of what a scan allocated (26 MB of
   * planning 10,000 files of 4 KB).
   */
  closedBlocks = [];
  /** The next `[` and `<` at or after the last paragraph closed (-1: none left; -2: not looked for yet). */
  bracket = -2;
  angle = -2;
  /** The block the current line closed as its own last line (LineObserver). */
  closedByLine = void 0;
  parse() {
    const text2 = this.text;
    const bareCr = text2.includes("\r") && /\r(?!\n)/.test(text2);
    let cr = bareCr ? text2.indexOf("\r") : -1;
    let start = 0;
    while (start < text2.length) {
      let next = text2.indexOf("\n", start);
      if (cr !== -1 && cr < start) cr = text2.indexOf("\r", start);
      if (cr !== -1 && (next === -1 || cr < next - 1)) next = cr;
      if (next === -1) next = text2.length;
      const end = next > start && text2.charCodeAt(next - 1) === CARRIAGE_RETURN && text2.charCodeAt(next) === LINE_FEED ? next - 1 : next;
      this.incorporateLine(start, end);
      if (this.onLine !== void 0) {
        this.onLine(start, end, this.open, this.closedByLine);
        this.closedByLine = void 0;
      }
      start = next + 1;
    }
    while (this.open.length > 0) this.closeTip();
  }
  incorporateLine(start, end) {
    const line = this.line;
    const open3 = this.open;
    line.begin(start, end);
    let matched = 0;
    line.findNextNonspace();
    const blankLine = line.blank;
    if (blankLine && this.blankProof > 0) {
      matched = this.blankProof;
      if (matched >= 2) line.advanceNextNonspace();
    }
    for (let index = matched + 1; index < open3.length; index++) {
      line.findNextNonspace();
      const result = continues(line, open3[index]);
      if (result === 2) {
        this.closedByLine = this.tip;
        this.closeTip();
        return;
      }
      if (result === 1) break;
      matched = index;
    }
    this.allClosed = matched === open3.length - 1;
    this.lastMatched = matched;
    if (blankLine) this.blankProof = matched > 0 && !isContainer(open3[matched].kind) ? matched - 1 : matched;
    let container = open3[matched];
    let matchedLeaf = container.kind !== "paragraph" && acceptsLines(container.kind);
    while (!matchedLeaf) {
      line.findNextNonspace();
      if (!line.indented && !maybeSpecial(line.peek(line.nextNonspace))) {
        line.advanceNextNonspace();
        break;
      }
      const result = tryStarts(this, container);
      if (result === 0) {
        line.advanceNextNonspace();
        break;
      }
      container = this.tip;
      matchedLeaf = result === 2;
    }
    if (!this.allClosed && !line.blank && this.tip.kind === "paragraph") {
      this.addLine(this.tip);
      return;
    }
    this.closeUnmatchedBlocks();
    const tip = this.tip;
    if (acceptsLines(tip.kind)) {
      this.addLine(tip);
      if (tip.kind === "html" && tip.htmlType <= 5 && endsHtmlBlock(tip.htmlType, this.text.slice(line.offset, line.end))) {
        tip.closed = true;
        this.closedByLine = tip;
        this.closeTip();
      }
    } else if (line.offset < line.end && !line.blank) {
      this.addChild("paragraph", line.offset);
      line.advanceNextNonspace();
      this.addLine(this.tip);
    }
  }
  closeUnmatchedBlocks() {
    if (this.allClosed) return;
    while (this.open.length - 1 > this.lastMatched) this.closeTip();
    this.allClosed = true;
  }
  addChild(kind, contentStart) {
    while (!canContain(this.tip.kind, kind)) this.closeTip();
    const block = this.closedBlocks.pop()?.reopen(kind, this.tip) ?? new OpenBlock(kind, this.tip);
    block.lineStart = this.line.start;
    block.contentStart = contentStart;
    block.end = this.line.end;
    this.tip.hasChild = true;
    this.open.push(block);
    this.tip = block;
    return block;
  }
  addLine(block) {
    const line = this.line;
    const start = line.partiallyConsumedTab ? line.offset + 1 : line.offset;
    block.end = line.end;
    if (block.kind === "fence" && block.infoStart === -1) {
      block.infoStart = start;
      block.infoEnd = line.end;
    } else if (block.lines === NO_LINES) block.lines = [start, line.end];
    else block.lines.push(start, line.end);
  }
  takeDefinitions(paragraph) {
    const lines = paragraph.lines;
    if (lines.length === 0) return false;
    if (this.text.charCodeAt(lines[0]) !== 91) return true;
    const subject = subjectOf(this.text, lines);
    const after = readDefinitions(subject, this.found.definitions, this.found.byLabel);
    if (after === subject.start) return true;
    let keep = 0;
    while (keep < lines.length && subject.toSource(after) > lines[keep + 1]) keep += 2;
    if (after >= subject.end) keep = lines.length;
    lines.splice(0, keep);
    return lines.length > 0;
  }
  setextHeading(paragraph, level) {
    const heading = new OpenBlock("heading", paragraph.parent);
    heading.lineStart = paragraph.lineStart;
    this.open[this.open.length - 1] = heading;
    this.tip = heading;
    const lines = paragraph.lines;
    const start = lineStartOf(this.text, lines[0]);
    const block = textBlock("heading", level, true, heading, start, this.line.end, lines.slice());
    if (start !== paragraph.lineStart) block.follows = "paragraph";
    this.heading(block);
  }
  atxHeading(level, contentStart, contentEnd) {
    this.heading(textBlock("heading", level, false, this.tip, this.line.start, this.line.end, [contentStart, contentEnd]));
  }
  heading(block) {
    this.found.headings.add(block);
    if (block.lines.length > 0) this.takeInlines(block);
  }
  /** A text block's inlines, read now when they are read as blocks close, else kept for after the text, if it may hold any. */
  takeInlines(block) {
    if (!this.mayHoldInlines(block.lines)) return;
    if (this.inlines !== void 0) scanInlines(subjectOf(this.text, block.lines).trim(), this.found.byLabel, this.inlines);
    else this.found.inlineBlocks.push(block);
  }
  /**
   * Whether a `[` or a `<` is between the first line's start and the last line's end of `lines`: found by searching the
   * text forward, as paragraphs close in document order (only the tip is ever a paragraph).
   */
  mayHoldInlines(lines) {
    const start = lines[0];
    const end = lines[lines.length - 1];
    if (this.bracket !== -1 && this.bracket < start) this.bracket = this.text.indexOf("[", start);
    if (this.angle !== -1 && this.angle < start) this.angle = this.text.indexOf("<", start);
    return this.bracket !== -1 && this.bracket < end || this.angle !== -1 && this.angle < end;
  }
  /** Closes the innermost open block, recording what the scanner keeps of it. */
  closeTip() {
    const block = this.open.pop();
    this.tip = this.open[this.open.length - 1];
    if (this.blankProof > this.open.length - 1) this.blankProof = this.open.length - 1;
    const found = this.found;
    switch (block.kind) {
      case "paragraph":
        if (!this.takeDefinitions(block) || !this.mayHoldInlines(block.lines)) break;
        if (this.inlines !== void 0) scanInlines(subjectOf(this.text, block.lines).trim(), found.byLabel, this.inlines);
        else {
          found.inlineBlocks.push(textBlock("paragraph", 0, false, block, lineStartOf(this.text, block.lines[0]), block.end, block.lines.slice()));
        }
        break;
      case "fence":
        found.codeBlocks.add(block.lineStart, block.end);
        found.fences.push({
          lineStart: block.lineStart,
          marker: block.contentStart,
          fenceChar: block.fenceChar,
          fenceLength: block.fenceLength,
          infoStart: block.infoStart,
          infoEnd: block.infoEnd,
          closed: block.closed,
          topLevel: block.parent?.kind === "document",
          end: block.end,
          lines: block.lines.slice()
        });
        break;
      case "indented":
        found.codeBlocks.add(block.lineStart, lastNonBlankEnd(this.text, block.lines));
        break;
      case "html":
        found.htmlBlocks.push({ start: block.contentStart, end: block.end, type: block.htmlType, closed: block.closed, topLevel: block.parent?.kind === "document" });
        break;
      default:
    }
    if (block.parent !== void 0) block.parent.lastChild = block.kind;
    if (this.onLine === void 0) this.closedBlocks.push(block);
  }
};
function textBlock(kind, level, setext, block, start, end, lines) {
  return { kind, level, setext, topLevel: block.parent?.kind === "document", follows: block.parent?.lastChild, start, end, lines };
}
function isContainer(kind) {
  return kind === "list" || kind === "item";
}
function acceptsLines(kind) {
  return kind === "paragraph" || kind === "fence" || kind === "indented" || kind === "html";
}
function canContain(parent, child) {
  if (parent === "document" || parent === "quote" || parent === "item") return child !== "item";
  return parent === "list" && child === "item";
}
function lineStartOf(text2, at) {
  let start = at;
  while (start > 0) {
    const code = text2.charCodeAt(start - 1);
    if (code === LINE_FEED || code === CARRIAGE_RETURN) break;
    start--;
  }
  return start;
}
function lastNonBlankEnd(text2, lines) {
  for (let index = lines.length - 2; index >= 0; index -= 2) {
    const start = lines[index];
    const end = lines[index + 1];
    for (let at = start; at < end; at++) {
      const code = text2.charCodeAt(at);
      if (code !== 32 && code !== 9) return end;
    }
  }
  return lines[1] ?? 0;
}

// src/core/markdown/ranges.ts
function inRanges(ranges, offset) {
  if (!Array.isArray(ranges)) return inPairs(ranges, offset);
  const tuples = ranges;
  let low = 0;
  let high = tuples.length;
  while (low < high) {
    const middle = low + high >> 1;
    if (tuples[middle][0] <= offset) low = middle + 1;
    else high = middle;
  }
  return low > 0 && offset < tuples[low - 1][1];
}
function inPairs(pairs2, offset) {
  let low = 0;
  let high = pairs2.count;
  while (low < high) {
    const middle = low + high >> 1;
    if (pairs2.startAt(middle) <= offset) low = middle + 1;
    else high = middle;
  }
  return low > 0 && offset < pairs2.endAt(low - 1);
}

// src/core/markdown/scan.ts
var lastText;
var last;
function scanMarkdown(text2) {
  const same = lastText === text2;
  lastText = text2;
  if (same && last !== void 0) return last;
  const inlines = { links: new LinkList(text2), codeSpans: new RangeList(), comments: [] };
  const blocks = parseBlocks(text2, inlines);
  for (const block of blocks.inlineBlocks) scanInlines(subjectOf(text2, block.lines).trim(), blocks.byLabel, inlines);
  last = {
    headings: blocks.headings,
    fences: blocks.fences,
    htmlBlocks: blocks.htmlBlocks,
    definitions: blocks.definitions,
    links: inlines.links,
    code: RangeList.merged(blocks.codeBlocks, inlines.codeSpans),
    comments: merged(htmlComments(text2, blocks.htmlBlocks), inlines.comments)
  };
  return last;
}
function keptScan(text2) {
  return lastText === text2 ? last : void 0;
}
function htmlComments(text2, blocks) {
  const comments = [];
  for (const block of blocks) {
    if (block.type === 2) {
      comments.push([block.start, block.end]);
      continue;
    }
    for (let open3 = text2.indexOf("<!--", block.start); open3 !== -1 && open3 < block.end; ) {
      const close = text2.indexOf("-->", open3 + 4);
      const end = close === -1 || close + 3 > block.end ? block.end : close + 3;
      comments.push([open3, end]);
      open3 = text2.indexOf("<!--", end);
    }
  }
  return comments;
}
function merged(first, second) {
  if (second.length === 0) return first;
  if (first.length === 0) return second;
  const all = first.concat(second);
  return all.sort((a, b) => a[0] - b[0]);
}
function textOf(text2, block) {
  const lines = block.lines;
  if (lines.length === 2) return text2.slice(lines[0], lines[1]).trim();
  const parts = [];
  for (let index = 0; index < lines.length; index += 2) parts.push(text2.slice(lines[index], lines[index + 1]).trim());
  return parts.join(" ");
}

// src/core/markdown/links.ts
function mayHoldLinks(text2) {
  return text2.includes("](") || text2.includes("]:");
}
function findLinkDestinations(markdown) {
  const found = [];
  const sorted = scannedDestinations(markdown, (destination) => found.push(destination));
  return sorted ? found : found.sort((a, b) => a.start - b.start);
}
function linkDestinationList(markdown) {
  const found = new DestinationList(markdown);
  const sorted = scannedDestinations(markdown, (destination) => found.add(destination));
  return sorted ? found : DestinationList.sortedByStart(found, markdown);
}
function scannedDestinations(markdown, add) {
  const scanned = scanMarkdown(markdown);
  let lastStart = -1;
  for (const link of scanned.links) {
    if (link.kind !== "link" || link.destination === void 0) continue;
    add(link.destination);
    lastStart = link.destination.start;
  }
  let sorted = true;
  for (const definition of scanned.definitions) {
    if (definition.usedByImage && !definition.usedByLink) continue;
    if (lastStart > definition.destination.start) sorted = false;
    add(definition.destination);
    lastStart = definition.destination.start;
  }
  return sorted;
}
function isImageDefinition(definition) {
  return definition.usedByImage && !definition.usedByLink;
}

// src/core/markdown/frontMatter.ts
var FRONT_MATTER = /^---[ \t]*(?:\r\n?|\n)(?:([\s\S]*?)(?:\r\n?|\n))?(?:---|\.\.\.)[ \t]*(?:\r\n?|\n|$)/;
var MAPPING_START = /^(?:(?:[^\s#'"\-?:,[\]{}&*!|>%@`]|[-?:]\S)[^\r\n]*?|(?:"[^"\r\n]*"|'[^'\r\n]*')[ \t]*):(?:[ \t]|$)|^\?(?:[ \t]|$)|^\{/;
var SKIPPED_LINE = /^[ \t]*(?:#.*)?$/;
function findFrontMatter(text2) {
  if (!text2.startsWith("---", text2.charCodeAt(0) === 65279 ? 1 : 0)) return void 0;
  const withoutBom = text2.charCodeAt(0) === 65279 ? text2.slice(1) : text2;
  const match = FRONT_MATTER.exec(withoutBom);
  if (match === null) return void 0;
  const yaml2 = match[1] ?? "";
  return opensMapping(yaml2) ? { yaml: yaml2, body: withoutBom.slice(match[0].length) } : void 0;
}
function frontMatterBody(text2) {
  return findFrontMatter(text2)?.body ?? text2;
}
function opensMapping(yaml2) {
  let comments = false;
  for (let start = 0; start < yaml2.length; ) {
    let end = start;
    while (end < yaml2.length && yaml2.charCodeAt(end) !== 10 && yaml2.charCodeAt(end) !== 13) end++;
    const line = yaml2.slice(start, end);
    if (!SKIPPED_LINE.test(line)) return MAPPING_START.test(line);
    comments ||= line.trim() !== "";
    start = end + 1;
  }
  return !comments;
}

// src/cli/fileLines.ts
function targetLines(text2, targets) {
  if (targets.length === 0) return [];
  const body = frontMatterBody(text2);
  const bodyStart = text2.length - body.length;
  const destinations = findLinkDestinations(body);
  const lines = [];
  for (const target of targets) {
    const at = destinations.find((destination) => destination.text === target)?.start ?? body.indexOf(target);
    if (at < 0) continue;
    const line = lineAt(text2, bodyStart + at);
    if (!lines.includes(line)) lines.push(line);
  }
  return lines;
}
function lineAt(text2, offset) {
  let line = 1;
  for (let at = text2.indexOf("\n"); at !== -1 && at < offset; at = text2.indexOf("\n", at + 1)) line++;
  return line;
}
function lineAbout(text2, message) {
  if (text2 === void 0) return 1;
  const lines = text2.split(/\r?\n/);
  const listed2 = /\(([^()]+)\)/.exec(message)?.[1]?.split(", ").map((part) => part.trim()) ?? [];
  const quoted = [...message.matchAll(/"([^"\n]{2,})"/g)].map((match) => match[1]);
  for (const wanted of [...listed2, ...quoted].filter((part) => part.length >= 2 && part !== "...")) {
    const index = lines.findIndex((line) => line.includes(wanted));
    if (index >= 0) return index + 1;
  }
  return 1;
}

// src/cli/verdictText.ts
var PAGE_NOT_FOUND = "its page was not found on the wiki: deleted, or hidden from the account that checks wiki edits";
function verdictFitsResult(record) {
  if (record.status === "refused") return verdictFitsRefusal(record.wikiEdits);
  if (record.wikiEdits?.verdict === "exists") return false;
  return record.wikiEdits?.verdict !== "deleted" || record.outcome === "created";
}
function verdictFitsRefusal(wikiEdits) {
  return wikiEdits?.verdict === "unchecked";
}
function placeTakenText(taken) {
  return `${PAGE_NOT_FOUND}, and another page with this title holds its place now (page ${taken.pageId}, version ${taken.version}${taken.editedBy ? ` by ${taken.editedBy}` : ""}), which this file did not publish: the create will be refused as "already exists"; give this file another title, or rename or delete that page on the wiki`;
}
function existsText(wikiEdits, planned) {
  if (wikiEdits.unknownRepository) return `a page with this title exists carrying a notice for this file's path that no record names, and this run cannot tell which repository published it: the create ${planned ? "will be" : "was"} refused as "already exists"; if it is this repository's page, --overwrite takes it, or record it in .wiki-pages.json (in CI, WIKI_PUBLISHER_REPOSITORY, GitHub's repository ID or GitLab's project ID names the repository)`;
  if (wikiEdits.otherRepository) return `a page with this title exists that a file of the same path in another repository published: the create ${planned ? "will be" : "was"} refused as "already exists"; it is that repository's page (--overwrite would replace it)`;
  return `a page with this title exists: the create ${planned ? "will be" : "was"} refused as "already exists"; --overwrite updates it`;
}
function adoptedText(wikiEdits, planned, sent) {
  const fate = !wikiEdits.sameContent ? "and updated" : sent ? "and sent again all the same (--force): it held what this file sends" : "and left as it is: it holds what this file would send";
  return `wiki checked: a page with this title is there that no record names, carrying this file's publish notice (version ${wikiEdits.version ?? "?"}): ${planned ? "it would be taken" : "taken"} as this file's page ${fate}`;
}
function editedSinceText(wikiEdits) {
  const since = wikiEdits.publishedVersion === void 0 ? "" : ` (version ${wikiEdits.publishedVersion})`;
  return `edited on the wiki since its last publish${since}: version ${wikiEdits.version ?? "?"}${wikiEdits.editedBy ? ` by ${wikiEdits.editedBy}` : ""}${wikiEdits.editedAt ? ` at ${wikiEdits.editedAt}` : ""}`;
}
function overwriteEditedText(wikiEdits) {
  return wikiEdits?.anewUnder === void 0 ? "--overwrite-edited replaces it" : `--overwrite-edited creates it anew under the new page of its folder "${wikiEdits.anewUnder}" and leaves the edited page where it is`;
}
function noNoticeText(wikiEdits) {
  return `its page carries no publish notice and no record here names its version ${wikiEdits.version ?? "?"}${wikiEdits.editedBy ? ` by ${wikiEdits.editedBy}` : ""}${wikiEdits.editedAt ? ` at ${wikiEdits.editedAt}` : ""}: an edit on the wiki cannot be told from a publish (--state from the last publish tells; so does the notice, on the pages published with it from then on)`;
}
function lookupFailedText(wikiEdits) {
  return `the wiki could not be read to check for edits: ${wikiEdits.cause ?? wikiEdits.detail ?? "the lookup failed"}`;
}
var LOOKUP_FAILED_FIX = "run again, or --overwrite-edited sends it unchecked";
var lastingFix = (them) => `if the parent is only hidden from that account, --overwrite-edited sends ${them} unchecked`;
function lookupFailedFix(wikiEdits) {
  return wikiEdits?.lasting === true ? lastingFix("it") : LOOKUP_FAILED_FIX;
}
function heldForLookupText(held, lasting) {
  const them = held === 1 ? "it" : "them";
  const updates = `${held} ${held === 1 ? "update" : "updates"} left out`;
  if (lasting === 0) return `${updates}: run again, or --overwrite-edited sends ${them} unchecked.`;
  if (lasting === held) return `${updates}: running again does not help; ${lastingFix(them)}.`;
  return `${updates}: run again for ${held - lasting} of them (not for the ${lasting} under a parent that account cannot see), or --overwrite-edited sends them unchecked.`;
}
function lookupFailedRecord(wikiEdits) {
  return wikiEdits?.verdict === "unchecked" && wikiEdits.reason === "failed";
}
function heldBackText(wikiEdits, planned = true) {
  const leftOut = planned ? "Would be left out" : "Left out";
  if (lookupFailedRecord(wikiEdits)) return `${leftOut}: ${lookupFailedText(wikiEdits)} (${lookupFailedFix(wikiEdits)}).`;
  const elsewhere = elsewhereText(wikiEdits, "held");
  if (elsewhere !== void 0) return `I${elsewhere.slice(1)}.`;
  if (wikiEdits?.noNotice) return `${leftOut}: ${noNoticeText(wikiEdits)} (${overwriteEditedText(wikiEdits)}).`;
  return `${leftOut}: its page was ${wikiEdits ? editedSinceText(wikiEdits) : "edited on the wiki since its last publish"} (${overwriteEditedText(wikiEdits)}).`;
}
function elsewhereFate(status) {
  return status === "edited" ? "held" : status === "send" ? "wouldSend" : status === "published" ? "sent" : "notSent";
}
function elsewhereText(wikiEdits, fate, withAddress = true) {
  if (wikiEdits?.movedUnder) return `${movedText(wikiEdits.movedUnder, fate, withAddress)}${latestVersionText(wikiEdits)}`;
  if (wikiEdits?.renamedTo !== void 0) return `${renamedText(wikiEdits.renamedTo, fate)}${latestVersionText(wikiEdits)}`;
  return void 0;
}
function latestVersionText(wikiEdits) {
  if (wikiEdits.editedBy === void 0) return "";
  return ` (its latest version: ${wikiEdits.version ?? "?"} by ${wikiEdits.editedBy}${wikiEdits.editedAt ? ` at ${wikiEdits.editedAt}` : ""})`;
}
function renamedText(renamedTo, fate) {
  const renamed = `its page was renamed on the wiki to "${renamedTo}"`;
  switch (fate) {
    case "held":
      return `${renamed} since its last publish; the import finds a page by its title, so it would make a second page. Left out; rename it back on the wiki, or --overwrite-edited publishes a new page with the file's title and leaves that one as it is`;
    case "sent":
      return `${renamed}: published as a new page with the file's title (--overwrite-edited); that page stays as it is`;
    case "wouldSend":
      return `${renamed}: would be published as a new page with the file's title (--overwrite-edited); that page stays as it is`;
    default:
      return `${renamed} since its last publish`;
  }
}
function movedText(movedUnder, fate, withAddress) {
  const where = `${movedParentText(movedUnder)}${withAddress && movedUnder.url !== void 0 ? ` at ${movedUnder.url}` : ""}`;
  switch (fate) {
    case "held":
      return `its page is under ${where} on the wiki now, not where this publish puts it: moved on the wiki, or the place changed here. Left out; --overwrite-edited publishes a new page here and leaves that one where it is`;
    case "sent":
      return `its page is under ${where} on the wiki now: published as a new page here (--overwrite-edited); that page stays where it is`;
    case "wouldSend":
      return `its page is under ${where} on the wiki now: would be published as a new page here (--overwrite-edited); that page stays where it is`;
    default:
      return `its page is under ${where} on the wiki now, not where this publish puts it`;
  }
}
function movedParentText(movedUnder) {
  return movedUnder.title === void 0 ? `page ${movedUnder.id}` : `"${movedUnder.title}" (page ${movedUnder.id})`;
}
function heldWithoutNoticeRecord(wikiEdits) {
  return wikiEdits?.verdict === "edited" && wikiEdits.noNotice === true && wikiEdits.movedUnder === void 0 && wikiEdits.renamedTo === void 0;
}

// src/cli/counted.ts
function counted(count, one, many) {
  return count === 1 ? `1 ${one}` : `${count} ${many}`;
}

// src/core/messages/manifestMessages.ts
var englishManifestMessages = {
  conflictMarkers: (name) => `${name} has merge conflict markers; resolve them (keep both sides' entries) and run again.`,
  notJson: (name, detail) => `${name} is not valid JSON (${detail}). Fix it, or restore it from git.`,
  notObject: (name) => `${name} is not a JSON object. Fix it, or restore it from git.`,
  newerVersion: (name, version, readable) => `${name} is version ${version}; this wiki-publisher reads version ${readable}. Update wiki-publisher.`,
  notAManifest: (name, version) => `${name} is not a wiki-publisher page manifest ("version": ${version} is missing).`,
  tooLarge: (name, what, limit2) => `${name} is too large to be a tree's record (${what}; a tree records at most ${limit2}): it is not used, and nothing is sent to a page it names. Restore it from the last commit that published the tree, or remove it (the next publish finds or creates the pages and records them).`,
  unknownField: (name, field) => `${name} has an unknown field "${field}".`,
  noPages: (name) => `${name} has no "pages" object.`,
  listedTwice: (name, key) => `${name} lists "${key}" twice; keep one of them (for a page, the one whose page the wiki should keep).`,
  badEntry: (name, key, problem) => `${name} has a bad entry "${key}": ${problem}.`,
  idTwice: (name, first, second, id) => `${name} records page ${id} for both "${first}" and "${second}", but a page is the page of one file or folder only. Remove the wrong entry: the next publish of the folder as a tree, with page access, finds that file's page on the wiki by its title (or creates it) and records it again.`,
  parentListed: (name, key, id) => `${name} records page ${id} both as the tree's parent page ("parent") and for "${key}", but the parent page is never a page of the tree: the folder's files and subfolders become its children. Remove the wrong entry: the next publish of the folder as a tree, with page access, finds that file's page on the wiki by its title (or creates it) and records it again.`,
  noSpace: (name) => `${name} has no "space" (the space key of its pages), or an empty one.`,
  noParent: (name) => `${name} has no "parent", or one that is not a page ID (digits in quotes).`,
  cannotRead: (name, detail) => `${name} cannot be read (${detail}).`,
  notRegularFile: (name, why) => why === "link" ? `${name} is a symbolic link; it is not followed, so that a repository cannot make the publisher read a file from outside it. Replace the link with the file itself, or restore it from git.` : `${name} is not a regular file (a folder, pipe, socket or device); only regular files are read. Replace it with the file itself, or restore it from git.`,
  keyEmpty: () => 'it is empty (the folder itself is "parent")',
  keyBackslash: () => "it has a backslash (keys are '/'-separated)",
  keyAbsolute: () => "it is absolute (keys are relative to the manifest's folder)",
  keyLeaves: () => 'it leaves the folder ("..")',
  keyNotNormalised: () => 'it is not normalised (an empty or "." part)',
  keyOtherCase: (at, key, path) => `${at} records "${key}", not "${path}": keys name files with their case, so that entry is not this file's and its page is not used. If the file was renamed, correct the key.`,
  keyNotAPage: (extensions) => `it names neither a Markdown file (${extensions}) nor a folder (a key ending in "/"), so no page of the tree can be its`,
  keySetAside: (at, key, extensions) => `${at} has an entry "${key}" that names neither a Markdown file (${extensions}) nor a folder (a key ending in "/"): no page of the tree can be its, so it is not used. Remove the entry.`,
  entryNotObject: () => 'it is not an object like {"id": "123", "title": "…"}',
  entryNoId: () => 'it has no "id"',
  entryBadId: (id) => `its "id" ${id} is not a page ID (digits in quotes)`,
  entryBadTitle: () => 'its "title" is not text',
  entryUnknownField: (field) => `it has an unknown field "${field}"`,
  idNotDigits: (id) => `the page ID ${id} is not digits`,
  cannotRecord: (key, problem) => `Cannot record "${key}" in the page manifest: ${problem}.`,
  notARootTarget: (root) => `Not a root target: ${root}.`,
  notWritten: (name, reason, count, listing) => count === 0 ? `${name} could not be written: ${reason}.` : count === 1 ? `${name} could not be written: ${reason}. The pages were published; 1 page ID was not recorded in it: ${listing}. Add it to the file by hand and commit the file, so teammates and CI publish to the same pages.` : `${name} could not be written: ${reason}. The pages were published; ${count} page IDs were not recorded in it: ${listing}. Add them to it by hand and commit it, so teammates and CI publish to the same pages.`
};

// src/core/text/reasonClause.ts
function reasonClause(reason) {
  return reason.replace(/\.+$/, "");
}

// src/core/tree/manifestNotWritten.ts
function manifestNotWrittenMessage(messages, file, reason, notRecorded) {
  return messages.notWritten(file, reasonClause(reason), notRecorded.length, notRecorded.map(({ key, pageId }) => `${key} = ${pageId}`).join(", "));
}

// src/cli/notWritten.ts
function stateNotWrittenMessage(file, reason) {
  return `The state file ${file} could not be written: ${reasonClause(reason)}. The next run will not know what this one published.`;
}
function manifestNotWrittenMessage2(file, reason, notRecorded) {
  return manifestNotWrittenMessage(englishManifestMessages, file, reason, notRecorded);
}

// src/cli/annotations.ts
var NOT_PUBLISHED_BECAUSE = {
  failed: "failed",
  refused: "refused",
  edited: "left out",
  existsUnproven: "a page of its title exists"
};
var MAX_PER_LEVEL = 50;
function runAnnotations(records, fileText) {
  const found = [];
  const texts = /* @__PURE__ */ new Map();
  const textOf2 = (file) => {
    if (!texts.has(file)) texts.set(file, fileText(file));
    return texts.get(file);
  };
  const at = (file, message) => file.endsWith("/") ? {} : { file, line: lineAbout(textOf2(file), message) };
  const check = records.check;
  if (check && !check.matched) {
    found.push({ level: "error", title: "Wiki Publisher: not published", message: check.reason === "wikiUnknown" ? "The reviewed plan read the wiki and this run has no page access; nothing was sent." : "The plan changed since it was reviewed; nothing was sent. Review the new plan and publish with its digest." });
    for (const difference of check.differences ?? []) found.push({ level: "error", ...at(difference.key, ""), title: "Changed since the plan was reviewed", message: `${difference.key}: ${difference.change === "removed" ? "in the reviewed plan, no longer in this one" : difference.change === "added" ? "not in the reviewed plan" : "changed since the review"}.` });
    return limit(found);
  }
  for (const record of records.summary?.dryRun === false ? [] : records.plan) {
    const problem = record.status === "refused" ? record.refusals.join(" ") : record.status === "edited" ? heldBackText(record.wikiEdits) : record.status === "retitled" ? record.refusals.join(" ") : "";
    if (problem) found.push({ level: "error", ...at(record.file, problem), title: record.status === "edited" ? editedTitle(record.wikiEdits) : "Would be refused", message: problem });
    found.push(...cautionAnnotations(record, textOf2));
  }
  for (const record of records.files) {
    const failed = ["failed", "refused", "edited", "existsUnproven"].includes(record.status);
    const message = record.status === "edited" && record.wikiEdits !== void 0 ? heldBackText(record.wikiEdits, false) : record.message;
    if (failed) found.push({ level: "error", ...at(record.file, message), title: `Not published (${NOT_PUBLISHED_BECAUSE[record.status] ?? "failed"})`, message });
    else if (record.status === "cancelled" || record.status === "notStarted") found.push({ level: "warning", ...at(record.file, ""), title: "Not published", message: record.message });
    found.push(...cautionAnnotations(record, textOf2));
  }
  const manifest = records.summary?.dryRun === false ? records.summary.manifest : void 0;
  for (const { file, reason } of records.summary?.notWritten ?? []) {
    const message = manifest?.file === file ? manifestNotWrittenMessage2(file, reason, manifest.notRecorded ?? []) : stateNotWrittenMessage(file, reason);
    found.push({ level: "error", title: `${file} could not be written`, message });
  }
  if (manifest && manifest.recorded > 0) {
    found.push({
      level: "warning",
      file: manifest.file,
      title: `Commit ${manifest.file}`,
      message: `${counted(manifest.recorded, "page ID", "page IDs")} recorded in ${manifest.file} on this runner: commit it, so teammates and CI publish to the same pages. The runner's copy goes when the job ends.`
    });
  }
  return limit(found);
}
function limit(annotations) {
  const kept = [];
  for (const level of ["error", "warning", "notice"]) {
    const of = annotations.filter((annotation) => annotation.level === level);
    kept.push(...of.slice(0, MAX_PER_LEVEL));
    if (of.length > MAX_PER_LEVEL) kept.push({ level, title: "Wiki Publisher", message: `${of.length - MAX_PER_LEVEL === 1 ? `1 more ${level} is` : `${of.length - MAX_PER_LEVEL} more ${level}s are`} in the job summary.` });
  }
  return kept;
}
function workflowCommand(annotation) {
  const properties = [
    ...annotation.file !== void 0 ? [`file=${escapeProperty(escapeControlCharacters(annotation.file))}`] : [],
    ...annotation.line !== void 0 ? [`line=${annotation.line}`] : [],
    `title=${escapeProperty(inertOnGitHub(escapeControlCharacters(annotation.title)))}`
  ];
  return `::${annotation.level} ${properties.join(",")}::${escapeData(inertOnGitHub(escapeControlCharacters(annotation.message, true)))}`;
}
function escapeData(text2) {
  return text2.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}
function escapeProperty(text2) {
  return escapeData(text2).replace(/:/g, "%3A").replace(/,/g, "%2C");
}
function cautionAnnotations(record, textOf2) {
  const title = "Wiki Publisher caution";
  return record.cautions.flatMap((caution, index) => {
    if (record.file.endsWith("/")) return [{ level: "warning", title, message: caution }];
    const text2 = textOf2(record.file);
    const lines = text2 === void 0 ? [] : targetLines(text2, record.cautionTargets?.[index] ?? []);
    if (lines.length === 0) return [{ level: "warning", file: record.file, line: lineAbout(text2, caution), title, message: caution }];
    return [...lines].sort((a, b) => a - b).map((line) => ({ level: "warning", file: record.file, line, title, message: caution }));
  });
}
function editedTitle(wikiEdits) {
  if (wikiEdits?.movedUnder) return "Moved on the wiki";
  if (wikiEdits?.renamedTo !== void 0) return "Renamed on the wiki";
  if (lookupFailedRecord(wikiEdits)) return "Wiki edits could not be checked";
  return wikiEdits?.noNotice ? "No publish notice on the page" : "Edited on the wiki";
}

// src/cli/args.ts
var import_node_util = require("node:util");

// src/core/run/runner.ts
var import_node_events = require("node:events");

// src/core/messages/endpointMessages.ts
var englishEndpointMessages = {
  missing: (settingName) => `No wiki address is configured. Set ${settingName} in your user settings.`,
  notAUrl: (settingName) => `${settingName} is not a valid URL.`,
  hasCredentials: (settingName) => `${settingName} must not contain a user name or password.`,
  insecure: (settingName) => `${settingName} must use https:// (plain http:// is allowed only for 127.0.0.1, [::1] and localhost), so the API token is never sent unencrypted.`
};

// src/core/messages/publishMessages.ts
var englishPublishMessages = {
  ...englishEndpointMessages,
  publishNotice: (fileLink) => `*Published from ${fileLink} with Wiki Publisher. Edit the file in its repository rather than this page.*`,
  rendererHasQuery: (settingName) => `${settingName} must be the renderer's base address without ? or #, such as https://kroki.example.com.`,
  rendererInsecure: (settingName) => `${settingName} must use https:// (plain http:// is allowed only for 127.0.0.1, [::1] and localhost), so diagram source is never sent unencrypted.`,
  cancelled: () => "Publishing was cancelled.",
  attempts: (count) => count === 1 ? "1 attempt" : `${count} attempts`,
  timeout: (attempts) => `The wiki did not answer in time (${attempts}). The page may or may not have been published.`,
  network: (attempts, detail) => `Could not reach the wiki (${attempts}): ${detail}`,
  existsAfterRetry: (said, pageTitle) => `${said} A page titled "${pageTitle}" exists now. An earlier attempt that seemed to fail may have created it, or it may be someone else's page: it was not linked to this file. Look at it on the wiki, then choose Overwrite to make this file's text its content.`,
  alreadyExists: (said, pageTitle) => `${said} Choose Overwrite to update the page "${pageTitle}".`,
  existsUnseen: (said, pageTitle, pageId) => `${said} The account that checks wiki edits did not find this file's page (page ${pageId}), yet a page titled "${pageTitle}" is there: most likely that account may not view it, so its edits cannot be checked. Give that account permission to view the page and publish again; nothing was changed.`,
  existsPlaceTaken: (said, pageTitle, deletedId, pageId, version, author) => `${said} This file's page (page ${deletedId}) was deleted on the wiki, and another page titled "${pageTitle}" holds its place now (page ${pageId}, version ${version}${author === void 0 ? "" : ` by ${author}`}), which this file did not publish: it is not replaced, and nothing was changed. Give this file another title, or rename or delete that page on the wiki, then publish again.`,
  titleHeldInSpace: (said, pageTitle, pageId, url) => `${said} Page ${pageId}${url ? ` (${url})` : ""}, elsewhere in the space, already has the title "${pageTitle}", and this wiki keeps titles unique in a space. Choosing Overwrite would not help: it updates only a page under this file's own parent. Give this file another title, or rename or move that page on the wiki, then publish again; nothing was changed.`,
  unauthorized: (said) => `${said} The API token is missing, malformed, unknown to the wiki or was deleted: set a new one.`,
  licenseExpired: (said) => `${said} This token was created while the app's license was inactive (or the trial has ended). Once the license is active, create a new token in the app's settings (tab "API") and set it.`,
  forbidden: (said) => `${said} The token has expired or could not be verified; if it has not expired, check that this computer's clock is right (clock skew).`,
  notFound: (said, spaceId, parentId) => `${said} Sent to space "${spaceId}" under parent page ${parentId}; the wiki answers the same when the API token's owner cannot see them.`,
  throttled: (said, attempts, waitSeconds) => `${said} The wiki is limiting requests (HTTP 429, ${attempts}).${waitSeconds === void 0 ? "" : ` Try again in ${waitSeconds} s.`}`,
  serverError: (said, status, attempts) => `${said} (HTTP ${status}, ${attempts})`,
  unexpected: (said, status) => `${said} (HTTP ${status})`,
  payloadTooLarge: (said) => said === void 0 ? "The page is larger than the wiki (or a proxy before it) takes (HTTP 413); a wiki page holds about 1 MB. Split the file into several pages, or move large parts (embedded images, long tables) out of it." : `${said} (HTTP 413) The page is larger than the wiki (or a proxy before it) takes; a wiki page holds about 1 MB. Split the file into several pages, or move large parts (embedded images, long tables) out of it.`,
  emptyAnswer: (status) => `The wiki answered with HTTP ${status} and no message.`,
  notJsonAnswer: (status) => `The wiki answered with HTTP ${status} and a response that is not the import service's JSON (a proxy or gateway error page?).`,
  answerTooLarge: (status, megabytes) => `The wiki answered with HTTP ${status} and more than ${megabytes} MB, which was not read: the request was sent, so the page may have been published.`,
  spaceFound: (spaceId) => `the space "${spaceId}" exists`,
  spaceMissing: (spaceId) => `no space "${spaceId}" is visible to you (never created, or hidden)`,
  spaceForbidden: (spaceId) => `the space "${spaceId}" exists but you may not read it`,
  parentFound: (parentId) => `the parent page ${parentId} exists`,
  parentMissing: (parentId) => `no page ${parentId} is visible to you (deleted, never created, or hidden)`,
  parentForbidden: (parentId) => `the parent page ${parentId} exists but you may not read it`,
  lookedUp: (first, second) => `Looked up with your sign-in: ${second === void 0 ? first : `${first}; ${second}`}.`,
  bothFound: (spaceId, parentId) => `Looked up with your sign-in, both the space "${spaceId}" and the parent page ${parentId} exist: check that the parent page is in that space, and that the API token's owner can see both.`,
  emptyContent: () => "There is nothing to publish: the file has no content besides its front matter and white space.",
  emptySpace: () => "The space is empty. Give a space key such as DOCS, or a space ID.",
  parentNotDigits: (parentId) => `The parent page ID "${parentId}" must consist of digits only, such as 123456.`,
  emptyTitle: () => "The page title is empty.",
  titleFrom: (source2) => {
    switch (source2) {
      case "pageTitle":
        return "the front matter's wiki.pageTitle";
      case "frontMatterTitle":
        return "the front matter's title";
      case "heading":
        return "the file's first heading";
      case "fileName":
        return "the file's name";
      case "record":
        return "the record of the page's last publish";
      case "given":
        return "the title given for the page";
      case "folderPage":
        return "the folder's name, or the file that titles its page";
    }
  },
  titleNotWellFormed: (title, codeUnit, where) => `The page title "${title}" (from ${where}) is not well-formed Unicode: ${codeUnit} is half of a character (a lone surrogate, as a "\\ud800" escape in YAML makes one), so the page could land without its ID ever being learnt. Write the whole character, or remove the half, in ${where}, then publish again.`,
  titleControlCharacter: (title, character, where) => `The page title "${title}" (from ${where}) holds the control character ${character}, and a title is one line of text. Remove it from ${where}, then publish again.`,
  conflictMarkers: (count) => `The file still holds ${count === 1 ? "a conflict" : `${count} conflicts`} between its text and the wiki's (<<<<<<< ours, =======, >>>>>>> wiki). Keep the right text, remove the markers, then publish.`,
  localImages: (count, preview2) => `${count === 1 ? "1 local image" : `${count} local images`} (${preview2}) will not show on the wiki: it takes only images at public URLs.`,
  localLinks: (count, preview2) => `${count === 1 ? "1 link" : `${count} links`} to other local Markdown files (${preview2}) will point nowhere on the wiki.`,
  htmlLinks: (count, preview2) => count === 1 ? `1 HTML link to a local file (${preview2}) is sent as written and will point nowhere on the wiki: write it as a Markdown link instead, which a page tree turns into a link to its page.` : `${count} HTML links to local files (${preview2}) are sent as written and will point nowhere on the wiki: write each as a Markdown link instead, which a page tree turns into a link to its page.`,
  largeContent: (megabytes) => `The content is ${megabytes} MB; the wiki's page limit is about 1 MB. Consider splitting it into several pages.`,
  leavesPage: (pageTitle, parentId, pageId) => `Its front matter names another place or title than its last publish ("${pageTitle}"${pageId === void 0 ? "" : `, page ${pageId},`} under page ${parentId}): the service cannot move or rename a page, so publishing creates a new one and the earlier page stays where it is.`,
  duplicatePage: (others, pageTitle, parentId) => `It would land on the same page as ${others} ("${pageTitle}" under parent ${parentId}; titles that differ only in case count as the same). Give each file its own title.`,
  titleTakenInSpace: (others, pageTitle, spaceId) => `Its title "${pageTitle}" is also the title of ${others} in the space ${spaceId}; the wiki keeps a title unique in a space (ignoring case). Give each file its own title.`,
  frontMatterNotYaml: (reason, at) => at ? `The front matter is not valid YAML at line ${at.line}, column ${at.column} of the file: ${reason}` : `The front matter is not valid YAML: ${reason}`,
  frontMatterTooDeep: (limit2) => `The front matter nests lists or maps more than ${limit2} levels deep, which is not read. Flatten it.`,
  frontMatterWikiNotMap: () => 'The front matter key "wiki" must hold spaceId, parentId, pageTitle and overwrite.',
  frontMatterOmitNotBoolean: () => "omitTitleHeading in the front matter must be true or false.",
  frontMatterKeyNotText: (key) => `wiki.${key} in the front matter must be text.`,
  frontMatterOverwriteNotBoolean: () => "wiki.overwrite in the front matter must be true or false.",
  titleOnlyInCase: (title, pageTitle, pageId) => `A page titled "${pageTitle}" (page ${pageId}) is under the same parent, and its title differs from this file's "${title}" only in case: the wiki may take that page for this one and replace it, refuse the title, or make a second page. Nothing is sent to it: give this file that page's title if it is this file's page (then publish with overwrite), or another title.`,
  ownTitleOnlyInCase: (title, pageTitle, pageId) => `Its page (page ${pageId}, carrying this file's publish notice) is titled "${pageTitle}" on the wiki, which differs from this file's title "${title}" only in case, and the wiki cannot rename a page: a publish might make a second page. Nothing is sent: give the file its page's title again, or rename the page on the wiki to "${title}" and publish again.`,
  retitledOnlyInCase: (title, pageTitle, pageId) => `Its title changed from "${pageTitle}" to "${title}", only in case: the wiki takes the two as one title, and the import cannot rename a page (${pageId === void 0 ? "its page" : `page ${pageId}`} keeps "${pageTitle}"), so a publish would make a second page or be refused. Nothing is sent: rename the page on the wiki to "${title}" and publish again, or give the file its old title back.`,
  existsOtherRepository: (said, pageTitle, pageId) => `${said} The page "${pageTitle}" there (page ${pageId}) was published from a file of the same path in another repository, so it is that repository's page, not this file's, and it was not changed. Give this file another title or parent page: overwriting would replace that repository's page.`,
  existsUnknownRepository: (said, pageTitle, pageId) => `${said} The page "${pageTitle}" there (page ${pageId}) carries a publish notice for a file of this path that no record names, and this publish cannot tell which repository published it (a clone or workspace folder elsewhere may have a file of the same path); it was not changed. If it is this repository's page, Overwrite takes it, or record it in .wiki-pages.json; in CI, WIKI_PUBLISHER_REPOSITORY, GitHub's repository ID or GitLab's project ID names the repository.`,
  titleHeldSomewhere: (said, pageTitle) => `${said} When the plan looked, no page titled "${pageTitle}" was under this file's parent: the title is held elsewhere in the space (perhaps written in another case; this wiki keeps titles unique in a space), unless someone made such a page under the parent since. Look on the wiki: for a page elsewhere, choosing Overwrite would not help (it updates only a page under this file's own parent), so give this file another title or rename or move that page; nothing was changed.`,
  neverReplacesOwnPage: (pageTitle) => `Its front matter says overwrite: false, which never replaces a page, and it published "${pageTitle}" before: the publish would be refused as "already exists". Remove that line (or set it to true) to update the page.`,
  frontMatterPageIdNotDigits: () => "wiki.pageId in the front matter must be a page ID made of digits.",
  diagramsRendered: (count) => `${count === 1 ? "1 Mermaid diagram" : `${count} Mermaid diagrams`} will show as images from your diagram renderer. The diagram source is part of each image address, and readers see the images only if they can reach the renderer.`,
  diagramsAsCode: (count, settingName) => `${count === 1 ? "1 Mermaid diagram" : `${count} Mermaid diagrams`} will show as code, not pictures: the wiki takes images only at public URLs. To publish diagrams as images, set your organisation's diagram renderer (a Kroki server) in ${settingName}.`,
  diagramsTooLong: (count, limit2) => `${count === 1 ? "1 Mermaid diagram is" : `${count} Mermaid diagrams are`} too large for an image address: longer than ${limit2} characters, the most a Kroki server takes by default, so readers may see a broken image. Split the diagram, or ask the renderer's administrators to raise its KROKI_MAX_URI_LENGTH.`,
  diagramsUnclosed: (count) => `${count === 1 ? "1 Mermaid diagram has" : `${count} Mermaid diagrams have`} no closing fence line (\`\`\` or ~~~), so ${count === 1 ? "it shows" : "they show"} as code, not pictures, with the rest of ${count === 1 ? "its" : "their"} block. Close ${count === 1 ? "it" : "each"} with a fence line to draw ${count === 1 ? "it" : "them"}.`,
  readAgainFailed: (label, why) => why ? `${label} could not be read again to send it: ${why}` : `${label} could not be read again to send it.`,
  changedSincePlan: (label) => `${label} changed after it was planned, so it was not sent: what it holds now is not what the plan showed. Publish it again to see the new plan.`,
  runStopped: (seconds, status, finished, total, after) => `The wiki asked to wait ${seconds} s before more requests (HTTP ${status}); publishing stopped after ${finished} of ${total} ${total === 1 ? "file" : "files"}. Try again after ${after}.`,
  waitIsOver: () => "the wait is over",
  runStoppedTokenRefused: (status, finished, total, envVar) => `The wiki refused the API token (HTTP ${status}), so every other file would be refused the same way: publishing stopped after ${finished} of ${total} ${total === 1 ? "file" : "files"}. Set a new token (in VS Code: Wiki: Set API Token; in CI: the ${envVar} variable, from the CI secret) and publish again to send the files not started.`,
  notStartedTokenRefused: (status, envVar) => `not sent: publishing stopped because the wiki refused the API token (HTTP ${status}); set a new token (in CI: the ${envVar} variable, from the CI secret) and publish again`,
  runStoppedWikiFailing: (files, status, finished, total) => `The wiki failed ${files} files in a row, each after its retries (${status === void 0 ? "no answer" : `HTTP ${status}`}), so the other files would fail the same way: publishing stopped after ${finished} of ${total} files. Publish again once the wiki works to send the files not started.`,
  notStartedWikiFailing: (files, status) => `not sent: publishing stopped because the wiki failed ${files} files in a row (${status === void 0 ? "no answer" : `HTTP ${status}`}); publish again once it works`,
  summaryPublished: (count) => `${count} published`,
  summaryFailed: (count) => `${count} failed`,
  summaryExistsUnproven: (count) => `${count} found existing (may not be ours; not linked)`,
  summaryEdited: (count) => `${count} left out (edited on the wiki)`,
  summaryMovedOnWiki: (count) => `${count} left out (moved or renamed on the wiki)`,
  summaryNoNotice: (count) => `${count} left out (no publish notice on the page: an edit cannot be told from a publish)`,
  summaryLookupFailed: (count) => `${count} left out (the wiki could not be read to check for edits)`,
  summaryRefused: (count) => `${count} refused`,
  summarySkipped: (count) => `${count} skipped (unchanged)`,
  summaryCancelled: (count) => `${count} cancelled while sending (may have landed)`,
  summaryNotStarted: (count) => `${count} not started`
};

// src/core/run/guardVerdict.ts
function unreadOnWiki(verdict) {
  return verdict?.kind === "unchecked" && verdict.reason === "failed";
}
function credentialRefusedOnWiki(verdict) {
  return unreadOnWiki(verdict) && verdict.credentialRefused === true;
}
function changedOnWikiSince(page, link) {
  if (link.version !== void 0) return page.version > link.version;
  const changedAt = page.versionCreatedAt === void 0 ? Number.NaN : Date.parse(page.versionCreatedAt);
  return !(Number.isFinite(changedAt) && changedAt <= link.publishedAt);
}
function underAnotherParent(page, parentId) {
  return page.parentId !== void 0 && page.parentId !== parentId;
}
function heldWithoutNotice(verdict) {
  return verdict?.kind === "edited" && verdict.noNotice === true;
}
function movedUnderOf(verdict) {
  return verdict?.kind === "edited" ? verdict.movedUnder : void 0;
}
function pageElsewhere(verdict) {
  return verdict?.kind === "edited" && (verdict.movedUnder !== void 0 || verdict.renamedTo !== void 0);
}
function guardedPage(verdict) {
  switch (verdict?.kind) {
    case "exists":
    case "asLeft":
    case "notOurs":
    case "edited":
      return verdict.page;
    default:
      return void 0;
  }
}
function guardChecked(verdict) {
  return verdict !== void 0 && verdict.kind !== "unchecked" && verdict.kind !== "notNeeded";
}

// src/core/messages/signInMessages.ts
var englishSignInMessages = {
  ...englishEndpointMessages,
  notSignedIn: () => "You are not signed in to the export API.",
  signedOut: () => "Your export API sign-in has expired or was revoked. Sign in again.",
  lockLost: () => "The refresh lock was lost to another window; nothing was changed. Try again.",
  staleView: () => "This window has not yet received the export session another window stored. Try again in a moment.",
  rotationPendingElsewhere: () => "Another window refreshed the export sign-in but could not save it yet (for example, the keychain is locked); it saves it on its next use. Try again in a moment, or sign in again if that window was closed.",
  sessionOverwritten: () => "The export sign-in stored for this window was replaced by an older copy from another window, so it is lost here. Sign in again.",
  storageDidNotAnswer: (budgetMs) => `The secret storage did not answer within ${budgetMs} ms while this window held the refresh lock; the lock was released. Try again.`,
  storageDidNotDelete: (budgetMs) => `The secret storage did not delete the session within ${budgetMs} ms while this window held the refresh lock; the lock was released. Try again.`,
  storageDidNotSave: (budgetMs) => `The secret storage did not save the session within ${budgetMs} ms while this window held the refresh lock; the lock was released. Try again.`,
  lockUnproven: () => "This window could not prove it still holds the refresh lock (was it paused?), so the refresh token was not sent. Try again.",
  refreshUnavailable: () => 'The export API access token has expired, and this window cannot refresh it: the extension runs on the remote side here, and refreshing works only where VS Code keeps its secrets (a local window). Open a local VS Code window to refresh the sign-in, or let the extension run locally (remove it from "remote.extensionKind").',
  cancelled: () => "Cancelled.",
  refreshTokenRefused: () => "The identity provider no longer accepts the refresh token (invalid_grant).",
  codeRefused: () => "The identity provider refused the sign-in code (invalid_grant): it expired, was already used, or the sign-in took too long. Sign in again.",
  rateLimited: () => "The identity provider is rate limiting requests (HTTP 429).",
  providerFailed: (status) => `The identity provider failed with HTTP ${status}.`,
  clientRejected: (status) => `The identity provider rejected the client ID or client secret (HTTP ${status}).`,
  notJson: (status) => `The identity provider answered HTTP ${status} with something that is not JSON.`,
  emptyBody: (status) => `The identity provider answered HTTP ${status} with an empty body.`,
  redirected: (status) => `The token endpoint redirected (HTTP ${status}); redirects are not followed.`,
  refused: (status) => `The identity provider refused the request with HTTP ${status}.`,
  refusedWithCode: (status, code) => `The identity provider refused the request with HTTP ${status} (${code}).`,
  noAccessToken: (status) => `The token response (HTTP ${status}) has no access_token.`,
  providerTimedOut: () => "The identity provider did not answer in time.",
  providerUnreachable: (detail) => `Could not reach the identity provider: ${detail}`,
  providerAnswerTooLarge: (megabytes) => `The identity provider's answer was larger than ${megabytes} MB, so it was not read.`,
  codeNotResent: (said) => `${said} The sign-in code works only once, so it was not sent again: sign in again.`,
  noClientSecret: () => 'No OAuth client secret is set. Run "Wiki: Set OAuth Client Secret".',
  requestCancelled: () => "The sign-in request was cancelled.",
  settingsMissing: () => "Set wikiPublisher.export.authUrl and wikiPublisher.export.clientId in your user settings.",
  tokenRequestFailed: (detail) => `The token request failed: ${detail}`,
  providerAddress: () => "the identity provider address",
  noProviderAddress: (settingName) => `No identity provider address: set ${settingName}.`,
  serviceAccountIncomplete: () => "A service account needs both a client ID and a client secret.",
  clientRefused: (status) => `The client ID or secret was refused by the identity provider (HTTP ${status}, invalid_client).`,
  scopeRefused: (scope) => `The identity provider refused the scope "${scope}" (invalid_scope): the service account's credential was not given it.`,
  grantNotAllowed: (code) => `The identity provider does not let this client use the client-credentials grant (${code}): use a service account's credential.`,
  tokenRequestCancelled: () => "The token request was cancelled.",
  providerNotReached: () => "The identity provider could not be reached.",
  gaveUpAfter: (said, attempts) => `${said} Gave up after ${attempts} attempts.`,
  pageSignedInTitle: () => "Signed in",
  pageSignedIn: () => "You can close this tab and return to VS Code.",
  pageDeniedTitle: () => "Sign-in cancelled",
  pageDenied: () => "Access was denied. You can close this tab.",
  pageFailedTitle: () => "Sign-in failed",
  pageFailed: () => "The identity provider reported an error. You can close this tab and try again from VS Code.",
  pageBadStateTitle: () => "Invalid sign-in link",
  pageBadState: () => "This callback does not belong to the sign-in VS Code started. Nothing was changed.",
  pageNotFoundTitle: () => "Not found",
  pageNotFound: () => "Nothing here.",
  accessDenied: () => "Access to the export API was denied on the authorization page.",
  signInEnded: (error) => `The identity provider ended the sign-in (${error}).`,
  signInEndedWithoutCode: () => "The identity provider ended the sign-in without a code.",
  signInTimedOut: () => "Nobody completed the sign-in page within 5 minutes.",
  signInCancelled: () => "Sign-in was cancelled.",
  cannotListen: (port, code) => `Could not listen on 127.0.0.1:${port} for the sign-in callback (${code}).`,
  lookupLeftOrigin: () => "The lookup address left the wiki origin.",
  lookupRejected: () => "The platform rejected the export sign-in (HTTP 401).",
  lookupStatus: (status) => `The platform answered HTTP ${status}.`,
  lookupNotJson: () => "The platform answered HTTP 200 with something that is not JSON.",
  lookupFailed: (detail) => `The platform lookup failed: ${detail}`,
  refreshCancelled: () => "The sign-in refresh was cancelled.",
  lockFailed: (detail) => `Could not take the refresh lock: ${detail}`,
  lockBusy: () => "Another window is refreshing the export sign-in and has not finished. Try again in a moment.",
  noSessionFromTokens: () => "The token response could not be turned into a session.",
  refreshOutOfTime: () => "The export session refresh ran out of time. Try again.",
  tokenEndpointTimedOut: (ms) => `The token endpoint did not answer within ${ms} ms. Try again.`,
  sessionChangedTwice: () => "The export session changed twice during one refresh. Try again.",
  sessionChanged: () => "The export session changed during the refresh. Try again.",
  noRefreshToken: () => "Refusing to store a session without a refresh token.",
  saveFailed: (detail) => `Could not save the refreshed export session: ${detail}`,
  signInWaiting: () => "A sign-in to the export API is already waiting for the browser.",
  pageNotOpened: () => "The authorization page was not opened.",
  noRefreshTokenIssued: () => "The identity provider issued no refresh token; the authorization must include offline_access.",
  signedInNotSaved: () => "Signed in, but the secret storage refused to save the session. Try again."
};

// src/core/messages/pageRouteMessages.ts
var englishPageRouteMessages = {
  ...englishSignInMessages,
  exportSignIn: () => "export sign-in",
  noCredential: (credential) => `No ${credential} is available.`,
  credentialUnusable: (credential, detail) => `Could not use the ${credential}: ${detail}`,
  wikiLeftOrigin: () => "A wiki address left the configured wiki origin; nothing was sent.",
  wikiTimedOut: (seconds) => `The wiki did not answer within ${seconds} s.`,
  wikiUnreachable: (detail) => `Could not reach the wiki: ${detail}`,
  wikiRefused: (credential, status) => `The wiki refused the ${credential} (HTTP ${status}).`,
  wikiRedirected: (status, credential) => `The wiki answered with a redirect (HTTP ${status}); it is not followed, so the ${credential} never leaves the wiki.`,
  wikiBusy: (status) => `The wiki is busy or failing (HTTP ${status}).`,
  wikiStatus: (status) => `The wiki answered HTTP ${status}.`,
  wikiNotJson: () => "The wiki answered HTTP 200 with something that is not the expected JSON.",
  wikiAnswerTooLarge: (megabytes) => `The wiki's answer was larger than ${megabytes} MB, so it was not read.`,
  wikiListLoops: (list) => `The wiki's ${list} links back to a page already read.`,
  wikiListTooLong: (list, maxPages) => `The wiki's ${list} has more than ${maxPages} pages; stopped reading.`,
  listOfPages: () => "list of pages",
  listOfChildren: () => "list of children",
  badPaginationLink: () => "The wiki sent a pagination link that is not a valid address.",
  foreignPaginationLink: () => "The wiki sent a pagination link to another site; it was not followed.",
  pageListNotJson: () => "The wiki answered with a list of pages that is not the expected JSON.",
  spaceListNotJson: () => "The wiki answered with a list of spaces that is not the expected JSON.",
  childListNotJson: () => "The wiki answered with a list of children that is not the expected JSON.",
  pageIncomplete: () => "The wiki answered with a page that has no ID, title or version number."
};

// src/core/messages/recordMessages.ts
var MANIFEST = ".wiki-pages.json";
var FIX = "Nothing is sent to that page or under it. If the entry is wrong (a pull request may have changed it), correct it or remove it (the next publish finds or creates the page and records it); if the page was moved or renamed on the wiki, put it back.";
var englishRecordMessages = {
  entryRefused: (at, key, pageId, reason) => `${at} records page ${pageId} for "${key}", but ${reason}. ${FIX}`,
  entryBelowRefused: (at, key, folder) => `${at} records a page for "${key}" below "${folder}", whose entry is refused: nothing is sent under a page the wiki did not confirm.`,
  entriesUnreadable: (file, why) => `The wiki could not be read to check the pages ${file} records: ${why}. Nothing is sent to a recorded page, or under it, until the wiki confirms it; run again.`,
  entryUnchecked: (at, key, pageId) => `${at} records page ${pageId} for "${key}", which cannot be checked without page access: a recorded page is never used unchecked. Give page access (sign in to the export API in the editor; in CI a service account or a platform token).`,
  entryInOtherSpace: (spaceId) => `that page is in another space (${spaceId}) than the tree's`,
  entryTitledOtherwise: (wikiTitle, recordedTitle) => `that page is titled "${wikiTitle}" on the wiki, not "${recordedTitle}" as recorded`,
  entryFolderNotRecorded: (folder) => `no page is recorded for its folder "${folder}", so it cannot be a page of this tree`,
  entryUnderOtherParent: (parentId, parentTitle, expectedParentId, expectedTitle) => `that page is under ${pageNamed(parentId, parentTitle)} on the wiki, not under ${pageNamed(expectedParentId, expectedTitle)} where the tree puts it`,
  entryOfAnotherFile: () => "that page's publish notice says another file published it",
  entryNotConfirmed: () => "no version of that page carries this file's publish notice, so nothing on the wiki shows it is this file's page",
  recordOfAnotherFile: (pageId, title) => `its record names ${pageNamed(pageId, title)} as its page, but that page's publish notice says another file published it: the record is not used, and nothing is sent to that page. If the record is wrong (a pull request may have changed ${MANIFEST}, or it came from another machine or branch), correct it or remove its entry; if this file is now that page's source, remove the entry and publish it with overwrite to take the page over.`,
  recordUnconfirmed: (pageId, title) => `its record (--state) names ${pageNamed(pageId, title)} as its page, and no version of that page carries this file's publish notice, so nothing on the wiki confirms the record (a pull request or a cache from elsewhere may have written it): nothing is sent. Remove the file's entry from the state file (the next publish finds or creates its page), or publish it with --retarget where the flags say.`
};
function pageNamed(id, title) {
  return title === void 0 ? `page ${id}` : `"${title}" (page ${id})`;
}
function manifestFileOf(at) {
  return at.replace(/:\d+$/, "");
}

// src/core/messages/treeMessages.ts
var englishTreeMessages = {
  ...englishPageRouteMessages,
  ...englishRecordMessages,
  guardTimedOut: () => "the wiki did not answer in time",
  guardFailed: (detail) => `The lookup on the wiki failed: ${detail}.`,
  guardParentUnseen: (parentId) => `the parent page ${parentId} does not exist, or the account that checks wiki edits may not view it (its space, or the page's restrictions; the wiki answers alike), so a page already there with this title could not be looked for: check the parent's ID, and if it is right, give that account permission to view it, or publish under a page it can see`,
  linksStay: (count, listed2, more) => `${count === 1 ? "1 link stays" : `${count} links stay`} as written and will not work on the wiki: ${listed2}${more ? ", ..." : "."}`,
  linksStayBecause: (count, reason, listed2, more) => `${count} links stay as written and will not work on the wiki (${reason}): ${listed2}${more ? ", ..." : "."}`,
  linksMissHeading: (count, listed2, more) => `${count === 1 ? "1 link goes to its page, not to the heading it names (the page has no such heading)" : `${count} links go to their pages, not to the headings they name (the pages have no such headings)`}: ${listed2}${more ? ", ..." : "."}`,
  linksDropQuery: (count, listed2, more) => `${count === 1 ? "1 link goes to its page without the query it was written with (a page's address takes none)" : `${count} links go to their pages without the queries they were written with (a page's address takes none)`}: ${listed2}${more ? ", ..." : "."}`,
  linkWithReason: (target, reason) => `${target} (${reason})`,
  linkOutsideRun: () => "outside the published folder",
  linkOutsideLookup: () => "outside the folder this publish looks in",
  linkUnknownPage: () => "no page is known for it",
  linkRefusedPage: () => "its page is refused in this run, for the reason listed with it: a publish after it lands fills the link in",
  linkNoFile: () => "no such file",
  linkFolderWithoutPage: () => "a folder with no Markdown to publish, so no page",
  linkNoPageYet: () => "it has no page yet: a publish after it has one fills the link in",
  linkNotMarkdown: () => "not a Markdown file",
  linkBackslashPath: () => "written with \\ between folders, where links take /",
  linkUnknownAnchor: () => "no such heading in the target",
  linkQueryDropped: () => "the query is dropped: a page's address takes none",
  linkUnknownOwnAnchor: () => "no such heading on this page",
  titleCollision: (title, others) => `Its title "${title}" is also the title of ${others}; the wiki keeps a title unique in a space (ignoring case). Give each its own title.`,
  generatedTitleCollision: (title, others) => `Its title "${title}", made from the folder's name, is also the title of ${others}; the wiki keeps a title unique in a space (ignoring case). Give the folder an index.md or README.md with a title of its own, or rename the folder.`,
  noPageAccess: () => "A tree needs each page's ID, and this page is not recorded in the repository yet: give page access (sign in to the export API in the editor; in CI a service account or a platform token) so new pages can be found after they land.",
  parentNotPublished: (parentTitle) => `Not sent: its folder's page ("${parentTitle}") was not published, so it has no parent page yet.`,
  parentRefused: (parentTitle) => `Not sent: its folder's page ("${parentTitle}") is refused, so it has no parent page to go under. Fix that page's refusal first.`,
  underUnconfirmedFolder: (parentTitle, parentId) => `Not sent: its folder's page ("${parentTitle}", page ${parentId}) carries no publish notice, so nothing on the wiki shows it is this tree's page, and it is held back; no page is created under it until it is sent (overwriting edited pages sends it, then this page).`,
  titleUncheckable: (title, detail) => `Whether another page of the space is titled "${title}" could not be checked: ${detail}.`,
  treeParentMissing: (parentId, recorded) => `Not sent: the tree's parent page ${parentId} was not found (it does not exist, was deleted, or this account cannot see it), so no page of the tree could land. ${parentFix(recorded)}`,
  treeParentInOtherSpace: (parentId, spaceKey, recorded) => `Not sent: the tree's parent page ${parentId} is not in the space ${spaceKey}, so no page of the tree could land there. ${parentFix(recorded)}`,
  recordedAsParent: (key, parentId) => `Not sent: the folder's .wiki-pages.json records page ${parentId}, the tree's parent page, for "${key}", but the parent page is never a page of the tree: the folder's files and subfolders become its children. Remove that entry (the next publish finds or creates the page and records it), or choose another parent page.`,
  contentOfTreeParent: (file, parentId, manifest, treeFolder) => `Not sent with this folder: ${file} is the content of page ${parentId}, its folder's page, which this tree hangs under (${manifest} records the folder as part of the tree published from ${treeFolder === "" ? "the working folder" : treeFolder}), and a tree publish never rewrites the page it hangs under. Publish ${file} on its own (it updates that page through the edit guard), or publish ${treeFolder === "" ? "the working folder" : treeFolder} as a tree.`,
  namesTreeParentById: (file, parentId) => `Not sent: the front matter of ${file} names page ${parentId} (wiki.pageId), the tree's parent page, but a tree publish never rewrites its parent page: the folder's files and subfolders become its children. ${namedParentFix(parentId)}`,
  namesTreeParentPlace: (file, title, grandparentId, parentId) => `Not sent: the front matter of ${file} names the page titled "${title}" under page ${grandparentId}, which is page ${parentId}, the tree's parent page, but a tree publish never rewrites its parent page: the folder's files and subfolders become its children. ${namedParentFix(parentId)}`,
  treeParentUnchecked: (parentId, detail) => `Whether its front matter names the tree's parent page ${parentId} by that page's title and parent could not be checked${detail === void 0 ? " without page access" : `: ${detail}`}. A tree publish never rewrites its parent page: check that its wiki: keys name another page.`,
  ownPageElsewhere: (title, pageId, url) => `A page titled "${title}" carrying this file's publish notice is elsewhere in the space (page ${pageId}${url ? `, ${url}` : ""}): published there from another branch, or moved there on the wiki. This publish creates another page here, which the wiki may refuse (it has long kept titles unique in a space). If a colleague moved it, move it back, or publish the file where it is now.`,
  titleElsewhere: (title, pageId, url) => `A page titled "${title}" already exists elsewhere in the space (page ${pageId}${url ? `, ${url}` : ""}); the wiki has long kept titles unique in a space and may refuse this one.`,
  titleHeldByOldPage: (title, pageId, url) => `Its old page "${title}" (page ${pageId}${url ? `, ${url}` : ""}), which stays where it was since the service cannot move pages, holds this title; the wiki has long kept titles unique in a space and may refuse this one. If it does, rename or delete the old page on the wiki and publish again.`,
  followsNewPage: (folderTitle, pageId) => `Its folder's page "${folderTitle}" is published as a new page, so this page is created anew under it; the page it published before (page ${pageId}) stays where it is.`,
  retitledPage: (oldTitle, newTitle, pageId, takenBy) => takenBy === void 0 ? `Its title changed from "${oldTitle}" to "${newTitle}": the wiki finds a page by its title, so this makes a new page, and the page it published before (page ${pageId}) stays where it is.` : `Its title changed from "${oldTitle}" to "${newTitle}": the wiki finds a page by its title, so this makes a new page, and the page it published before (page ${pageId}) goes to ${takenBy}, which has that title now.`,
  takesGivenUpTitle: (oldTitle, newTitle, pageId, fromPath, leftPageId, takenBy) => takenBy === void 0 ? `Its title changed from "${oldTitle}" to "${newTitle}", the title ${fromPath} gave up: this updates that file's page (page ${pageId}) instead of making a new one, and the page it published as "${oldTitle}" (page ${leftPageId}) stays where it is.` : `Its title changed from "${oldTitle}" to "${newTitle}", the title ${fromPath} gave up: this updates that file's page (page ${pageId}) instead of making a new one, and the page it published as "${oldTitle}" (page ${leftPageId}) goes to ${takenBy}, which has that title now.`,
  takesGoneFilesTitle: (oldTitle, newTitle, pageId, fromPath, leftPageId) => `Its title changed from "${oldTitle}" to "${newTitle}", which page ${pageId} of this tree, published from ${fromPath} (no longer in the folder), still holds at this place: this updates that page instead of making a new one, and the page it published as "${oldTitle}" (page ${leftPageId}) stays where it is.`,
  titledBack: (oldTitle, newTitle, pageId, leftPageId) => `Its title is "${newTitle}" again, which page ${pageId} of this tree still holds at this place: this updates that page instead of making a new one, and the page it published as "${oldTitle}" (page ${leftPageId}) stays where it is.`,
  listsChildren: (file) => `${file} has no text beyond a title, so this folder page lists its children instead.`,
  leavesRecordedPage: (title, pageId, oldPath) => `The page "${title}" (page ${pageId}) recorded for ${oldPath} is under another parent page than this file's front matter names: the wiki cannot move a page, so this makes a new page where the front matter says, and that page stays where it is (listed as an orphan).`
};
function namedParentFix(parentId) {
  return `Point its wiki: keys at another page, or remove them (the file then becomes a page of the tree); if rewriting page ${parentId} is really meant, publish that file on its own, not as a tree (on the command line, without --tree).`;
}
function parentFix(recorded) {
  return recorded ? `The folder's .wiki-pages.json records it as the tree's parent ("space" and "parent"): change it there, or on the command line pass --space and --parent of another page with --retarget.` : "Choose another parent page (on the command line, --parent).";
}

// src/core/links/pageLink.ts
function parsePageLink(value) {
  if (typeof value !== "object" || value === null) return void 0;
  const v = value;
  const text2 = (key) => typeof v[key] === "string" && v[key] !== "" ? v[key] : void 0;
  const spaceId = text2("spaceId");
  const parentId = text2("parentId");
  const pageTitle = text2("pageTitle");
  if (spaceId === void 0 || parentId === void 0 || pageTitle === void 0) return void 0;
  const publishedAt = typeof v.publishedAt === "number" ? v.publishedAt : typeof v.at === "number" ? v.at : 0;
  const link = { spaceId, parentId, pageTitle, publishedAt };
  const pageId = text2("pageId");
  if (pageId !== void 0 && /^\d+$/.test(pageId)) link.pageId = pageId;
  if (typeof v.version === "number" && Number.isSafeInteger(v.version)) link.version = v.version;
  if (typeof v.pulledVersion === "number" && Number.isSafeInteger(v.pulledVersion)) link.pulledVersion = v.pulledVersion;
  const url = text2("url");
  if (url !== void 0) link.url = url;
  const contentSha256 = text2("contentSha256");
  if (contentSha256 !== void 0) link.contentSha256 = contentSha256;
  const fileTitle = text2("fileTitle");
  if (fileTitle !== void 0) link.fileTitle = fileTitle;
  const linkTargets = text2("linkTargets");
  if (linkTargets !== void 0) link.linkTargets = linkTargets;
  if (v.unconfirmedSend === true) link.unconfirmedSend = true;
  const formerFile = text2("formerFile");
  if (formerFile !== void 0) link.formerFile = formerFile;
  return link;
}
function linkNames(link, target) {
  return link !== void 0 && link.spaceId === target.spaceId && link.parentId === target.parentId && link.pageTitle === target.pageTitle;
}
function isRepositoryLink(link) {
  return link !== void 0 && link.publishedAt === 0 && link.version === void 0 && link.unconfirmedSend === void 0;
}
function isUnconfirmedCreate(link) {
  return link?.unconfirmedSend === true && link.publishedAt === 0 && link.pageId === void 0;
}
function unconfirmedCreateLink(target) {
  return { spaceId: target.spaceId, parentId: target.parentId, pageTitle: target.pageTitle, unconfirmedSend: true, publishedAt: 0 };
}

// src/core/run/sameTitles.ts
function titleKey(title) {
  return title.normalize("NFC").toLocaleLowerCase("en-US");
}
function sameTitle(one, other) {
  return one === other || one.normalize("NFC") === other.normalize("NFC");
}
function changedOnlyInCase(before, now) {
  return !sameTitle(before, now) && titleKey(before) === titleKey(now);
}
function titleToSend(fileTitle, pageTitle) {
  return pageTitle !== void 0 && fileTitle !== pageTitle && sameTitle(fileTitle, pageTitle) ? pageTitle : fileTitle;
}
var OTHERS_NAMED = 3;
function otherNames(group, isOther, nameOf2) {
  let named = "";
  let count = 0;
  for (const other of group) {
    if (!isOther(other)) continue;
    if (count === OTHERS_NAMED) return `${named}, ...`;
    named = count === 0 ? nameOf2(other) : `${named}, ${nameOf2(other)}`;
    count++;
  }
  return named;
}
function groupByTitleInSpace(entries, titleOf, spaceOf) {
  const byTitle2 = /* @__PURE__ */ new Map();
  for (const entry of entries) {
    const key = `${spaceOf(entry)}\0${titleKey(titleOf(entry))}`;
    const group = byTitle2.get(key);
    if (group) group.push(entry);
    else byTitle2.set(key, [entry]);
  }
  return [...byTitle2.values()].filter((group) => group.length > 1);
}
async function resolveSpaceSpellings(spellings, pages, signal) {
  const spaceOf = /* @__PURE__ */ new Map();
  await Promise.all([...new Set([...spellings].map((spelling) => spelling.trim()))].map(async (spelling) => {
    const space = await pages.resolveSpace(spelling, signal).catch((error) => {
      if (signal?.aborted) throw error;
      return void 0;
    });
    spaceOf.set(spelling, space?.id ?? spelling);
  }));
  return (spelling) => spaceOf.get(spelling.trim()) ?? spelling;
}

// src/core/util/mapBounded.ts
async function mapBounded(items, limit2, map) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) results[index] = await map(items[index]);
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit2), items.length) }, worker));
  return results;
}

// src/core/wikiPages/errors.ts
var WikiReadError = class extends Error {
  constructor(kind, sentence, details = {}) {
    super(redact(sentence(englishPageRouteMessages)));
    this.kind = kind;
    this.sentence = sentence;
    this.details = details;
    this.name = "WikiReadError";
  }
  kind;
  sentence;
  details;
  /** The message in another catalogue's words (the editor's), redacted like `message`. */
  wordedIn(messages) {
    return redact(this.sentence(messages));
  }
};

// src/core/http/endpoint.ts
var LOOPBACK_HOSTS = /* @__PURE__ */ new Set(["127.0.0.1", "[::1]", "localhost"]);
function refused(problem, say) {
  return { ok: false, problem, message: say(englishEndpointMessages), say };
}
function isLoopbackHost(hostname) {
  return LOOPBACK_HOSTS.has(hostname.toLowerCase());
}
function isLoopbackAddress(hostname) {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  return host === "localhost" || host === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) || // The URL parser writes [::ffff:127.0.0.1] as [::ffff:7f00:1].
  /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(host);
}
function checkEndpoint(raw, settingName) {
  const text2 = (raw ?? "").trim();
  if (!text2) {
    return refused("missing", (messages) => messages.missing(settingName));
  }
  let url;
  try {
    url = new URL(text2);
  } catch {
    return refused("invalid", (messages) => messages.notAUrl(settingName));
  }
  if (url.username || url.password) {
    return refused("invalid", (messages) => messages.hasCredentials(settingName));
  }
  if (url.protocol === "https:") return { ok: true, url };
  if (url.protocol === "http:" && isLoopbackHost(url.hostname)) return { ok: true, url };
  return refused("insecure", (messages) => messages.insecure(settingName));
}
function sameOrigin(a, b) {
  return originOf(a) === originOf(b);
}
var lastParsed = { address: "", origin: "" };
function originOf(address2) {
  if (typeof address2 !== "string") return address2.origin;
  if (lastParsed.address !== address2) lastParsed = { address: address2, origin: new URL(address2).origin };
  return lastParsed.origin;
}

// src/core/util/sha256.ts
var crypto = __toESM(require("node:crypto"));
var oneShot = typeof crypto.hash === "function" ? crypto.hash : void 0;
var HASH_PIECE_CHARS = 64 * 1024;
function sha256Hex(text2) {
  if (text2.length > HASH_PIECE_CHARS) return sha256HexOfPieces(textPieces(text2));
  return oneShot ? oneShot("sha256", text2, "hex") : crypto.createHash("sha256").update(text2, "utf8").digest("hex");
}
function sha256HexOfPieces(pieces) {
  const hash2 = crypto.createHash("sha256");
  for (const piece of pieces) hash2.update(piece, "utf8");
  return hash2.digest("hex");
}
function* textPieces(text2, whole) {
  for (let start = 0; start < text2.length; ) {
    let end = Math.min(start + HASH_PIECE_CHARS, text2.length);
    while (end < text2.length && (isHighSurrogate(text2.charCodeAt(end - 1)) || whole?.(text2, end) === true)) end++;
    yield text2.slice(start, end);
    start = end;
  }
}
function isHighSurrogate(code) {
  return code >= 55296 && code <= 56319;
}

// src/core/publish/closingLine.ts
var MAY_START_OPEN_BLOCK = /^[ \t>*+\-.)0-9]*(?:```|~~~|<)/m;
var KIND_ONE = /^[ \t]*<(script|pre|textarea|style)/i;
var CLOSERS = ["-->", "?>", ">", "]]>"];
function closingLine(markdown) {
  const kept = keptScan(markdown);
  if (kept === void 0 && !MAY_START_OPEN_BLOCK.test(markdown)) return void 0;
  const scanned = kept ?? scanMarkdown(markdown);
  const fence2 = scanned.fences[scanned.fences.length - 1];
  if (fence2 !== void 0 && !fence2.closed && runsToEnd(markdown, fence2.end)) {
    return fence2.topLevel ? String.fromCharCode(fence2.fenceChar).repeat(fence2.fenceLength) : "";
  }
  const html = scanned.htmlBlocks[scanned.htmlBlocks.length - 1];
  if (html === void 0 || html.closed || html.type > 5 || !runsToEnd(markdown, html.end)) return void 0;
  if (!html.topLevel) return "";
  if (html.type > 1) return CLOSERS[html.type - 2];
  return `</${KIND_ONE.exec(markdown.slice(html.start, html.end))?.[1] ?? "pre"}>`;
}
function runsToEnd(markdown, end) {
  const rest = markdown.length - end;
  return rest === 0 || rest === 1 && /[\r\n]$/.test(markdown) || rest === 2 && markdown.endsWith("\r\n");
}

// src/core/publish/storageNotice.ts
function noticeMarkerIn(storage, marker) {
  let found;
  const open3 = [];
  const openCount = /* @__PURE__ */ new Map();
  const count = (name) => openCount.get(name) ?? 0;
  const opened = (name, by) => {
    openCount.set(name, count(name) + by);
  };
  let paragraph;
  let inParagraph = false;
  let paragraphStart = 0;
  let rawHtml = false;
  let run;
  const ends = new RawHtmlEnds(storage);
  const look = (segment) => {
    if (!inParagraph || count("em") === 0 && count("i") === 0 || count("code") > 0) return;
    const match = marker.exec(segment);
    if (match !== null) paragraph = match;
  };
  let depth = 0;
  const unclosed = /* @__PURE__ */ new Set();
  let at = 0;
  while (at < storage.length) {
    const lt = storage.indexOf("<", at);
    if (lt === -1) {
      look(storage.slice(at));
      break;
    }
    if (lt > at) look(storage.slice(at, lt));
    const skipped = skippedSection(storage, lt, unclosed);
    if (skipped !== void 0) {
      at = skipped;
      continue;
    }
    const gt = storage.indexOf(">", lt);
    const end = gt === -1 ? storage.length : gt + 1;
    const tag = /^<(\/?)([A-Za-z][\w:.-]*)/.exec(storage.slice(lt, Math.min(end, lt + 80)));
    at = end;
    if (tag === null) continue;
    const name = tag[2].toLowerCase();
    if (tag[1] === "/") {
      if (count(name) === 0) continue;
      for (let closing = open3.pop(); closing !== void 0; closing = open3.pop()) {
        opened(closing, -1);
        if (QUOTING.has(closing)) depth--;
        if (closing === name) break;
      }
      if (name === "p" && depth === 0 && inParagraph) {
        inParagraph = false;
        if (rawHtml && run === void 0) {
          const text2 = storage.slice(paragraphStart, lt);
          const kind = RAW_HTML_OPENERS.find(([opener]) => opener.test(text2));
          if (kind !== void 0) {
            const until = ends.after(kind[1], paragraphStart);
            if (until === -1) run = "untilRule";
            else if (until > lt) run = { until };
          }
        }
        if (paragraph !== void 0 && !rawHtml) found = paragraph;
      }
      continue;
    }
    look(storage.slice(lt, end));
    if (name === "hr" && depth === 0 && run === "untilRule") run = void 0;
    if (storage[end - 2] === "/" || VOID.has(name)) continue;
    if (name === "p" && depth === 0) {
      inParagraph = true;
      paragraph = void 0;
      paragraphStart = end;
      if (typeof run === "object" && run.until <= end) run = void 0;
      rawHtml = run !== void 0 || RAW_HTML_START.test(storage.slice(end, end + 40));
    }
    open3.push(name);
    opened(name, 1);
    if (QUOTING.has(name)) depth++;
  }
  return inParagraph && paragraph !== void 0 && !rawHtml ? paragraph : found;
}
var RawHtmlEnds = class {
  constructor(storage) {
    this.storage = storage;
  }
  storage;
  kept = /* @__PURE__ */ new Map();
  /** The index just past the first match of `end` that starts at or after `from`, or -1. */
  after(end, from) {
    const kept = this.kept.get(end);
    if (kept !== void 0 && kept.from <= from && (kept.at === -1 || kept.start >= from)) return kept.at;
    const search = new RegExp(end.source, "gi");
    search.lastIndex = from;
    const match = search.exec(this.storage);
    const answer = match === null ? { from, start: -1, at: -1 } : { from, start: match.index, at: match.index + match[0].length };
    this.kept.set(end, answer);
    return answer.at;
  }
};
function skippedSection(storage, at, unclosed) {
  for (const [start, end] of SKIPPED) {
    if (!storage.startsWith(start, at)) continue;
    const close = unclosed.has(end) ? -1 : storage.indexOf(end, at + start.length);
    if (close !== -1) return close + end.length;
    unclosed.add(end);
    return at + start.length;
  }
  return void 0;
}
var LT = "(?:&lt;|&#0*60;|&#x0*3c;)";
var GT = "(?:&gt;|&#0*62;|&#x0*3e;)";
var RAW_HTML_START = new RegExp(`^\\s*${LT}(?:!--|\\?|![A-Za-z]|!\\[CDATA\\[|/?[A-Za-z])`, "i");
var RAW_HTML_OPENERS = [
  [new RegExp(`^\\s*${LT}!--`, "i"), new RegExp(`--(?:${GT}|>)`, "i")],
  [new RegExp(`^\\s*${LT}(script|pre|style|textarea)\\b`, "i"), new RegExp(`${LT}/(?:script|pre|style|textarea)${GT}`, "i")],
  [new RegExp(`^\\s*${LT}\\?`, "i"), new RegExp(`\\?${GT}`, "i")],
  [new RegExp(`^\\s*${LT}!\\[CDATA\\[`, "i"), new RegExp(`\\]\\]${GT}`, "i")],
  [new RegExp(`^\\s*${LT}![A-Za-z]`, "i"), new RegExp(GT, "i")]
];
var QUOTING = /* @__PURE__ */ new Set(["blockquote", "ul", "ol", "li", "dl", "table", "pre", "ac:structured-macro", "ac:task-list"]);
var SKIPPED = [["<![CDATA[", "]]>"], ["<!--", "-->"]];
var VOID = /* @__PURE__ */ new Set(["br", "hr", "img", "col", "input", "meta", "link", "area", "base", "wbr", "source", "track", "embed", "param"]);

// src/core/publish/publishNotice.ts
var DIGEST_LENGTH = 20;
var PATH_LENGTH = 8;
var MARKER = /wiki-publisher\.v(\d{1,9})\.([0-9a-f]{20})\.([0-9a-f]{8})(?:\.([0-9a-f]{8}))?/;
var ANOTHER_REPOSITORY = "another repository";
function fromAnotherRepository(marker) {
  return marker?.path === ANOTHER_REPOSITORY;
}
function contentDigest(contentSha256, linkTargets) {
  return sha256Hex(`${contentSha256}
${linkTargets ?? ""}`).slice(0, DIGEST_LENGTH);
}
function pathDigest(label) {
  return sha256Hex(label).slice(0, PATH_LENGTH);
}
function repositoryDigest(identity) {
  return sha256Hex(`repository
${identity}`).slice(0, PATH_LENGTH);
}
function markerText(marker) {
  return `wiki-publisher.v${marker.version}.${marker.digest}.${marker.path}${marker.repository === void 0 ? "" : `.${marker.repository}`}`;
}
function findMarker(body, ownRepository) {
  const found = noticeMarkerIn(body, MARKER);
  if (found === void 0) return void 0;
  const repository = found[4];
  const marker = { version: Number(found[1]), digest: found[2], path: found[3] };
  if (repository === void 0) return marker;
  marker.repository = repository;
  if (ownRepository !== void 0 && repository !== ownRepository) marker.path = ANOTHER_REPOSITORY;
  return marker;
}
function noticeAfter(content, notice, words = englishPublishMessages, planned) {
  const closing = planned === void 0 ? closingLine(content) : planned.closingLine;
  const target = `${linkSafe(notice.sourceUrl ?? "")}#${markerText(notice.marker)}`;
  const eol = /\r\n|\r|\n/.exec(content)?.[0] ?? "\n";
  const ended = content === "" || content.endsWith("\n") || content.endsWith("\r") ? "" : eol;
  const paragraph = words.publishNotice(`[${escapeLinkText(notice.label)}](<${target}>)`).replace(/[\r\n]+/g, " ");
  const beforeRule = closing === void 0 ? eol : closing === "" ? "" : `${closing}${eol}${eol}`;
  return `${ended}${beforeRule}---${eol}${eol}${paragraph}${eol}`;
}
function escapeLinkText(text2) {
  return text2.replace(/[\r\n]+/g, " ").replace(/[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g, "\\$&");
}
function linkSafe(address2) {
  return address2.replace(/[\s<>]/gu, (character) => encodeURIComponent(character));
}

// src/core/wikiPages/pageJson.ts
function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
function idText(value) {
  if (typeof value === "string" && value !== "") return value;
  if (typeof value === "number" && Number.isSafeInteger(value)) return String(value);
  return void 0;
}
function optionalText(value) {
  return typeof value === "string" && value !== "" ? value : void 0;
}
function parsePage(body, origin, ownRepository) {
  if (!isObject(body)) return void 0;
  const id = idText(body.id);
  const title = body.title;
  const version = isObject(body.version) ? body.version : void 0;
  const number = version?.number;
  if (id === void 0 || typeof title !== "string" || typeof number !== "number" || !Number.isSafeInteger(number) || number < 1) return void 0;
  const page = { id, title, version: number };
  const spaceId = idText(body.spaceId);
  if (spaceId !== void 0) page.spaceId = spaceId;
  const parentId = idText(body.parentId);
  if (parentId !== void 0) page.parentId = parentId;
  const createdAt = optionalText(version?.createdAt);
  if (createdAt !== void 0) page.versionCreatedAt = createdAt;
  const authorId = optionalText(version?.authorId);
  if (authorId !== void 0) page.versionAuthorId = authorId;
  const links = isObject(body._links) ? body._links : void 0;
  const webUrl = webAddress(optionalText(links?.webui), origin);
  if (webUrl !== void 0) page.webUrl = webUrl;
  const storage = isObject(body.body) && isObject(body.body.storage) ? body.body.storage.value : void 0;
  if (typeof storage === "string") page.body = { marker: findMarker(storage, ownRepository) };
  return page;
}
function webAddress(webui, origin) {
  if (webui === void 0 || !webui.startsWith("/") || webui.startsWith("//") || webui.includes("\\")) return void 0;
  try {
    const url = new URL(`${origin}/wiki${webui}`);
    return sameOrigin(url, origin) ? url.href : void 0;
  } catch {
    return void 0;
  }
}
function parseChildren(body) {
  if (!isObject(body) || !Array.isArray(body.results)) return void 0;
  const results = [];
  for (const entry of body.results) {
    if (!isObject(entry)) return void 0;
    const id = idText(entry.id);
    if (id === void 0 || typeof entry.title !== "string") return void 0;
    const status = optionalText(entry.status);
    results.push(status === void 0 ? { id, title: entry.title } : { id, title: entry.title, status });
  }
  const links = isObject(body._links) ? body._links : void 0;
  const next = optionalText(links?.next);
  return next === void 0 ? { results } : { results, next };
}
function parsePageList(body, origin, ownRepository) {
  if (!isObject(body) || !Array.isArray(body.results)) return void 0;
  const listed2 = [];
  for (const entry of body.results) {
    const page = parsePage(entry, origin, ownRepository);
    if (!page || !isObject(entry)) return void 0;
    listed2.push({ page, current: (optionalText(entry.status) ?? "current") === "current" });
  }
  return listed2;
}
function parseSpaces(body) {
  if (!isObject(body) || !Array.isArray(body.results)) return void 0;
  const spaces = [];
  for (const entry of body.results) {
    const id = isObject(entry) ? idText(entry.id) : void 0;
    const key = isObject(entry) ? optionalText(entry.key) : void 0;
    if (id === void 0 || key === void 0) return void 0;
    spaces.push({ id, key });
  }
  return spaces;
}
function nextFromLinkHeader(header) {
  if (!header) return void 0;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (match && /;\s*rel\s*=\s*"?(?:[^";]*\s)?next(?:\s[^";]*)?"?\s*(?:;|$)/i.test(match[2] ?? "")) return match[1];
  }
  return void 0;
}
function storageDigest(storage) {
  return sha256Hex(storage.replace(/\s+ac:macro-id="[^"]*"/g, ""));
}
function parseVersions(body, ownRepository) {
  if (!isObject(body) || !Array.isArray(body.results)) return void 0;
  const versions = [];
  for (const entry of body.results) {
    if (!isObject(entry) || typeof entry.number !== "number" || !Number.isSafeInteger(entry.number)) return void 0;
    const version = { number: entry.number };
    const authorId = optionalText(entry.authorId);
    if (authorId !== void 0) version.authorId = authorId;
    const createdAt = optionalText(entry.createdAt);
    if (createdAt !== void 0) version.createdAt = createdAt;
    const page = isObject(entry.page) ? entry.page : void 0;
    const storage = isObject(page?.body) && isObject(page.body.storage) ? page.body.storage.value : void 0;
    if (typeof storage === "string") version.body = { marker: findMarker(storage, ownRepository), digest: storageDigest(storage) };
    versions.push(version);
  }
  return versions;
}

// src/core/messages/networkMessages.ts
var englishNetworkMessages = {
  requestFailed: () => "The network request failed.",
  proxyTunnelNotOpened: (detail) => `the proxy did not open a tunnel to the wiki: ${detail}`,
  notHttps: () => "the endpoint does not speak HTTPS on that port (TLS handshake failed)",
  tlsHandshakeFailed: (reason) => reason ? `the TLS handshake failed: ${reason}` : "the TLS handshake failed",
  answerTooLarge: (megabytes) => `the answer was larger than ${megabytes} MB, so it was not read`
};

// src/core/http/networkError.ts
var PERMANENT_CODES = /* @__PURE__ */ new Set([
  // A certificate the client does not trust ends the TLS handshake before any request byte is sent.
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "CERT_HAS_EXPIRED",
  "ERR_TLS_CERT_ALTNAME_INVALID",
  "ERR_WIKI_NOT_SENT",
  // undici refused the request's arguments (a proxy address with a path: "invalid url") before sending anything.
  "UND_ERR_INVALID_ARG"
]);
var CONNECT_PHASE_CODES = /* @__PURE__ */ new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
  // The proxy closed or never answered the CONNECT (proxy.ts): the request never reached the wiki.
  "ERR_WIKI_PROXY_TUNNEL",
  ...PERMANENT_CODES
]);
function isTlsProtocolFailure(error) {
  const code = codeOf(error);
  return code === "EPROTO" || code.startsWith("ERR_SSL_");
}
function tlsReason(error) {
  const { reason } = error;
  if (typeof reason === "string") return reason;
  return /error:[0-9A-F]+:[^:]*:[^:]*:([^:\n]+)/i.exec(error.message)?.[1]?.trim() ?? "";
}
var NOT_TLS = /wrong version number|packet length too long|http request|unknown protocol/i;
function tlsFailureMessage(error, messages) {
  const reason = tlsReason(error);
  return NOT_TLS.test(reason) ? messages.notHttps() : messages.tlsHandshakeFailed(reason);
}
function failsEveryTime(error) {
  for (const link of causeChain(error)) {
    if (PERMANENT_CODES.has(codeOf(link)) || isTlsProtocolFailure(link) && NOT_TLS.test(tlsReason(link))) return true;
  }
  return false;
}
var ANSWER_TOO_LARGE = "ERR_WIKI_ANSWER_TOO_LARGE";
function answerTooLargeError(limitBytes, messages = englishNetworkMessages) {
  return Object.assign(new Error(messages.answerTooLarge(megabytesOf(limitBytes))), { code: ANSWER_TOO_LARGE, limitBytes });
}
function answerTooLargeLimit(error) {
  for (const link of causeChain(error)) {
    const { limitBytes } = link;
    if (codeOf(link) === ANSWER_TOO_LARGE && typeof limitBytes === "number") return limitBytes;
  }
  return void 0;
}
function megabytesOf(bytes) {
  return Math.max(1, Math.round(bytes / (1024 * 1024)));
}
function notSentError(message) {
  return Object.assign(new Error(message), { code: "ERR_WIKI_NOT_SENT" });
}
var TUNNEL_REFUSED = /when HTTP Tunneling/;
function* causeChain(error) {
  for (let current = error, depth = 0; current instanceof Error && depth < 8; current = current.cause, depth++) {
    yield current;
    if (current instanceof AggregateError) yield* current.errors.filter((inner) => inner instanceof Error);
  }
}
function codeOf(error) {
  const code = error.code;
  return typeof code === "string" ? code : "";
}
function failedBeforeConnecting(error) {
  for (const link of causeChain(error)) {
    if (CONNECT_PHASE_CODES.has(codeOf(link)) || isTlsProtocolFailure(link) || TUNNEL_REFUSED.test(link.message)) return true;
  }
  return false;
}
function networkError(error, messages = englishNetworkMessages) {
  const innermostFirst = [...causeChain(error)].reverse();
  const tls = innermostFirst.find(isTlsProtocolFailure);
  if (tls) return new Error(tlsFailureMessage(tls, messages), { cause: error });
  const telling = innermostFirst.find((link) => codeOf(link).startsWith("ERR_WIKI_")) ?? innermostFirst.find((link) => link.message.trim() !== "" && link.message !== "fetch failed");
  const code = innermostFirst.map(codeOf).find((candidate) => candidate !== "");
  let message = telling?.message ?? (error instanceof Error ? error.message : String(error));
  if (code && !message.includes(code)) message = message ? `${message} (${code})` : code;
  return new Error(message || messages.requestFailed(), { cause: error });
}

// src/core/http/timedSend.ts
async function timedSend(transport, request, options) {
  if (options.signal?.aborted) return { kind: "cancelled", inFlight: false };
  const controller = new AbortController();
  let timer;
  let cancel;
  const ended = new Promise((resolve9) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve9({ kind: "timeout" });
    }, options.timeoutMs);
    cancel = () => {
      controller.abort();
      resolve9({ kind: "cancelled" });
    };
    options.signal?.addEventListener("abort", cancel, { once: true });
  });
  const exchange = exchangeOf(transport, { ...request, signal: controller.signal });
  try {
    return await Promise.race([exchange, ended]);
  } finally {
    clearTimeout(timer);
    if (cancel) options.signal?.removeEventListener("abort", cancel);
  }
}
async function exchangeOf(transport, request) {
  let status;
  try {
    const response = await transport.send(request);
    status = response.status;
    const text2 = await response.text();
    return { kind: "response", status, headers: response.headers, text: text2 };
  } catch (error) {
    const limitBytes = answerTooLargeLimit(error);
    if (status !== void 0 && limitBytes !== void 0) return { kind: "tooLarge", status, limitBytes, error };
    return { kind: "network", detail: networkDetail(error), error };
  }
}
function networkDetail(error) {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = current.code;
    if (typeof code === "string" && code !== "") return `${describeError(error)} (${code})`;
  }
  return describeError(error);
}

// src/core/http/transport.ts
var MIB = 1024 * 1024;
var ANSWER_LIMITS = {
  /**
   * The import service's answer and a token endpoint's: a JSON object of a sentence or of a few tokens. A megabyte
   * leaves room for the HTML error page of a proxy in front of them, which is reported by its status.
   */
  smallJson: MIB,
  /**
   * A page route's answer: up to 250 pages a request, with their storage-format bodies when the page state or the edit
   * guard asks for them. Generous for that, and well below V8's longest string (about 512 million characters), so that
   * an answer past it ends as a message, never as a crash.
   */
  pageRoute: 256 * MIB
};

// src/core/util/json.ts
function parseJsonObject(text2) {
  let value;
  try {
    value = JSON.parse(text2);
  } catch {
    return void 0;
  }
  return value !== null && typeof value === "object" && !Array.isArray(value) ? value : void 0;
}

// src/core/oauth/isExportAuthError.ts
function isExportAuthError(error, kind) {
  if (!(error instanceof Error) || error.name !== "ExportAuthError") return false;
  return kind === void 0 || error.kind === kind;
}

// src/core/wikiPages/tokenFailure.ts
function tokenFailure(error, signal, credentialName) {
  if (error instanceof WikiReadError) return error;
  if (signal?.aborted || isExportAuthError(error, "cancelled")) return new WikiReadError("cancelled", (m) => m.cancelled(), { cause: error });
  const transient = isExportAuthError(error) && error.retryable;
  return new WikiReadError(transient ? "network" : "unauthorized", (m) => m.credentialUnusable(credentialName ?? m.exportSignIn(), isExportAuthError(error) ? error.wordedIn(m) : describeError(error)), { cause: error });
}

// src/core/wikiPages/request.ts
var BASE_SETTING = "wikiPublisher.baseUrl";
function createPageRequester(options) {
  const { timeoutMs, credentialName } = options;
  const credential = (m) => credentialName ?? m.exportSignIn();
  async function accessToken(signal) {
    let token;
    try {
      token = await options.getAccessToken(signal);
    } catch (error) {
      throw tokenFailure(error, signal, credentialName);
    }
    if (signal?.aborted) throw new WikiReadError("cancelled", (m) => m.cancelled());
    if (!token) throw new WikiReadError("unauthorized", notSignedIn(credentialName));
    return token;
  }
  async function getJson(url, origin, signal) {
    if (!sameOrigin(url, origin)) throw new WikiReadError("protocol", (m) => m.wikiLeftOrigin());
    const token = await accessToken(signal);
    const result = await timedSend(
      options.transport,
      { method: "GET", url: url.toString(), headers: { authorization: `Bearer ${token}`, accept: "application/json" }, maxResponseBytes: ANSWER_LIMITS.pageRoute },
      signal ? { timeoutMs, signal } : { timeoutMs }
    );
    if (result.kind === "cancelled") throw new WikiReadError("cancelled", (m) => m.cancelled());
    if (result.kind === "timeout") throw new WikiReadError("timeout", (m) => m.wikiTimedOut(Math.round(timeoutMs / 1e3)));
    if (result.kind === "network") throw new WikiReadError("network", (m) => m.wikiUnreachable(result.detail));
    const { status } = result;
    if (status === 404) return { found: false };
    if (status === 401 || status === 403) {
      throw new WikiReadError("unauthorized", (m) => m.wikiRefused(credential(m), status), { status });
    }
    if (status >= 300 && status < 400) {
      throw new WikiReadError("protocol", (m) => m.wikiRedirected(status, credential(m)), { status });
    }
    if (status === 429 || status >= 500) throw new WikiReadError("server", (m) => m.wikiBusy(status), { status });
    if (status !== 200) throw new WikiReadError("protocol", (m) => m.wikiStatus(status), { status });
    if (result.kind === "tooLarge") {
      const megabytes = megabytesOf(result.limitBytes);
      throw new WikiReadError("protocol", (m) => m.wikiAnswerTooLarge(megabytes), { status });
    }
    const body = parseJsonObject(result.text);
    if (!body) throw new WikiReadError("protocol", (m) => m.wikiNotJson(), { status });
    return { found: true, body, link: result.headers.link };
  }
  async function readPages2(first, origin, signal, what, visit) {
    let url = first;
    const followed = /* @__PURE__ */ new Set();
    for (let pages = 1; ; pages++) {
      const answer = await getJson(url, origin, signal);
      if (!answer.found) return false;
      const next = nextLink(answer.body) ?? nextFromLinkHeader(answer.link);
      if (visit(answer.body, next !== void 0)) return true;
      if (next === void 0) return true;
      url = nextPageUrl(next, origin);
      if (followed.has(url.toString())) throw new WikiReadError("protocol", (m) => m.wikiListLoops(what(m)));
      followed.add(url.toString());
      if (pages >= options.maxPages) throw new WikiReadError("protocol", (m) => m.wikiListTooLong(what(m), options.maxPages));
    }
  }
  return {
    siteOrigin() {
      const base = checkEndpoint(options.baseUrl, BASE_SETTING);
      if (!base.ok) throw new WikiReadError("config", base.say);
      return base.url.origin;
    },
    getJson,
    readPages: readPages2
  };
}
function notSignedIn(credentialName) {
  return (m) => credentialName === void 0 ? m.notSignedIn() : m.noCredential(credentialName);
}
function nextLink(body) {
  const links = body._links;
  if (links === null || typeof links !== "object" || Array.isArray(links)) return void 0;
  const next = links.next;
  return typeof next === "string" && next !== "" ? next : void 0;
}
function nextPageUrl(next, origin) {
  let url;
  try {
    url = new URL(next, origin);
  } catch {
    throw new WikiReadError("protocol", (m) => m.badPaginationLink());
  }
  if (!sameOrigin(url, origin)) throw new WikiReadError("protocol", (m) => m.foreignPaginationLink());
  return url;
}

// src/core/wikiPages/client.ts
var DEFAULT_TIMEOUT_MS = 15e3;
var MAX_PAGE_SIZE = 250;
var MAX_IDS_PER_REQUEST = MAX_PAGE_SIZE;
var DEFAULT_MAX_CHILD_PAGES = 100;
var BATCHES_AT_ONCE = 4;
function createWikiPagesClient(options) {
  const pageSize = clamp(options.childrenPageSize ?? MAX_PAGE_SIZE);
  const idsPerRequest = clamp(options.idsPerRequest ?? MAX_IDS_PER_REQUEST);
  const requester = createPageRequester({
    baseUrl: options.baseUrl,
    transport: options.transport,
    getAccessToken: options.getAccessToken,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxPages: options.maxChildPages ?? DEFAULT_MAX_CHILD_PAGES,
    ...options.credentialName !== void 0 ? { credentialName: options.credentialName } : {}
  });
  async function listPagesUpTo(query, origin, signal, keep, maxAnswers) {
    const pages = [];
    let answers = 0;
    let cut2 = false;
    await requester.readPages(new URL(`/wiki/api/v2/pages?${query}&limit=${pageSize}`, origin), origin, signal, (m) => m.listOfPages(), (body, more) => {
      const listed2 = parsePageList(body, origin, options.ownRepository);
      if (!listed2) throw new WikiReadError("protocol", (m) => m.pageListNotJson());
      for (const { page, current } of listed2) if (current && keep(page)) pages.push(page);
      cut2 = more && ++answers >= maxAnswers;
      return cut2;
    });
    return cut2 ? void 0 : pages;
  }
  async function listPages(query, origin, signal, keep) {
    return await listPagesUpTo(query, origin, signal, keep, Number.POSITIVE_INFINITY) ?? [];
  }
  async function numericSpaceId(spaceId, signal) {
    return /^\d+$/.test(spaceId) ? spaceId : (await client.resolveSpace(spaceId, signal))?.id;
  }
  async function lookUpSpace(param, value, origin, signal) {
    const answer = await requester.getJson(new URL(`/wiki/api/v2/spaces?${param}=${encodeURIComponent(value)}`, origin), origin, signal);
    if (!answer.found) return void 0;
    const spaces = parseSpaces(answer.body);
    if (!spaces) throw new WikiReadError("protocol", (m) => m.spaceListNotJson());
    return spaces.find((space) => (param === "ids" ? space.id : space.key) === value);
  }
  const client = {
    ...options.ownRepository !== void 0 ? { knowsRepository: true } : {},
    async getPage(pageId, signal) {
      const origin = requester.siteOrigin();
      const answer = await requester.getJson(new URL(`/wiki/api/v2/pages/${encodeURIComponent(pageId)}`, origin), origin, signal);
      if (!answer.found) return void 0;
      const page = parsePage(answer.body, origin, options.ownRepository);
      if (!page) throw new WikiReadError("protocol", (m) => m.pageIncomplete());
      return page;
    },
    async findChildByTitle(parentId, title, signal) {
      const origin = requester.siteOrigin();
      const first = new URL(`/wiki/api/v2/pages/${encodeURIComponent(parentId)}/children?limit=${pageSize}`, origin);
      let hit;
      await requester.readPages(first, origin, signal, (m) => m.listOfChildren(), (body) => {
        const children = parseChildren(body);
        if (!children) throw new WikiReadError("protocol", (m) => m.childListNotJson());
        const child = children.results.find((entry) => entry.title === title && (entry.status ?? "current") === "current");
        if (child) hit = { id: child.id, title: child.title };
        return hit !== void 0;
      });
      return hit;
    },
    async listChildren(parentId, signal) {
      const origin = requester.siteOrigin();
      const first = new URL(`/wiki/api/v2/pages/${encodeURIComponent(parentId)}/children?limit=${pageSize}`, origin);
      const children = [];
      const found = await requester.readPages(first, origin, signal, (m) => m.listOfChildren(), (body) => {
        const listed2 = parseChildren(body);
        if (!listed2) throw new WikiReadError("protocol", (m) => m.childListNotJson());
        children.push(...listed2.results.filter((entry) => (entry.status ?? "current") === "current"));
        return false;
      });
      return found ? children : void 0;
    },
    async getPages(pageIds, signal, read = {}) {
      const origin = requester.siteOrigin();
      const wanted = [...new Set(pageIds.filter((id) => /^\d+$/.test(id)))];
      const body = read.withBody === true ? "&body-format=storage" : "";
      const batches = [];
      for (let start = 0; start < wanted.length; start += idsPerRequest) batches.push(wanted.slice(start, start + idsPerRequest));
      const answers = await mapBounded(batches, BATCHES_AT_ONCE, (batch) => {
        const asked = new Set(batch);
        return listPages(`id=${batch.join(",")}${body}`, origin, signal, (page) => asked.has(page.id));
      });
      const found = /* @__PURE__ */ new Map();
      for (const page of answers.flat()) {
        if (body !== "" && page.body === void 0) page.body = { marker: void 0 };
        found.set(page.id, page);
      }
      return found;
    },
    async pageVersions(pageId, max, signal) {
      const origin = requester.siteOrigin();
      const first = new URL(`/wiki/api/v2/pages/${encodeURIComponent(pageId)}/versions?body-format=storage&limit=${Math.min(pageSize, Math.max(1, max))}`, origin);
      const versions = [];
      const found = await requester.readPages(first, origin, signal, (m) => m.listOfPages(), (body) => {
        const listed2 = parseVersions(body, options.ownRepository);
        if (!listed2) throw new WikiReadError("protocol", (m) => m.pageListNotJson());
        versions.push(...listed2);
        return versions.length >= max;
      });
      return found ? versions.slice(0, max) : void 0;
    },
    async findPagesByTitle(spaceId, title, signal) {
      const origin = requester.siteOrigin();
      const numericId = await numericSpaceId(spaceId, signal);
      if (numericId === void 0) return [];
      const query = `space-id=${numericId}&title=${encodeURIComponent(title)}`;
      return listPages(query, origin, signal, (page) => page.title === title && (page.spaceId === void 0 || page.spaceId === numericId));
    },
    async listSpacePages(spaceId, maxRequests, signal) {
      const origin = requester.siteOrigin();
      const numericId = await numericSpaceId(spaceId, signal);
      if (numericId === void 0) return [];
      return listPagesUpTo(`space-id=${numericId}`, origin, signal, (page) => page.spaceId === void 0 || page.spaceId === numericId, maxRequests);
    },
    async resolveSpace(keyOrId, signal) {
      const origin = requester.siteOrigin();
      const wanted = keyOrId.trim();
      if (wanted === "") return void 0;
      if (/^\d+$/.test(wanted)) return await lookUpSpace("ids", wanted, origin, signal) ?? lookUpSpace("keys", wanted, origin, signal);
      return lookUpSpace("keys", wanted, origin, signal);
    }
  };
  return client;
}
function clamp(size) {
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(size)));
}

// src/core/wikiPages/isWikiReadError.ts
function isWikiReadError(error, kind) {
  if (!(error instanceof Error) || error.name !== "WikiReadError") return false;
  return kind === void 0 || error.kind === kind;
}

// src/core/wikiPages/readFailureText.ts
function readFailureText(error, messages) {
  if (isWikiReadError(error) || isExportAuthError(error)) return error.wordedIn(messages);
  return describeError(error);
}

// src/core/run/failedLookup.ts
function failedLookupVerdict(error, timedOut, messages = englishTreeMessages) {
  const said = (timedOut ? messages.guardTimedOut() : readFailureText(error, messages)).replace(/\.+$/, "");
  const refused2 = isWikiReadError(error, "unauthorized") && error.details.status === 401;
  return { kind: "unchecked", reason: "failed", detail: messages.guardFailed(said), cause: afterColon(said), ...refused2 ? { credentialRefused: true } : {} };
}
function afterColon(sentence) {
  return new RegExp("^\\p{Lu}\\p{Ll}", "u").test(sentence) ? `${sentence.charAt(0).toLocaleLowerCase()}${sentence.slice(1)}` : sentence;
}

// src/core/run/lookupDeadline.ts
var DEFAULT_LOOKUPS_AT_ONCE = 4;
var GUARD_TIMEOUT_MS = 1e4;
function lookupDeadline(options) {
  const deadline = AbortSignal.timeout(options.timeoutMs ?? GUARD_TIMEOUT_MS);
  return { deadline, signal: options.signal ? AbortSignal.any([options.signal, deadline]) : deadline };
}

// src/core/run/unseenParent.ts
function unseenParentVerdict(parentId, messages = englishTreeMessages) {
  const cause = messages.guardParentUnseen(parentId);
  return { kind: "unchecked", reason: "failed", detail: `${cause.charAt(0).toLocaleUpperCase()}${cause.slice(1)}.`, cause, lasting: true };
}

// src/core/publish/target.ts
function mergeTargets(frontMatter, link, defaults = {}) {
  const spaceId = frontMatter.spaceId ?? link?.spaceId ?? defaults.spaceId;
  const parentId = frontMatter.parentId ?? link?.parentId ?? defaults.parentId;
  const pageTitle = frontMatter.pageTitle ?? link?.pageTitle ?? defaults.pageTitle;
  const pinsPage = frontMatter.spaceId !== void 0 && frontMatter.parentId !== void 0 && frontMatter.pageTitle !== void 0;
  const isLinkedPage = link !== void 0 && link.spaceId === spaceId && link.parentId === parentId && link.pageTitle === pageTitle;
  const overwrite = frontMatter.overwrite ?? (isLinkedPage ? true : defaults.overwrite ?? (pinsPage ? false : void 0));
  return { spaceId, parentId, pageTitle, overwrite };
}
function isCompleteTarget(target) {
  return target.spaceId !== void 0 && target.parentId !== void 0 && target.pageTitle !== void 0 && target.overwrite !== void 0;
}
function completeTarget(target) {
  const { spaceId, parentId, pageTitle, overwrite } = target;
  if (spaceId === void 0 || parentId === void 0 || pageTitle === void 0 || overwrite === void 0) return void 0;
  return { spaceId, parentId, pageTitle, overwrite };
}
function suggestTitle(frontMatterTitle, firstHeading, fileName) {
  if (frontMatterTitle?.trim()) return frontMatterTitle.trim();
  if (firstHeading?.trim()) return firstHeading.trim();
  const base = fileName.replace(/^.*[\\/]/, "");
  return base.replace(/\.(md|markdown|mdown|mkd)$/i, "") || base;
}
function isPageId(value) {
  return /^\d+$/.test(value);
}

// src/core/run/guardLookups.ts
function markerTells(options) {
  return options.pages.knowsRepository === true || options.markerIsTheRecord === true;
}
function ownPageId(item) {
  const link = item.link;
  if (link?.pageId === void 0 || !isPageId(link.pageId)) return void 0;
  if (item.state === "unchanged") return link.pageId;
  return item.complete !== void 0 && linkNames(link, item.complete) ? link.pageId : void 0;
}
async function readPages(ids, options) {
  const result = { pages: /* @__PURE__ */ new Map(), failed: /* @__PURE__ */ new Map() };
  const wanted = [];
  for (const id of new Set(ids)) {
    const known = options.read?.get(id);
    if (known?.body !== void 0) result.pages.set(id, known);
    else wanted.push(id);
  }
  const batches = [];
  for (let start = 0; start < wanted.length; start += MAX_IDS_PER_REQUEST) batches.push(wanted.slice(start, start + MAX_IDS_PER_REQUEST));
  await mapBounded(batches, Math.max(1, options.concurrency ?? DEFAULT_LOOKUPS_AT_ONCE), async (batch) => {
    const { deadline, signal } = lookupDeadline(options);
    try {
      const found = await options.pages.getPages(batch, signal, { withBody: true });
      for (const id of batch) result.pages.set(id, found.get(id) ?? null);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const verdict = failedLookupVerdict(error, deadline.aborted, options.messages);
      for (const id of batch) result.failed.set(id, verdict);
    }
  });
  options.signal?.throwIfAborted();
  return result;
}
function childTitled(children, title) {
  return children?.find((each) => each.title === title) ?? children?.find((each) => titleKey(each.title) === titleKey(title));
}
async function findAtPlaces(items, options, listed2) {
  const byParent = /* @__PURE__ */ new Map();
  for (const item of items) {
    const parentId = item.complete?.parentId;
    if (parentId === void 0) continue;
    const sharing = byParent.get(parentId);
    if (sharing) sharing.push(item);
    else byParent.set(parentId, [item]);
  }
  const found = /* @__PURE__ */ new Map();
  const childOf = /* @__PURE__ */ new Map();
  await mapBounded([...byParent], Math.max(1, options.concurrency ?? DEFAULT_LOOKUPS_AT_ONCE), async ([parentId, sharing]) => {
    const { deadline, signal } = lookupDeadline(options);
    let children;
    try {
      children = await options.pages.listChildren(parentId, signal);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const failed = failedLookupVerdict(error, deadline.aborted, options.messages);
      for (const item of sharing) found.set(item, { failed });
      return;
    }
    if (children === void 0) {
      const failed = unseenParentVerdict(parentId, options.messages);
      for (const item of sharing) found.set(item, { failed });
      return;
    }
    listed2?.set(parentId, children);
    for (const item of sharing) {
      const title = item.complete?.pageTitle ?? "";
      const child = childTitled(children, title);
      if (child) childOf.set(item, child.id);
      else found.set(item, { page: void 0 });
    }
  });
  const read = await readPages(childOf.values(), options);
  for (const [item, id] of childOf) {
    const failed = read.failed.get(id);
    found.set(item, failed ? { failed } : { page: read.pages.get(id) ?? void 0 });
  }
  return found;
}
async function versionsOf(pageId, options) {
  const { deadline, signal } = lookupDeadline(options);
  try {
    return await options.pages.pageVersions(pageId, HISTORY_LOOKED_AT, signal);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return failedLookupVerdict(error, deadline.aborted, options.messages);
  }
}
var HISTORY_LOOKED_AT = 25;
async function parentNamed(pageId, options) {
  const parent = await options.pages.getPage(pageId, lookupDeadline(options).signal).catch((error) => {
    if (options.signal?.aborted) throw error;
    return void 0;
  });
  return parent ? { id: pageId, title: parent.title } : { id: pageId };
}

// src/core/run/publishedFrom.ts
function publishedFromThisFile(marker, paths) {
  for (const path of paths) {
    if (path === void 0) continue;
    if (pathDigest(path) === marker.path) return true;
    const folder = /[\\/]$/.test(path) ? "/" : "";
    const parts = pathParts(path);
    for (let from = parts.length - 1; from >= 0; from--) if (pathDigest(parts.slice(from).join("/") + folder) === marker.path) return true;
  }
  return false;
}
function pathParts(path) {
  const uri = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(path);
  const plain = uri === null ? path : path.slice(uri[0].length);
  return plain.split(/[\\/]/).filter((part) => part !== "").map((part) => {
    if (uri === null) return part;
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  });
}

// src/core/run/pageNotice.ts
function expectedVersion(item) {
  const verdict = item.guard;
  if (verdict?.kind === "absent" || verdict?.kind === "deleted" || item.complete?.overwrite === false) return 1;
  const page = guardedPage(verdict);
  if (page !== void 0) return page.version + 1;
  return verdict?.kind === "notNeeded" ? 1 : 0;
}
function digestNow(item, linkTargets = item.linkTargets) {
  return contentDigest(item.closingLine === void 0 ? item.contentSha256 : `${item.contentSha256}
${item.closingLine}`, linkTargets);
}
function noticeFor(item, linkTargets, settings) {
  if (settings?.off === true) return void 0;
  const sourceUrl = settings?.sourceUrl?.(item.file.label);
  return {
    label: settings?.shownAs ?? item.file.label,
    marker: { version: expectedVersion(item), digest: digestNow(item, linkTargets), path: pathDigest(item.file.label), ...settings?.repository !== void 0 ? { repository: settings.repository } : {} },
    ...sourceUrl !== void 0 ? { sourceUrl } : {}
  };
}

// src/core/run/wikiVerdict.ts
function ownPageVerdict(page, item, link) {
  const marker = page.body?.marker;
  if (marker !== void 0) {
    if (page.version === marker.version) return asLeft(page, item, marker);
    if (link.pulledVersion === page.version && link.unconfirmedSend === void 0) return { kind: "asLeft", page };
    return "history";
  }
  const recorded = link.version !== void 0 || link.publishedAt > 0;
  if (page.body !== void 0 && !recorded) return { kind: "edited", page, knownVersion: void 0, publishedAt: 0, noNotice: true };
  return changedOnWikiSince(page, link) ? { kind: "edited", page, knownVersion: link.version, publishedAt: link.publishedAt } : { kind: "asLeft", page };
}
function placeVerdict(page, item, noticeOff = false, repositoryKnown = false) {
  const marker = page.body?.marker;
  if (noticeOff && marker === void 0 && page.body !== void 0 && item.prepared.frontMatterTarget.overwrite !== false) {
    return { kind: "edited", page, knownVersion: void 0, publishedAt: 0, noNotice: true };
  }
  const ownNotice = marker !== void 0 && marker.path === pathDigest(item.file.label);
  const neverReplaces = item.prepared.frontMatterTarget.overwrite === false;
  if (ownNotice && !neverReplaces) return page.version === marker.version ? takenAtPlace({ ...asLeft(page, item, marker), adopted: true }, item, repositoryKnown) : "history";
  if (ownNotice && neverReplaces && page.version === marker.version) return { ...asLeft(page, item, marker), adopted: true };
  if (!item.complete?.overwrite) return { kind: "exists", page };
  return marker !== void 0 && page.version === marker.version ? { kind: "notOurs", page } : "replaceHistory";
}
function replaceVerdict(page, versions) {
  const newestFirst = versions.filter((version) => version.number <= page.version);
  const at = newestFirst.findIndex((version) => version.body?.marker !== void 0);
  const marker = newestFirst[at]?.body?.marker;
  if (marker === void 0) return reachesFirstVersion(newestFirst) ? { kind: "notOurs", page } : { kind: "edited", page, knownVersion: void 0, publishedAt: 0, noNotice: true };
  const { sent } = sendOf(newestFirst, at, marker, page.version);
  return holdsSendsBody(newestFirst, sent, page.version) ? { kind: "notOurs", page } : { kind: "edited", page, knownVersion: sent, publishedAt: 0 };
}
function carriesMarker(version, marker) {
  const carried = version.body?.marker;
  return carried !== void 0 && carried.version === marker.version && carried.digest === marker.digest && carried.path === marker.path;
}
function sendOf(newestFirst, from, marker, latest) {
  let first = latest;
  for (let at = from; at < newestFirst.length; at++) {
    const version = newestFirst[at];
    if (!carriesMarker(version, marker)) break;
    first = version.number;
  }
  return { first, sent: marker.version === 0 ? first : marker.version };
}
function holdsSendsBody(newestFirst, sent, now) {
  const sentBody = newestFirst.find((version) => version.number === sent)?.body?.digest;
  return sentBody !== void 0 && newestFirst.find((version) => version.number === now)?.body?.digest === sentBody;
}
function historyVerdict(page, versions, item, link) {
  const marker = page.body?.marker;
  const newestFirst = versions.filter((version) => version.number <= page.version);
  const carriesIt = (version) => carriesMarker(version, marker);
  const { first, sent } = sendOf(newestFirst, 0, marker, page.version);
  const holdsSend = holdsSendsBody(newestFirst, sent, page.version);
  const rolledBack = rolledBackSend(newestFirst, marker, first, carriesIt);
  if (rolledBack !== void 0 && !(holdsSend && holdsWhatItSends(page, marker, item))) return { kind: "edited", page, knownVersion: rolledBack, publishedAt: link?.publishedAt ?? 0 };
  if (!holdsSend) return { kind: "edited", page, knownVersion: sent, publishedAt: link?.publishedAt ?? 0 };
  const left = asLeft(page, item, marker);
  return link === void 0 ? { ...left, adopted: true } : left;
}
function rolledBackSend(newestFirst, marker, first, carriesIt) {
  if (marker.version === 0 || marker.version >= first) return void 0;
  const named = newestFirst.find((version) => version.number === marker.version);
  if (named === void 0 || !carriesIt(named)) return void 0;
  return newestFirst.find((version) => version.number > marker.version && version.number < first && version.body?.marker?.path === marker.path && !carriesIt(version))?.number;
}
function asLeft(page, item, marker) {
  return holdsWhatItSends(page, marker, item) ? { kind: "asLeft", page, sameContent: true } : { kind: "asLeft", page };
}
function holdsWhatItSends(page, marker, item, linkTargets = item.linkTargets) {
  return sendsDigest(marker, item, linkTargets) && marker.path === pathDigest(item.file.label) && item.complete !== void 0 && sameTitle(page.title, item.complete.pageTitle);
}
function takenAtPlace(verdict, item, repositoryKnown) {
  if (verdict.kind !== "asLeft") return verdict;
  const marker = verdict.page.body?.marker;
  return marker === void 0 || mayTakeUnrecordedPage(marker, item, repositoryKnown) ? verdict : { kind: "exists", page: verdict.page, unknownRepository: true };
}
function mayTakeUnrecordedPage(marker, item, repositoryKnown) {
  if (repositoryKnown || item.complete === void 0 || item.complete.overwrite && item.foundOnWiki !== "byMarkerOnly") return true;
  return sendsDigest(marker, item) || linkNames(item.createMayHaveLanded, item.complete);
}
function sendsDigest(marker, item, linkTargets = item.linkTargets) {
  return marker.digest === digestNow(item, linkTargets) || item.linkTargetsKept !== void 0 && marker.digest === digestNow(item, item.linkTargetsKept);
}
function alreadyHolds(item, linkTargets) {
  const verdict = item.guard;
  if (verdict?.kind !== "asLeft" || item.forced === true) return false;
  const marker = verdict.page.body?.marker;
  return marker !== void 0 && marker.version === verdict.page.version && holdsWhatItSends(verdict.page, marker, item, linkTargets);
}
function reachesFirstVersion(newestFirst) {
  const oldest = newestFirst[newestFirst.length - 1];
  return oldest !== void 0 && oldest.number <= 1;
}

// src/core/run/pageOwnership.ts
function pageOfAnotherFile(item) {
  const link = item.link;
  const page = guardedPage(item.guard);
  const marker = page?.body?.marker;
  if (link?.pageId === void 0 || item.foundOnWiki || page === void 0 || page.id !== link.pageId || marker === void 0) return void 0;
  return publishedFromThisFile(marker, [item.file.label, item.file.key, link.formerFile]) ? void 0 : page;
}
function pageTitledButForCase(item) {
  const verdict = item.guard;
  const page = guardedPage(verdict);
  if (page === void 0 || item.complete === void 0 || sameTitle(page.title, item.complete.pageTitle)) return void 0;
  if (page.id === item.link?.pageId) return titleKey(page.title) === titleKey(item.complete.pageTitle) ? { page, own: true } : void 0;
  if (verdict?.kind === "exists" || verdict?.kind === "notOurs") return { page, own: false };
  return page.body?.marker?.path === pathDigest(item.file.label) ? { page, own: true } : void 0;
}
function recordedPageVerdict(page, item, link, fromFiles) {
  if (fromFiles.noticeOff === true || page.body === void 0) return ownPageVerdict(page, item, link);
  const marker = page.body.marker;
  if (fromFiles.recordsFromFiles !== true) {
    const own = ownPageVerdict(page, item, link);
    return typeof own === "object" && heldWithoutNotice(own) ? "ownHistory" : own;
  }
  if (marker === void 0) return "recordHistory";
  if (link.pageId === void 0 && !publishedFromThisFile(marker, [item.file.label, item.file.key, link.formerFile])) return "unconfirmed";
  return ownPageVerdict(page, item, link);
}
function recordHistoryVerdict(page, versions, item, link) {
  const newestFirst = versions.filter((version) => version.number <= page.version);
  const own = newestFirst.find((version) => version.body?.marker !== void 0 && publishedFromThisFile(version.body.marker, [item.file.label, item.file.key, link.formerFile]));
  if (own !== void 0) return { kind: "edited", page, knownVersion: own.body?.marker?.version || own.number, publishedAt: link.publishedAt };
  return reachesFirstVersion(newestFirst) ? "unconfirmed" : { kind: "edited", page, knownVersion: void 0, publishedAt: 0, noNotice: true };
}
function ownHistoryVerdict(page, versions, item, link) {
  const decided = versions === void 0 || link === void 0 ? "unconfirmed" : recordHistoryVerdict(page, versions, item, link);
  return decided === "unconfirmed" ? { kind: "edited", page, knownVersion: void 0, publishedAt: 0, noNotice: true } : decided;
}

// src/core/http/retryAfter.ts
var HTTP_DATE = [
  /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/,
  /^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \d{2}-(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)-\d{2} \d{2}:\d{2}:\d{2} GMT$/,
  /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/
];
function retryAfterMs(header, nowMs) {
  const value = typeof header === "string" ? header : header?.[0];
  if (value === void 0) return void 0;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1e3;
  if (!HTTP_DATE.some((form) => form.test(trimmed))) return void 0;
  const date = Date.parse(/GMT$/.test(trimmed) ? trimmed : `${trimmed} GMT`);
  return Number.isNaN(date) ? void 0 : Math.max(0, date - nowMs);
}

// src/core/importApi/jsonBody.ts
var SLICE_CHARS = 16 * 1024;
var WHOLE_UP_TO_CHARS = 1024 * 1024;
function importBody(fields, content) {
  let chars = 0;
  for (const part of content) chars += part.length;
  return chars <= WHOLE_UP_TO_CHARS ? JSON.stringify({ ...fields, content: content.join("") }) : importJsonBody(fields, content);
}
function importJsonBody(fields, content) {
  const empty = JSON.stringify({ ...fields, content: "" });
  const parts = joinedPairs(content);
  if (!empty.endsWith('"content":""}') || "content" in fields) {
    const text2 = JSON.stringify({ ...fields, content: parts.join("") });
    return { byteLength: Buffer.byteLength(text2, "utf8"), pieces: () => [text2] };
  }
  const head = empty.slice(0, -2);
  const pieces = function* () {
    yield head;
    for (const part of parts) yield* escapedSlices(part);
    yield '"}';
  };
  let byteLength2 = Buffer.byteLength(head, "utf8") + 2;
  for (const part of parts) byteLength2 += escapedByteLength(part);
  return { byteLength: byteLength2, pieces };
}
function* escapedSlices(text2) {
  for (let start = 0; start < text2.length; ) {
    let end = Math.min(start + SLICE_CHARS, text2.length);
    if (end < text2.length && isHighSurrogate2(text2.charCodeAt(end - 1))) end--;
    yield JSON.stringify(text2.slice(start, end)).slice(1, -1);
    start = end;
  }
}
function joinedPairs(content) {
  const parts = [];
  for (const part of content) {
    if (part === "") continue;
    const before = parts[parts.length - 1];
    if (before !== void 0 && isHighSurrogate2(before.charCodeAt(before.length - 1)) && isLowSurrogate(part.charCodeAt(0))) {
      parts[parts.length - 1] = before + part;
    } else parts.push(part);
  }
  return parts;
}
function escapedByteLength(text2) {
  let length = Buffer.byteLength(text2, "utf8");
  for (let at = 0; at < text2.length; at++) {
    const code = text2.charCodeAt(at);
    if (code >= 32 && code !== 34 && code !== 92 && (code < 55296 || code > 57343)) continue;
    if (code === 34 || code === 92 || code === 8 || code === 9 || code === 10 || code === 12 || code === 13) length += 1;
    else if (code < 32) length += 5;
    else if (isHighSurrogate2(code) && at + 1 < text2.length && isLowSurrogate(text2.charCodeAt(at + 1))) at++;
    else length += 3;
  }
  return length;
}
function isHighSurrogate2(code) {
  return code >= 55296 && code <= 56319;
}
function isLowSurrogate(code) {
  return code >= 56320 && code <= 57343;
}

// src/core/importApi/attempt.ts
async function sendImportAttempt(options) {
  const { content, ...fields } = options.body;
  const result = await timedSend(
    options.transport,
    {
      method: "POST",
      url: options.endpoint.toString(),
      headers: { authorization: `Bearer ${options.token}`, "content-type": "application/json", accept: "application/json" },
      body: importBody(fields, typeof content === "string" ? [content] : content),
      maxResponseBytes: ANSWER_LIMITS.smallJson
    },
    options.signal ? { timeoutMs: options.deadlineMs, signal: options.signal } : { timeoutMs: options.deadlineMs }
  );
  switch (result.kind) {
    case "response":
      return { kind: "response", status: result.status, ...readServiceMessage(result.text), ...retryAfter(result.headers["retry-after"]) };
    case "tooLarge":
      return { kind: "response", status: result.status, message: void 0, unreadable: "tooLarge", limitBytes: result.limitBytes };
    case "network":
      return { kind: "network", detail: describeError(result.error), reachedServer: !failedBeforeConnecting(result.error), ...failsEveryTime(result.error) ? { permanent: true } : {} };
    default:
      return result;
  }
}
function readServiceMessage(text2) {
  if (text2.trim() === "") return { message: void 0, unreadable: "empty" };
  const body = parseJsonObject(text2)?.body;
  return typeof body === "string" ? { message: body } : { message: void 0, unreadable: "notJson" };
}
function retryAfter(value) {
  const wait = retryAfterMs(value, Date.now());
  return wait === void 0 ? {} : { retryAfterMs: wait };
}

// src/core/importApi/backoff.ts
var defaultBackoff = { maxAttempts: 3, baseDelayMs: 1e3, maxDelayMs: 8e3, maxRetryAfterMs: 6e4 };
function backoffDelay(policy, nextAttempt, random, retryAfterMs2) {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (nextAttempt - 2));
  const jittered = exponential / 2 + random() * exponential / 2;
  return retryAfterMs2 === void 0 ? jittered : Math.max(jittered, retryAfterMs2);
}
function abortableSleep(ms, signal) {
  return new Promise((resolve9) => {
    if (signal?.aborted) return resolve9();
    const onAbort = () => {
      clearTimeout(timer);
      resolve9();
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve9();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

// src/core/importApi/client.ts
function isRetryable(result) {
  switch (result.kind) {
    case "response":
      return result.status >= 500 || result.status === 429 || result.status === 408;
    case "network":
      return !result.permanent;
    case "timeout":
      return true;
    case "cancelled":
      return false;
  }
}
function mayHaveLanded(result) {
  if (result.kind === "network") return result.reachedServer;
  if (result.kind === "cancelled") return result.inFlight !== false;
  return result.kind === "timeout" || result.kind === "response" && (result.status >= 500 || result.unreadable === "tooLarge");
}
async function withRetries(attempt, hooks = {}) {
  const policy = hooks.policy ?? defaultBackoff;
  const random = hooks.random ?? Math.random;
  const sleep = hooks.sleep ?? abortableSleep;
  let earlierAttemptMayHaveLanded = hooks.earlierRunMayHaveLanded ?? false;
  for (let attemptNumber = 1; ; attemptNumber++) {
    await hooks.beforeAttempt?.();
    if (hooks.signal?.aborted) return { last: { kind: "cancelled", inFlight: false }, attempts: attemptNumber - 1, earlierAttemptMayHaveLanded };
    hooks.onAttempt?.(attemptNumber, policy.maxAttempts);
    const result = await attempt();
    const last2 = attemptNumber >= policy.maxAttempts;
    const retryAfterMs2 = result.kind === "response" ? result.retryAfterMs : void 0;
    const waitTooLong = retryAfterMs2 !== void 0 && retryAfterMs2 > policy.maxRetryAfterMs && isRetryable(result);
    if (waitTooLong && result.kind === "response") hooks.onRetryAfterTooLong?.(retryAfterMs2, result.status);
    if (!isRetryable(result) || last2 || waitTooLong) {
      return { last: result, attempts: attemptNumber, earlierAttemptMayHaveLanded };
    }
    earlierAttemptMayHaveLanded ||= mayHaveLanded(result);
    const delay = backoffDelay(policy, attemptNumber + 1, random, retryAfterMs2);
    hooks.onRetryWait?.(delay, attemptNumber + 1, result);
    await sleep(delay, hooks.signal);
    if (hooks.signal?.aborted) return { last: { kind: "cancelled", inFlight: false }, attempts: attemptNumber, earlierAttemptMayHaveLanded };
  }
}

// src/core/util/detached.ts
function detached(text2) {
  return text2.length < 2 ? text2 : [text2.slice(0, 1), text2.slice(1)].join("");
}
function detachedAll(texts) {
  return texts.map(detached);
}

// src/core/publish/frontMatter.ts
var yamlParser;
function yaml() {
  yamlParser ??= require_yaml();
  return yamlParser;
}
function splitFrontMatter(text2, messages = englishPublishMessages) {
  const found = findFrontMatter(text2);
  if (found === void 0) return { content: text2, target: {}, problems: [] };
  const content = found.body;
  const block = lineFeedsOnly(found.yaml);
  const facts = simpleFrontMatter(block) ?? parseFrontMatterYaml(block, messages);
  const split = { content, target: facts.target, problems: facts.problems };
  if (facts.title !== void 0) split.title = facts.title;
  if (facts.pageId !== void 0) split.pageId = facts.pageId;
  if (facts.omitTitleHeading !== void 0) split.omitTitleHeading = facts.omitTitleHeading;
  return split;
}
function lineFeedsOnly(block) {
  return block.includes("\r") ? block.replace(/\r\n?/g, "\n") : block;
}
var BLOCK_FIRST_LINE = 2;
function notYaml(error, messages) {
  if (!(error instanceof Error)) return messages.frontMatterNotYaml("unreadable YAML");
  const reason = (error.message.split("\n")[0] ?? "").replace(/ at line \d+, column \d+:?\s*$/, "");
  const position = error instanceof yaml().YAMLError ? error.linePos?.[0] : void 0;
  return messages.frontMatterNotYaml(reason, position ? { line: position.line + BLOCK_FIRST_LINE - 1, column: position.col } : void 0);
}
var MAX_FRONT_MATTER_DEPTH = 64;
var STACK_ENTRIES_NOT_NESTING = 2;
function nestsDeeperThan(block, limit2) {
  let marks = 0;
  for (let at = 0; at < block.length && marks <= limit2; at++) {
    const code = block.charCodeAt(at);
    if (code === 91 || code === 123 || code === 45 || code === 63 || code === 58) marks++;
  }
  if (marks <= limit2) return false;
  const { Lexer, Parser } = yaml();
  const parser = new Parser();
  const tokens = [];
  for (const lexeme of new Lexer().lex(block)) {
    for (const token of parser.next(lexeme)) tokens.push(token);
    if (parser.stack.length > limit2 + STACK_ENTRIES_NOT_NESTING) return true;
  }
  for (const token of parser.end()) tokens.push(token);
  const pending = tokens.map((token) => ({ token, depth: 0 }));
  while (pending.length > 0) {
    const { token, depth } = pending.pop();
    if (!token) continue;
    if (token.type === "document") pending.push({ token: token.value, depth });
    else if (token.type === "block-map" || token.type === "block-seq" || token.type === "flow-collection") {
      if (depth + 1 > limit2) return true;
      for (const item of token.items) pending.push({ token: item.key, depth: depth + 1 }, { token: item.value, depth: depth + 1 });
    }
  }
  return false;
}
function parseFrontMatterYaml(block, messages = englishPublishMessages) {
  if (nestsDeeperThan(block, MAX_FRONT_MATTER_DEPTH)) return { target: {}, problems: [messages.frontMatterTooDeep(MAX_FRONT_MATTER_DEPTH)] };
  let document;
  let data;
  try {
    document = yaml().parseDocument(block);
    const [error] = document.errors;
    if (error) throw error;
    data = document.toJS();
  } catch (error) {
    return { target: {}, problems: [notYaml(error, messages)] };
  }
  const writtenTitle = isRecord(data) ? written(document, ["title"], data.title) : void 0;
  const title = typeof writtenTitle === "string" && writtenTitle.trim() ? { title: writtenTitle.trim() } : {};
  const wiki = isRecord(data) ? data.wiki : void 0;
  const omit = omitTitleHeading(isRecord(data) ? data : {}, isRecord(wiki) ? wiki : {}, messages);
  if (wiki === void 0 || wiki === null) return { target: {}, problems: omit.problems, ...title, ...omit.value };
  if (!isRecord(wiki)) return { target: {}, problems: [messages.frontMatterWikiNotMap()], ...title };
  const keys = readWikiKeys(wiki, (key) => written(document, ["wiki", key], wiki[key]), messages);
  return { ...keys, problems: [...keys.problems, ...omit.problems], ...title, ...omit.value };
}
var PLAIN_SCALAR = "[^-?:,[\\]{}#&*!|>'\"%@`\\s](?:[^:#\\t,[\\]{}]*[^:#\\t,[\\]{}\\s])?";
var SIMPLE_LINE = new RegExp(`^([A-Za-z_][A-Za-z0-9_-]*):(?: +(${PLAIN_SCALAR}|\\[ *(?:[A-Za-z0-9_][A-Za-z0-9_.-]*(?: *, *[A-Za-z0-9_][A-Za-z0-9_.-]*)*)? *\\]))? *$`);
var SIMPLE_WIKI_LINE = new RegExp(`^( +)(spaceId|parentId|pageTitle|pageId|overwrite):(?: +(?:"([^"\\\\]*)"|'([^']*)'|(${PLAIN_SCALAR})))? *$`);
var SIMPLE_SKIPPED = /^(?: *|#.*)$/;
var YAML_NULL = /^(?:~|null|Null|NULL)$/;
var KEYS_FOR_THE_PARSER = /* @__PURE__ */ new Set(["omitTitleHeading"]);
function simpleFrontMatter(block) {
  const keys = /* @__PURE__ */ new Set();
  let title;
  let pageId;
  const target = {};
  let inWiki = false;
  let wikiIndent;
  const wikiKeys = /* @__PURE__ */ new Set();
  for (let from = 0; from <= block.length; ) {
    let end = block.indexOf("\n", from);
    if (end === -1) end = block.length;
    const line = block.slice(from, end);
    from = end + 1;
    if (SIMPLE_SKIPPED.test(line)) continue;
    if (inWiki && line.startsWith(" ")) {
      const wikiLine = SIMPLE_WIKI_LINE.exec(line);
      const [, indent, key2, doubleQuoted, singleQuoted, plain] = wikiLine ?? [];
      if (!wikiLine || indent === void 0 || key2 === void 0 || (wikiIndent ?? indent) !== indent || wikiKeys.has(key2)) return void 0;
      wikiIndent = indent;
      wikiKeys.add(key2);
      const value2 = doubleQuoted ?? singleQuoted ?? plain;
      if (value2 === void 0 || plain !== void 0 && YAML_NULL.test(plain)) return void 0;
      if (key2 === "overwrite") {
        if (plain !== "true" && plain !== "false") return void 0;
        target.overwrite = plain === "true";
        continue;
      }
      const text2 = value2.trim();
      if (key2 === "pageId") {
        if (!/^\d+$/.test(text2)) return void 0;
        pageId = text2;
      } else target[key2] = text2;
      continue;
    }
    if (inWiki && wikiIndent === void 0) return void 0;
    inWiki = false;
    const match = SIMPLE_LINE.exec(line);
    const key = match?.[1];
    if (!match || key === void 0 || keys.has(key) || KEYS_FOR_THE_PARSER.has(key)) return void 0;
    keys.add(key);
    const value = match[2];
    if (key === "wiki") {
      if (value !== void 0) return void 0;
      inWiki = true;
      continue;
    }
    if (key !== "title" || value === void 0) continue;
    if (value.startsWith("[")) return void 0;
    if (!YAML_NULL.test(value)) title = value.trim();
  }
  if (inWiki && wikiIndent === void 0) return void 0;
  const facts = { target, problems: [] };
  if (title) facts.title = title;
  if (pageId !== void 0) facts.pageId = pageId;
  return facts;
}
function written(document, path, parsed) {
  let node = document.getIn(path, true);
  const { isAlias, isScalar } = yaml();
  if (isAlias(node)) node = node.resolve(document);
  if (!isScalar(node)) return parsed;
  if (node.value === null || node.value === void 0) return null;
  return typeof node.source === "string" ? node.source : node.value;
}
function omitTitleHeading(top, wiki, messages) {
  const raw = wiki.omitTitleHeading ?? top.omitTitleHeading;
  if (raw === void 0 || raw === null) return { value: {}, problems: [] };
  if (typeof raw === "boolean") return { value: { omitTitleHeading: raw }, problems: [] };
  return { value: {}, problems: [messages.frontMatterOmitNotBoolean()] };
}
function readWikiKeys(wiki, asWritten, messages) {
  const target = {};
  const problems = [];
  const text2 = (key) => {
    const value = asWritten(key);
    if (value === void 0 || value === null) return void 0;
    if (typeof value === "string" || typeof value === "number" && Number.isSafeInteger(value)) return String(value).trim();
    problems.push(messages.frontMatterKeyNotText(key));
    return void 0;
  };
  target.spaceId = text2("spaceId");
  target.parentId = text2("parentId");
  target.pageTitle = text2("pageTitle");
  const overwrite = wiki.overwrite;
  if (typeof overwrite === "boolean") target.overwrite = overwrite;
  else if (overwrite !== void 0 && overwrite !== null) problems.push(messages.frontMatterOverwriteNotBoolean());
  for (const key of Object.keys(target)) if (target[key] === void 0) delete target[key];
  const pageId = text2("pageId");
  if (pageId !== void 0 && !/^\d+$/.test(pageId)) problems.push(messages.frontMatterPageIdNotDigits());
  return { target, problems, ...pageId !== void 0 && /^\d+$/.test(pageId) ? { pageId } : {} };
}
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// src/core/markdown/headings/headings.ts
function markdownHeadings(markdown) {
  const headings = [];
  for (const block of scanMarkdown(markdown).headings) headings.push(textOf(markdown, block));
  return headings;
}
function firstLevelOneHeading(markdown) {
  for (const block of scanMarkdown(markdown).headings) {
    if (block.level !== 1 || !block.topLevel) continue;
    const text2 = textOf(markdown, block);
    if (text2 !== "") return { text: text2, setext: block.setext, start: block.start, end: block.end };
  }
  return void 0;
}

// src/core/publish/inspect.ts
var HTML_IMAGE = /<img\b[^<>]*\ssrc\s*=\s*(?:"([^"]+)"|'([^']+)'|([^\s"'=<>`]+))/gi;
var HTML_LINK = /<a\s(?:[^<>]*?\s)?href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi;
var HTML_SRCSET = /<(?:img|source)\b[^<>]*\ssrcset\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi;
var SCHEME = /^[a-z][a-z0-9+.-]*:/i;
var MAY_HOLD_FINDINGS = /[!<#=]/;
var MARKDOWN_FILE = /\.(md|markdown)(#.*)?$/i;
function inspectMarkdown(markdown, options = {}) {
  const markdownLinks = options.markdownLinks !== false;
  if (!markdownLinks && !MAY_HOLD_FINDINGS.test(markdown)) return { firstHeading: void 0, localImages: [], localMarkdownLinks: [], htmlLinks: [] };
  const scanned = scanMarkdown(markdown);
  const findings = { firstHeading: firstLevelOneHeading(markdown)?.text, localImages: [], localMarkdownLinks: [], htmlLinks: [] };
  for (const link of scanned.links) {
    if (link.destination === void 0 || link.kind === "autolink") continue;
    const target = link.destination.text;
    if (link.kind === "image") {
      if (namesLocalFile(target)) pushUnique(findings.localImages, target);
    } else if (markdownLinks && isLocal(target) && MARKDOWN_FILE.test(target)) pushUnique(findings.localMarkdownLinks, target);
  }
  if (markdown.includes("<")) {
    const hidden = (at) => inRanges(scanned.code, at) || inRanges(scanned.comments, at);
    collectImages(markdown, HTML_IMAGE, hidden, findings.localImages, false);
    if (markdown.includes("srcset")) collectImages(markdown, HTML_SRCSET, hidden, findings.localImages, true);
    if (/href/i.test(markdown)) collectHtmlLinks(markdown, hidden, findings.htmlLinks);
  }
  for (const definition of scanned.definitions) {
    const target = definition.destination.text;
    if (isImageDefinition(definition)) {
      if (namesLocalFile(target)) pushUnique(findings.localImages, target);
    } else if (markdownLinks && isLocal(target) && MARKDOWN_FILE.test(target)) pushUnique(findings.localMarkdownLinks, target);
  }
  return findings;
}
function collectImages(markdown, pattern, skipped, into, isSrcset) {
  for (const match of markdown.matchAll(pattern)) {
    const value = match[1] ?? match[2] ?? match[3] ?? "";
    const local = (isSrcset ? srcsetAddresses(value) : [value]).filter(namesLocalFile);
    if (local.length === 0 || skipped(match.index)) continue;
    for (const target of local) pushUnique(into, target);
  }
}
function collectHtmlLinks(markdown, skipped, into) {
  for (const match of markdown.matchAll(HTML_LINK)) {
    const target = match[1] ?? match[2] ?? match[3] ?? "";
    if (namesLocalFile(target) && !skipped(match.index)) pushUnique(into, target);
  }
}
function srcsetAddresses(srcset) {
  const addresses = [];
  let at = 0;
  while (at < srcset.length) {
    while (at < srcset.length && (srcset[at] === "," || isTrimmed(srcset.charCodeAt(at)))) at++;
    const start = at;
    while (at < srcset.length && !isTrimmed(srcset.charCodeAt(at))) at++;
    let end = at;
    while (end > start && srcset[end - 1] === ",") end--;
    if (end > start) addresses.push(srcset.slice(start, end));
    if (end === at) while (at < srcset.length && srcset[at] !== ",") at++;
  }
  return addresses;
}
function isDrivePath(target) {
  const letter = target.charCodeAt(0) | 32;
  const slash = target.charCodeAt(2);
  return letter >= 97 && letter <= 122 && target.charCodeAt(1) === 58 && (slash === 92 || slash === 47);
}
function namesLocalFile(target) {
  return isLocal(target) || isDrivePath(target);
}
function isLocal(target) {
  if (target === "" || target.startsWith("#") || target.startsWith("//")) return false;
  if (/^file:/i.test(target)) return true;
  return !SCHEME.test(target);
}
var listed = /* @__PURE__ */ new WeakMap();
function pushUnique(list, value) {
  if (list.length < 16) {
    if (!list.includes(value)) list.push(value);
    return;
  }
  let seen = listed.get(list);
  if (seen === void 0) listed.set(list, seen = new Set(list));
  if (!seen.has(value)) {
    seen.add(value);
    list.push(value);
  }
}

// src/core/publish/outcome.ts
function outcomeOf(result, target, messages = englishPublishMessages) {
  const { last: last2, attempts } = result;
  const base = { attempts, mayHaveLanded: result.earlierAttemptMayHaveLanded || mayHaveLanded(last2) };
  switch (last2.kind) {
    case "cancelled":
      return { ...base, kind: "cancelled", severity: "info", status: void 0, message: messages.cancelled(), actions: [] };
    case "timeout":
      return {
        ...base,
        kind: "timeout",
        severity: "error",
        status: void 0,
        actions: ["retry", "showLog"],
        message: messages.timeout(messages.attempts(attempts))
      };
    case "network":
      return {
        ...base,
        kind: "network",
        severity: "error",
        status: void 0,
        actions: ["retry", "showLog"],
        message: messages.network(messages.attempts(attempts), last2.detail)
      };
    case "response": {
      if (last2.unreadable === "tooLarge") {
        const said2 = messages.answerTooLarge(last2.status, megabytesOf(last2.limitBytes ?? 0));
        return { ...base, mayHaveLanded: true, mayHaveLandedSaid: true, said: said2, kind: "unexpected", severity: "error", status: last2.status, actions: ["showLog"], message: said2 };
      }
      const said = last2.message ?? (last2.unreadable === "empty" ? messages.emptyAnswer(last2.status) : messages.notJsonAnswer(last2.status));
      if (last2.message === void 0 && (last2.status === 200 || last2.status === 201)) {
        return { ...base, mayHaveLanded: true, said, kind: "unexpected", severity: "error", status: last2.status, actions: ["showLog"], message: messages.unexpected(said, last2.status) };
      }
      return { ...base, said, ...responseOutcome(last2.status, said, last2.message, last2.retryAfterMs, result, target, messages) };
    }
  }
}
function responseOutcome(status, said, serviceMessage, retryAfterMs2, result, target, messages) {
  if (status === 201) return { kind: "created", severity: "info", status, message: said, actions: [] };
  if (status === 200) return { kind: "updated", severity: "info", status, message: said, actions: [] };
  if (status === 400 && !target.overwrite && /\bexist/i.test(serviceMessage ?? "")) {
    if (result.earlierAttemptMayHaveLanded) {
      return { kind: "existsAfterRetry", severity: "error", status, actions: ["overwrite"], message: messages.existsAfterRetry(said, target.pageTitle) };
    }
    return { kind: "alreadyExists", severity: "error", status, actions: ["overwrite"], message: messages.alreadyExists(said, target.pageTitle) };
  }
  const tries = messages.attempts(result.attempts);
  switch (status) {
    case 400:
      return { kind: "badRequest", severity: "error", status, message: said, actions: ["showLog"] };
    case 401:
      return { kind: "unauthorized", severity: "error", status, actions: ["setApiToken"], message: messages.unauthorized(said) };
    case 402:
      return { kind: "licenseExpired", severity: "error", status, actions: ["setApiToken"], message: messages.licenseExpired(said) };
    case 403:
      return { kind: "forbidden", severity: "error", status, actions: ["setApiToken"], message: messages.forbidden(said) };
    case 404:
      return { kind: "notFound", severity: "error", status, actions: ["signIn", "showLog"], message: messages.notFound(said, target.spaceId, target.parentId) };
  }
  if (status === 429) {
    const waitSeconds = retryAfterMs2 === void 0 ? void 0 : Math.ceil(retryAfterMs2 / 1e3);
    return { kind: "throttled", severity: "error", status, actions: ["retry", "showLog"], message: messages.throttled(said, tries, waitSeconds), ...retryAfterMs2 === void 0 ? {} : { retryAfterMs: retryAfterMs2 } };
  }
  if (status === 413) return { kind: "unexpected", severity: "error", status, actions: ["showLog"], message: messages.payloadTooLarge(serviceMessage) };
  if (status >= 500) return { kind: "serverError", severity: "error", status, actions: ["retry", "showLog"], message: messages.serverError(said, status, tries) };
  return { kind: "unexpected", severity: "error", status, actions: ["showLog"], message: messages.unexpected(said, status) };
}

// src/core/publish/pipeline.ts
var NO_TARGET = Object.freeze({});
var NO_PROBLEMS = Object.freeze([]);
function prepareDocument(text2, messages, inspecting) {
  const split = splitFrontMatter(text2, messages);
  const findings = inspectMarkdown(split.content, inspecting);
  let target;
  for (const key in split.target) {
    const value = split.target[key];
    target ??= {};
    target[key] = typeof value === "string" ? detached(value) : value;
  }
  if (findings.firstHeading !== void 0) findings.firstHeading = detached(findings.firstHeading);
  const prepared = {
    content: split.content,
    frontMatterTarget: target ?? NO_TARGET,
    frontMatterTitle: split.title === void 0 ? void 0 : detached(split.title),
    frontMatterProblems: split.problems.length === 0 ? NO_PROBLEMS : detachedAll(split.problems),
    findings
  };
  if (split.pageId) prepared.frontMatterPageId = detached(split.pageId);
  if (split.omitTitleHeading !== void 0) prepared.omitTitleHeading = split.omitTitleHeading;
  return prepared;
}
async function importPage(options) {
  const body = { ...options.target, content: options.content };
  const result = await withRetries(
    () => sendImportAttempt({ endpoint: options.endpoint, token: options.token, body, transport: options.transport, deadlineMs: options.deadlineMs, signal: options.signal }),
    options
  );
  return outcomeOf(result, options.target, options.messages);
}

// src/core/publish/diagrams.ts
var DIAGRAMS_SETTING = "wikiPublisher.diagrams";
var KROKI_DEFAULT_MAX_URI_LENGTH = 4096;
var TITLE_COMMENT = /^[ \t]*%%[ \t]*title\b[ \t]*:?[ \t]*(.*\S)?[ \t]*$/im;
function scanDiagramFences(markdown) {
  const kept = keptScan(markdown);
  if (kept === void 0 && (!markdown.includes("```") && !markdown.includes("~~~") || !/mermaid/i.test(markdown))) return { fences: [], unclosed: 0 };
  const fences = [];
  let unclosed = 0;
  for (const fence2 of (kept ?? scanMarkdown(markdown)).fences) {
    if (!namesMermaid(markdown, fence2)) continue;
    if (!fence2.closed) {
      unclosed++;
      continue;
    }
    const source2 = sourceOf(markdown, fence2);
    if (source2.trim() !== "") fences.push({ start: fence2.lineStart, end: fence2.end, kind: "mermaid", marker: fence2.marker, source: source2 });
  }
  return { fences, unclosed };
}
function checkRenderer(raw, settingName = DIAGRAMS_SETTING, messages = englishPublishMessages) {
  const text2 = (raw ?? "").trim();
  if (text2 === "") return { ok: true, url: void 0 };
  const check = checkEndpoint(text2, settingName);
  if (check.ok) {
    if (check.url.search || check.url.hash) {
      return { ok: false, problem: "invalid", message: messages.rendererHasQuery(settingName) };
    }
    return { ok: true, url: check.url };
  }
  if (check.problem === "insecure") {
    return {
      ok: false,
      problem: "insecure",
      message: messages.rendererInsecure(settingName)
    };
  }
  return { ok: false, problem: "invalid", message: check.say(messages) };
}
function renderDiagrams(markdown, options) {
  const renderer = checkRenderer(options.rendererUrl, options.settingName, options.messages);
  if (!renderer.ok) return renderer;
  const { fences, unclosed } = scanDiagramFences(markdown);
  if (!renderer.url || fences.length === 0) return { ok: true, markdown, diagrams: fences.length, unclosed, rendered: renderer.url !== void 0 && unclosed > 0, tooLong: 0 };
  const base = renderer.url.href;
  let out = "";
  let from = 0;
  let tooLong = 0;
  fences.forEach((fence2, index) => {
    const address2 = diagramUrl(base, fence2.source);
    if (address2.length > KROKI_DEFAULT_MAX_URI_LENGTH) tooLong++;
    out += `${markdown.slice(from, fence2.marker)}![${altText(fence2.source, index + 1)}](${address2})`;
    from = fence2.end;
  });
  return { ok: true, markdown: out + markdown.slice(from), diagrams: fences.length, unclosed, rendered: true, tooLong };
}
function encodeForKroki(source2) {
  const { deflateSync } = require("node:zlib");
  return deflateSync(Buffer.from(source2, "utf8"), { level: 9 }).toString("base64url");
}
function diagramCaution(count, rendered, settingName = DIAGRAMS_SETTING, messages = englishPublishMessages) {
  if (count <= 0) return void 0;
  return { code: "diagrams", message: rendered ? messages.diagramsRendered(count) : messages.diagramsAsCode(count, settingName) };
}
function unclosedDiagramCaution(count, messages = englishPublishMessages) {
  return count > 0 ? { code: "diagrams", message: messages.diagramsUnclosed(count) } : void 0;
}
function longDiagramCaution(count, messages = englishPublishMessages) {
  return count > 0 ? { code: "diagrams", message: messages.diagramsTooLong(count, KROKI_DEFAULT_MAX_URI_LENGTH) } : void 0;
}
function diagramUrl(rendererBase, source2) {
  const base = rendererBase.replace(/\/+$/, "").replace(/\(/g, "%28").replace(/\)/g, "%29");
  return `${base}/mermaid/png/${encodeForKroki(source2)}`;
}
function altText(source2, number) {
  const title = TITLE_COMMENT.exec(source2)?.[1] ?? "";
  return (title || `Diagram ${number}`).replace(/[\\[\]]/g, "\\$&");
}
function namesMermaid(markdown, fence2) {
  const info = markdown.slice(fence2.infoStart, fence2.infoEnd).trim();
  const word = /^\S*/.exec(info)?.[0] ?? "";
  return word.toLowerCase() === "mermaid";
}
function sourceOf(markdown, fence2) {
  const lines = [];
  for (let index = 0; index < fence2.lines.length; index += 2) lines.push(markdown.slice(fence2.lines[index], fence2.lines[index + 1]));
  return lines.join("\n");
}

// src/core/markdown/conflictMarkers.ts
var OURS_MARKER = "<<<<<<< ours";
var LESS_THAN2 = 60;
var EQUALS2 = 61;
function countConflicts(markdown) {
  if (!markdown.includes("<<<<<<<")) return 0;
  const fences = scanMarkdown(markdown).fences;
  let fenceIndex = 0;
  let judgedFence = -1;
  let fenceIsCode = false;
  let stage = 0;
  let count = 0;
  const markerLines = /(?<![^\r\n])(?:<{7}(?!<)|={7}[^\S\r\n]*(?![^\r\n])|>{7}(?!>))/g;
  for (const match of markdown.matchAll(markerLines)) {
    const offset = match.index;
    const firstChar = markdown.charCodeAt(offset);
    const movesOnFrom = firstChar === LESS_THAN2 ? 0 : firstChar === EQUALS2 ? 1 : 2;
    let fence2 = fences[fenceIndex];
    while (fence2 !== void 0 && fence2.end <= offset) fence2 = fences[++fenceIndex];
    if (fence2 !== void 0 && fence2.lineStart < offset) {
      if (judgedFence !== fenceIndex) {
        judgedFence = fenceIndex;
        fenceIsCode = stage === 0 ? fence2.closed || !markdown.startsWith(OURS_MARKER, offset) : fence2.closed && movesOnFrom !== stage;
      }
      if (fenceIsCode) continue;
    }
    if (movesOnFrom !== stage) continue;
    if (stage === 2) {
      count++;
      stage = 0;
    } else stage = stage === 0 ? 1 : 2;
  }
  return count;
}

// src/core/publish/preflight.ts
var LARGE_CONTENT_BYTES = 1e6;
function checkContent(content, messages = englishPublishMessages) {
  if (isBlank(content)) return { code: "emptyContent", message: messages.emptyContent(), fix: void 0 };
  return void 0;
}
function isBlank(text2) {
  for (let at = 0; at < text2.length; at++) {
    const code = text2.charCodeAt(at);
    if (code === 32 || code >= 9 && code <= 13) continue;
    if (code < 128) return false;
    return text2.trim() === "";
  }
  return true;
}
function checkConflictMarkers(content, messages = englishPublishMessages) {
  const conflicts = countConflicts(content);
  if (conflicts === 0) return void 0;
  return { code: "conflictMarkers", message: messages.conflictMarkers(conflicts), fix: "editFile" };
}
function checkTarget(target, messages = englishPublishMessages) {
  if (!target.spaceId.trim()) return { code: "emptySpace", message: messages.emptySpace(), fix: "editFile" };
  if (!isPageId(target.parentId)) return { code: "parentNotDigits", message: messages.parentNotDigits(target.parentId), fix: "editFile" };
  if (!target.pageTitle.trim()) return { code: "emptyTitle", message: messages.emptyTitle(), fix: "editFile" };
  return void 0;
}
var LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
var LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, "g");
var TITLE_CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/;
function checkTitle(title, source2, messages = englishPublishMessages) {
  const lone = LONE_SURROGATE.exec(title)?.[0];
  const control = lone === void 0 ? TITLE_CONTROL.exec(title)?.[0] : void 0;
  if (lone === void 0 && control === void 0) return void 0;
  const shown2 = escapeControlCharacters(title).replace(LONE_SURROGATES, (half) => `<${codePointName(half)}>`);
  const where = messages.titleFrom(source2);
  const message = lone !== void 0 ? messages.titleNotWellFormed(shown2, codePointName(lone), where) : messages.titleControlCharacter(shown2, codePointName(control ?? ""), where);
  return { code: "unusableTitle", message, fix: source2 === "folderPage" || source2 === "record" ? void 0 : "editFile" };
}
function codePointName(character) {
  return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
}
function cautionsFor(content, findings, messages = englishPublishMessages, linksCheckedLater = false) {
  const cautions = [];
  if (findings.localImages.length > 0) {
    cautions.push({ code: "localImages", message: detached(messages.localImages(findings.localImages.length, preview(findings.localImages))), targets: previewed(findings.localImages) });
  }
  if (findings.localMarkdownLinks.length > 0 && !linksCheckedLater) {
    cautions.push({ code: "localLinks", message: detached(messages.localLinks(findings.localMarkdownLinks.length, preview(findings.localMarkdownLinks))), targets: previewed(findings.localMarkdownLinks) });
  }
  if (findings.htmlLinks.length > 0) {
    cautions.push({ code: "htmlLinks", message: detached(messages.htmlLinks(findings.htmlLinks.length, preview(findings.htmlLinks))), targets: previewed(findings.htmlLinks) });
  }
  const bytes = content.length * 3 <= LARGE_CONTENT_BYTES ? 0 : Buffer.byteLength(content, "utf8");
  if (bytes > LARGE_CONTENT_BYTES) cautions.push({ code: "largeContent", message: messages.largeContent((bytes / 1e6).toFixed(1)) });
  return cautions;
}
function preview(items) {
  let shown2 = items[0] ?? "";
  for (let index = 1; index < items.length && index < 3; index++) shown2 += `, ${items[index]}`;
  return items.length > 3 ? `${shown2}, ...` : shown2;
}
function previewed(items) {
  return detachedAll(items.slice(0, 3));
}

// src/core/run/titleChange.ts
function namesTitle(prepared) {
  return prepared.frontMatterTarget.pageTitle !== void 0;
}
function titleChange(link, fileTitle) {
  if (!link) return void 0;
  const before = link.fileTitle ?? link.pageTitle;
  return !sameTitle(fileTitle, before) && titleKey(fileTitle) !== titleKey(link.pageTitle) ? { fileTitle, pageTitle: link.pageTitle } : void 0;
}
function caseOnlyRetitle(link, fileTitle, messages = englishPublishMessages) {
  if (link === void 0 || !changedOnlyInCase(link.pageTitle, fileTitle) || sameTitle(link.fileTitle ?? link.pageTitle, fileTitle)) return void 0;
  return { code: "duplicatePage", message: messages.retitledOnlyInCase(fileTitle, link.pageTitle, link.pageId), fix: "editFile" };
}

// src/core/markdown/headings/omitTitle.ts
function headingAt(content, start) {
  for (const block of scanMarkdown(content).headings) if (block.start === start) return block;
  return void 0;
}
function omitTitleHeading2(content, title) {
  const heading = firstLevelOneHeading(content);
  if (heading === void 0 || heading.text !== title.trim()) return content;
  const next = afterLineEnding(content, heading.end);
  if (next >= content.length || !/[^ \t\r\n]/.test(content.slice(0, heading.start))) return withoutLines(content, heading.start, heading.end);
  const follows = headingAt(content, heading.start)?.follows;
  if (wouldJoin(follows, lastNonBlankLineBefore(content, heading.start), firstNonBlankLine(content, next))) return content;
  const ended = follows !== void 0 && ENDED_BY_THEMSELVES.has(follows);
  const cut2 = afterEmptyLine(content, next);
  const apart = ended || cut2 >= content.length || isBlankLine(content, cut2) || startsBlock(follows, content.slice(cut2, lineEnd(content, cut2)));
  if (apart || isBlankLine(content, lineStartBefore(content, heading.start))) return withoutLines(content, heading.start, heading.end);
  return content.slice(0, heading.start) + content.slice(isBlankLine(content, next) ? next : heading.end);
}
var ENDED_BY_THEMSELVES = /* @__PURE__ */ new Set(["fence", "html", "heading", "break", "indented"]);
function wouldJoin(follows, before, after) {
  if (after === void 0) return false;
  const indent = columns(after);
  if (indent >= 4 && (follows === "indented" || columns(before) >= 4)) return true;
  return follows === "list" && (indent > 0 || LIST_ITEM.test(after) && !THEMATIC_BREAK.test(after));
}
function startsBlock(follows, line) {
  if (columns(line) > 3) return false;
  const rest = line.replace(/^[ \t]+/, "");
  if (ATX_HEADING.test(rest) || FENCE.test(rest) || STAR_OR_UNDERSCORE_BREAK.test(rest)) return true;
  if (THEMATIC_BREAK.test(rest)) return follows === "list" || follows === "quote";
  if (rest.startsWith(">")) return follows !== "quote";
  if (INTERRUPTING_ITEM.test(rest)) return follows === "paragraph";
  const html = htmlBlockStart(rest, false);
  return html >= 1 && html <= 6;
}
var ATX_HEADING = /^#{1,6}(?:[ \t]|$)/;
var FENCE = /^(?:`{3,}[^`]*|~{3,}.*)$/;
var STAR_OR_UNDERSCORE_BREAK = /^(?:(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$/;
var INTERRUPTING_ITEM = /^(?:[-+*]|1[.)])[ \t]+[^ \t]/;
var LIST_ITEM = /^(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/;
var THEMATIC_BREAK = /^(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$/;
function columns(line) {
  let column = 0;
  for (const char of line) {
    if (char === " ") column++;
    else if (char === "	") column += 4 - column % 4;
    else break;
  }
  return column;
}
function firstNonBlankLine(content, from) {
  for (let start = from; start < content.length; ) {
    const end = lineEnd(content, start);
    if (!isBlankLine(content, start)) return content.slice(start, end);
    start = afterLineEnding(content, end);
  }
  return void 0;
}
function lastNonBlankLineBefore(content, start) {
  for (let line = lineStartBefore(content, start); line !== -1; line = lineStartBefore(content, line)) {
    if (!isBlankLine(content, line)) return content.slice(line, lineEnd(content, line));
  }
  return "";
}
function isBlankLine(content, start) {
  return start !== -1 && start < content.length && !/[^ \t]/.test(content.slice(start, lineEnd(content, start)));
}
function lineStartBefore(content, start) {
  if (start === 0) return -1;
  let at = start - 1;
  if (content[at] === "\n" && content[at - 1] === "\r") at--;
  while (at > 0 && content[at - 1] !== "\n" && content[at - 1] !== "\r") at--;
  return at;
}
function lineEnd(content, start) {
  let end = start;
  while (end < content.length && content[end] !== "\n" && content[end] !== "\r") end++;
  return end;
}
function withoutLines(content, start, end) {
  const cut2 = afterEmptyLine(content, afterLineEnding(content, end));
  if (cut2 < content.length) return content.slice(0, start) + content.slice(cut2);
  let before = start;
  if (content[before - 1] === "\n") before--;
  if (content[before - 1] === "\r") before--;
  return content.slice(0, before);
}
function afterEmptyLine(content, at) {
  return at < content.length ? afterLineEnding(content, at) : at;
}
function afterLineEnding(content, at) {
  if (content.startsWith("\r\n", at)) return at + 2;
  return content[at] === "\n" || content[at] === "\r" ? at + 1 : at;
}

// src/core/run/plannedContent.ts
function contentHash(content) {
  const lineEnds = content.includes("\r");
  if (content.length <= HASH_PIECE_CHARS) return sha256Hex(asHashed(content, lineEnds));
  const pieces = textPieces(content, (text2, end) => text2.charCodeAt(end) >= FIRST_COMBINING || text2.charCodeAt(end - 1) === CARRIAGE_RETURN && text2.charCodeAt(end) === LINE_FEED);
  return sha256HexOfPieces(mapped(pieces, (piece) => asHashed(piece, lineEnds)));
}
var FIRST_COMBINING = 768;
function asHashed(text2, lineEnds) {
  const lf = lineEnds ? text2.replace(/\r\n?/g, "\n") : text2;
  return /[\u0300-\uffff]/.test(lf) ? lf.normalize("NFC") : lf;
}
function* mapped(pieces, map) {
  for (const piece of pieces) yield map(piece);
}
function deriveContent(body, recipe, messages, settingName) {
  const rendering = { rendererUrl: recipe.diagramRenderer };
  if (messages) rendering.messages = messages;
  if (settingName) rendering.settingName = settingName;
  const diagrams = renderDiagrams(body, rendering);
  const withDiagrams = diagrams.ok ? diagrams.markdown : body;
  return { content: recipe.omitHeading !== void 0 ? omitTitleHeading2(withDiagrams, recipe.omitHeading) : withDiagrams, diagrams };
}
async function plannedContent(item, messages = englishPublishMessages) {
  const { label, readAgain, unchangedSinceRead: unchangedSinceRead2 } = item.file;
  if (item.content !== void 0 && (!unchangedSinceRead2 || await unchangedSinceRead2().catch(() => false))) return { ok: true, content: item.content };
  if (!readAgain) return { ok: false, code: "unreadable", problem: messages.readAgainFailed(label, "") };
  let read;
  try {
    read = await readAgain();
  } catch (error) {
    return { ok: false, code: "unreadable", problem: messages.readAgainFailed(label, describeError(error)) };
  }
  if (!read.ok) return { ok: false, code: "unreadable", problem: read.problem };
  const { content } = deriveContent(frontMatterBody(read.text), item.recipe);
  if (contentHash(content) !== item.contentSha256) {
    return {
      ok: false,
      code: "changedSincePlan",
      problem: messages.changedSincePlan(label)
    };
  }
  return { ok: true, content };
}

// src/core/run/plan.ts
function planFile(file, link, options = {}, prepared = prepareDocument(file.text, options.messages)) {
  return planFileWithContent(file, link, options, prepared).item;
}
var NO_REFUSALS = Object.freeze([]);
function refuseItem(item, refusal2) {
  item.refusals = item.refusals.length === 0 ? [refusal2] : item.refusals.concat([refusal2]);
  item.state = "refused";
}
function refusedForWantOfWiki(item) {
  return item.refusals.length > 0 && item.refusals.every((refusal2) => refusal2.code === "noPageAccess" || refusal2.code === "recordedEntry" && unreadOnWiki(item.guard));
}
function linksReachOtherPages(item, reachedNow) {
  const reachedBefore = item.link?.linkTargets;
  if (item.state !== "unchanged" || reachedBefore === void 0) return false;
  const now = reachedNow();
  return now !== void 0 && now !== reachedBefore;
}
function recordOverDefaults(link, frontMatter, defaults) {
  if (defaults === void 0) return false;
  if (frontMatter.parentId === void 0 && defaults.parentId !== void 0) return defaults.parentId !== link.parentId;
  return frontMatter.spaceId === void 0 && defaults.spaceId !== void 0 && defaults.spaceId !== link.spaceId && /^\d+$/.test(defaults.spaceId) === /^\d+$/.test(link.spaceId);
}
var NO_RECIPE = Object.freeze({});
function planFileWithContent(file, given, options, prepared) {
  const createMayHaveLanded = isUnconfirmedCreate(given) ? given : void 0;
  const remembered = createMayHaveLanded ? void 0 : recordAtNamedPlace(given, prepared.frontMatterTarget);
  const fromCache = remembered !== void 0 && options.linksAreCache === true && !isRepositoryLink(remembered);
  const cacheElsewhere = fromCache && recordOverDefaults(remembered, prepared.frontMatterTarget, options.defaults);
  const cacheRetitles = fromCache && !cacheElsewhere && prepared.frontMatterTarget.pageTitle === void 0 && remembered.fileTitle !== void 0 && titleKey(remembered.fileTitle) !== titleKey(remembered.pageTitle);
  const link = cacheElsewhere || cacheRetitles ? void 0 : remembered;
  const suggestedTitle = suggestTitle(prepared.frontMatterTarget.pageTitle ?? prepared.frontMatterTitle, prepared.findings.firstHeading, file.label);
  const defaults = options.titleFromFile ? { pageTitle: suggestedTitle, ...options.defaults } : options.defaults ?? {};
  const target = mergeTargets(prepared.frontMatterTarget, link, defaults);
  const overDefaults = link !== void 0 && recordOverDefaults(link, prepared.frontMatterTarget, options.defaults);
  const complete = isCompleteTarget(target) ? target : void 0;
  const omit = prepared.omitTitleHeading ?? options.omitTitleHeading ?? false;
  let recipe = NO_RECIPE;
  if (options.diagramRenderer !== void 0) recipe = { diagramRenderer: options.diagramRenderer };
  if (omit && complete) recipe = recipe === NO_RECIPE ? { omitHeading: complete.pageTitle } : { ...recipe, omitHeading: complete.pageTitle };
  const { content, diagrams } = deriveContent(prepared.content, recipe, options.messages, options.diagramsSetting);
  const contentSha256 = contentHash(content);
  const found = [];
  if (file.readProblem !== void 0) found.push({ code: "unreadable", message: file.readProblem, fix: void 0 });
  else if (prepared.frontMatterProblems.length > 0) {
    found.push({ code: "frontMatter", message: prepared.frontMatterProblems.join(" "), fix: "editFile" });
  }
  const emptiness = file.readProblem === void 0 ? checkContent(content, options.messages) : void 0;
  if (emptiness) found.push(emptiness);
  const conflicts = file.readProblem === void 0 ? checkConflictMarkers(content, options.messages) : void 0;
  if (conflicts) found.push(conflicts);
  const targetProblem = complete ? checkTarget(complete, options.messages) : void 0;
  if (targetProblem) found.push(targetProblem);
  const title = options.placeDecidedLater ? options.defaults?.pageTitle : complete?.pageTitle;
  const titleProblem = title !== void 0 && targetProblem === void 0 ? checkTitle(title, titleSourceOf(title, suggestedTitle, prepared, link, file.label, options), options.messages) : void 0;
  if (titleProblem) found.push(titleProblem);
  if (complete && !complete.overwrite && prepared.frontMatterTarget.overwrite === false && linkNames(link, complete) && (options.force === true || link?.contentSha256 !== contentSha256)) {
    found.push({ code: "frontMatter", message: (options.messages ?? englishPublishMessages).neverReplacesOwnPage(complete.pageTitle), fix: "editFile" });
  }
  if (!diagrams.ok) found.push({ code: "diagramRenderer", message: diagrams.message, fix: "openSettings" });
  const linkedPage = complete !== void 0 && linkNames(link, complete);
  const titleAsked = !options.acceptTitleChange && linkedPage && !namesTitle(prepared);
  const caseOnly = titleAsked ? caseOnlyRetitle(link, suggestedTitle, options.messages) : void 0;
  if (caseOnly) found.push(caseOnly);
  const refusals = found.length === 0 ? NO_REFUSALS : found;
  const unchanged = !options.force && linkedPage && link?.contentSha256 === contentSha256;
  const retitled = titleAsked ? titleChange(link, suggestedTitle) : void 0;
  const state2 = refusals.length > 0 ? "refused" : !complete ? "incomplete" : retitled ? "retitled" : unchanged ? "unchanged" : "send";
  const cautions = cautionsFor(content, prepared.findings, options.messages, options.placeDecidedLater === true);
  cautions.push(...diagramCautionsOf(diagrams, options));
  if (!options.placeDecidedLater) cautions.push(...leavesPageCaution(prepared, link, complete, options.messages));
  const item = {
    file: plannedFile(file),
    prepared: preparedFacts(prepared),
    recipe,
    contentSha256,
    link,
    target,
    complete,
    suggestedTitle,
    linkedPage,
    state: state2,
    refusals,
    cautions,
    guard: void 0
  };
  if (!file.readAgain || file.unchangedSinceRead) item.content = content;
  if (options.force) item.forced = true;
  if (retitled) item.retitled = retitled;
  if (caseOnly) item.caseOnlyRetitle = { refusal: caseOnly, fileTitle: suggestedTitle, stateWithout: unchanged ? "unchanged" : "send" };
  if (overDefaults) item.recordOverDefaults = true;
  if (cacheElsewhere && remembered) item.cacheElsewhere = { spaceId: remembered.spaceId, parentId: remembered.parentId };
  if (cacheRetitles && remembered) item.cacheRetitled = remembered.pageTitle;
  if (createMayHaveLanded) {
    const { spaceId, parentId, pageTitle } = createMayHaveLanded;
    item.createMayHaveLanded = { spaceId, parentId, pageTitle };
  }
  const closing = closingLine(content);
  if (closing !== void 0) item.closingLine = closing;
  if (file.readProblem === void 0) options.linkFindings?.keep(file.key, content);
  return { item, content };
}
function recordAtNamedPlace(link, named) {
  if (!link || !isRepositoryLink(link) || named.spaceId === void 0 && named.parentId === void 0) return link;
  const placed = { ...link, spaceId: named.spaceId ?? link.spaceId, parentId: named.parentId ?? link.parentId };
  const own = link.recorded?.[0];
  if (own !== void 0 && named.parentId !== void 0) placed.recorded = [{ ...own, parentId: named.parentId }];
  return placed;
}
function plannedFile(file) {
  const { key, label, readProblem, readAgain, unchangedSinceRead: unchangedSinceRead2 } = file;
  if (readProblem !== void 0) return readAgain ? { key, label, readProblem, readAgain } : { key, label, readProblem };
  if (readAgain && unchangedSinceRead2) return { key, label, readAgain, unchangedSinceRead: unchangedSinceRead2 };
  return readAgain ? { key, label, readAgain } : { key, label };
}
var NO_FACTS = Object.freeze({ frontMatterTarget: NO_TARGET });
function titleSourceOf(title, suggested, prepared, link, label, options) {
  if (label.endsWith("/")) return "folderPage";
  const named = prepared.frontMatterTarget.pageTitle;
  if (named !== void 0 && (options.placeDecidedLater !== true || named.trim() !== "")) return "pageTitle";
  if (options.placeDecidedLater !== true && link?.pageTitle !== void 0) return "record";
  if (title !== suggested) return "given";
  if (prepared.frontMatterTitle?.trim()) return "frontMatterTitle";
  return prepared.findings.firstHeading?.trim() ? "heading" : "fileName";
}
function preparedFacts(prepared) {
  if (prepared.frontMatterPageId !== void 0) return { frontMatterTarget: prepared.frontMatterTarget, frontMatterPageId: prepared.frontMatterPageId };
  return prepared.frontMatterTarget === NO_TARGET ? NO_FACTS : { frontMatterTarget: prepared.frontMatterTarget };
}
function diagramCautionsOf(diagrams, options) {
  if (!diagrams.ok) return [];
  const cautions = diagrams.rendered ? [longDiagramCaution(diagrams.tooLong, options.messages), unclosedDiagramCaution(diagrams.unclosed, options.messages)] : [diagramCaution(diagrams.diagrams + diagrams.unclosed, false, options.diagramsSetting, options.messages)];
  return cautions.filter((caution) => caution !== void 0);
}
function leavesPageCaution(prepared, link, complete, messages = englishPublishMessages) {
  const named = prepared.frontMatterTarget;
  if (!link || !complete || named.spaceId === void 0 && named.parentId === void 0 && named.pageTitle === void 0 || linkNames(link, complete)) return [];
  return [{ code: "leavesPage", message: messages.leavesPage(link.pageTitle, link.parentId, link.pageId) }];
}
function planFiles(files, links, options = {}) {
  const items = files.map((file) => planFile(file, links.get(file.key), options));
  const messages = options.messages ?? englishPublishMessages;
  const titled = items.filter((item) => item.complete !== void 0 && item.state !== "refused");
  const byPage = /* @__PURE__ */ new Map();
  for (const item of titled) {
    if (!item.complete) continue;
    const key = JSON.stringify([item.complete.parentId, titleKey(item.complete.pageTitle)]);
    const group = byPage.get(key);
    if (group) group.push(item);
    else byPage.set(key, [item]);
  }
  const samePage = /* @__PURE__ */ new Map();
  for (const group of byPage.values()) {
    if (group.length < 2) continue;
    for (const item of group) {
      samePage.set(item, group);
      const others = otherNames(group, (other) => other !== item, (other) => other.file.label);
      refuseItem(item, {
        code: "duplicatePage",
        message: messages.duplicatePage(others, item.complete?.pageTitle ?? "", item.complete?.parentId ?? ""),
        fix: "editFile"
      });
    }
  }
  for (const group of groupByTitleInSpace(titled, (item) => item.complete?.pageTitle ?? "", (item) => item.complete?.spaceId ?? "")) {
    const othersOfPage = /* @__PURE__ */ new Map();
    for (const item of group) {
      const onItsPage = samePage.get(item);
      let others = onItsPage === void 0 ? void 0 : othersOfPage.get(onItsPage);
      if (others === void 0) {
        others = otherNames(group, (other) => other !== item && (onItsPage === void 0 || samePage.get(other) !== onItsPage), (other) => other.file.label);
        if (onItsPage !== void 0) othersOfPage.set(onItsPage, others);
      }
      if (others === "") continue;
      refuseItem(item, {
        code: "duplicatePage",
        message: messages.titleTakenInSpace(others, item.complete?.pageTitle ?? "", item.complete?.spaceId ?? ""),
        fix: "editFile"
      });
    }
  }
  return items;
}
function countPlan(items) {
  const counts = {
    files: items.length,
    send: 0,
    newPages: 0,
    updates: 0,
    replaces: 0,
    unchanged: 0,
    refused: 0,
    incomplete: 0,
    edited: 0,
    retitled: 0,
    unchecked: 0,
    withCautions: 0
  };
  for (const item of items) {
    if (item.state === "send") {
      counts.send++;
      const kind = sendKind(item);
      if (kind === "update") counts.updates++;
      else if (kind === "replace") counts.replaces++;
      else counts.newPages++;
      if (item.complete?.overwrite && item.guard?.kind === "unchecked") counts.unchecked++;
    } else counts[item.state]++;
    if (item.state === "edited" && heldWithoutNotice(item.guard)) counts.noNotice = (counts.noNotice ?? 0) + 1;
    if (item.state === "edited" && unreadOnWiki(item.guard)) counts.lookupFailed = (counts.lookupFailed ?? 0) + 1;
    if (item.state === "edited" && pageElsewhere(item.guard)) counts.movedOnWiki = (counts.movedOnWiki ?? 0) + 1;
    if (item.cautions.length > 0 && item.state !== "refused") counts.withCautions++;
  }
  return counts;
}
function withRelinked(counts, relinked) {
  if (relinked === 0) return counts;
  return { ...counts, send: counts.send + relinked, updates: counts.updates + relinked, unchanged: counts.unchanged - relinked, relinked };
}
function countLookupFailures(items) {
  const counts = { updates: 0, updatesHeld: 0, updatesHeldLasting: 0, updatesSentUnchecked: 0, creates: 0, detail: void 0 };
  for (const item of items) {
    const verdict = item.guard;
    if (!unreadOnWiki(verdict) || item.state === "unchanged") continue;
    counts.detail ??= verdict.detail;
    if (item.complete?.overwrite !== true) {
      counts.creates++;
      continue;
    }
    counts.updates++;
    if (item.state === "edited") {
      counts.updatesHeld++;
      if (verdict.lasting === true) counts.updatesHeldLasting++;
    } else if (item.state === "send") counts.updatesSentUnchecked++;
  }
  return counts;
}
function sendKind(item) {
  const verdict = item.guard;
  if (verdict?.kind === "absent" || verdict?.kind === "deleted" || !item.complete?.overwrite) return "create";
  if (item.linkedPage) return "update";
  return verdict?.kind === "notOurs" || verdict?.kind === "unchecked" || verdict === void 0 ? "replace" : "update";
}

// src/core/run/titleOnWiki.ts
function renamedOnWiki(page, item, link) {
  const title = item.complete?.pageTitle;
  return title !== void 0 && titleKey(page.title) !== titleKey(title) && !sameTitle(page.title, link.pageTitle);
}
function sendWithPageTitle(item) {
  const page = guardedPage(item.guard);
  const complete = item.complete;
  if (page === void 0 || complete === void 0 || page.title === complete.pageTitle || !sameTitle(page.title, complete.pageTitle)) return;
  item.complete = { ...complete, pageTitle: page.title };
  item.target = { ...item.target, pageTitle: page.title };
}

// src/core/run/recordRefusals.ts
function recordRefusal(item, page, why, messages) {
  const entry = item.link?.recorded?.[0];
  const message = entry !== void 0 && entry.id === page.id ? messages.entryRefused(entry.at, entry.key, entry.id, why === "anotherFile" ? messages.entryOfAnotherFile() : messages.entryNotConfirmed()) : why === "anotherFile" ? messages.recordOfAnotherFile(page.id, page.title) : messages.recordUnconfirmed(page.id, page.title);
  return { code: "recordedEntry", message, fix: void 0 };
}

// src/core/wikiPages/spacesAskedOnce.ts
function withSpacesAskedOnce(pages) {
  const asked = /* @__PURE__ */ new Map();
  const resolveSpace = (keyOrId, signal) => {
    let answer = asked.get(keyOrId);
    if (answer === void 0) {
      answer = pages.resolveSpace(keyOrId, signal);
      answer.catch(() => void 0);
      asked.set(keyOrId, answer);
    }
    return answer;
  };
  const numericId = async (spaceId, signal) => /^\d+$/.test(spaceId) ? spaceId : (await resolveSpace(spaceId, signal))?.id;
  return {
    ...pages.knowsRepository === true ? { knowsRepository: true } : {},
    getPage: (pageId, signal) => pages.getPage(pageId, signal),
    findChildByTitle: (parentId, title, signal) => pages.findChildByTitle(parentId, title, signal),
    listChildren: (parentId, signal) => pages.listChildren(parentId, signal),
    getPages: (pageIds, signal, read) => pages.getPages(pageIds, signal, read),
    pageVersions: (pageId, max, signal) => pages.pageVersions(pageId, max, signal),
    // A key is turned into its ID here, once, rather than by the client on every title asked.
    async findPagesByTitle(spaceId, title, signal) {
      const id = await numericId(spaceId, signal);
      return id === void 0 ? [] : pages.findPagesByTitle(id, title, signal);
    },
    async listSpacePages(spaceId, maxRequests, signal) {
      const id = await numericId(spaceId, signal);
      return id === void 0 ? [] : pages.listSpacePages(id, maxRequests, signal);
    },
    resolveSpace
  };
}

// src/core/run/spaceTitles.ts
var LIST_FROM_TITLES = 8;
var LIST_REQUEST_PER_TITLES = 8;
var MAX_LIST_REQUESTS = 20;
function spaceTitleFinder(pages, wanted, signal) {
  const asked = /* @__PURE__ */ new Map();
  const spaces = withSpacesAskedOnce(pages);
  const numericSpaceId = async (space) => /^\d+$/.test(space) ? space : (await spaces.resolveSpace(space, signal))?.id;
  const titlesIn = /* @__PURE__ */ new Map();
  for (const { spaceId } of wanted) titlesIn.set(spaceId, (titlesIn.get(spaceId) ?? 0) + 1);
  const listings = /* @__PURE__ */ new Map();
  const listingOf = (space, spaceId) => {
    let listing = listings.get(spaceId);
    if (listing === void 0) {
      const titles = titlesIn.get(space) ?? 0;
      const maxRequests = Math.min(MAX_LIST_REQUESTS, Math.ceil(titles / LIST_REQUEST_PER_TITLES));
      listing = titles < LIST_FROM_TITLES ? Promise.resolve(void 0) : pages.listSpacePages(spaceId, maxRequests, signal).then(byTitle, (error) => {
        if (signal?.aborted) throw error;
        return void 0;
      });
      listing.catch(() => void 0);
      listings.set(spaceId, listing);
    }
    return listing;
  };
  return (spaceName, title) => {
    const key = `${spaceName}\0${title}`;
    let found = asked.get(key);
    if (found === void 0) {
      found = numericSpaceId(spaceName).then(async (spaceId) => {
        if (spaceId === void 0) return [];
        const listing = await listingOf(spaceName, spaceId);
        return listing ? listing.get(titleKey(title)) ?? [] : pages.findPagesByTitle(spaceId, title, signal);
      });
      found.catch(() => void 0);
      asked.set(key, found);
    }
    return found;
  };
}
function byTitle(listed2) {
  if (listed2 === void 0) return void 0;
  const titled = /* @__PURE__ */ new Map();
  for (const page of listed2) {
    const key = titleKey(page.title);
    const same = titled.get(key);
    if (same) same.push(page);
    else titled.set(key, [page]);
  }
  return titled;
}

// src/core/run/movedOnWiki.ts
async function cautionTitlesElsewhere(absent, options) {
  const creates = absent.filter((item) => item.complete !== void 0 && item.link?.pageId === void 0 && item.state === "send");
  if (creates.length === 0) return;
  const words = options.messages ?? englishTreeMessages;
  const pagesTitled = spaceTitleFinder(options.pages, creates.map((item) => item.complete), options.signal);
  await mapBounded(creates, Math.max(1, options.concurrency ?? DEFAULT_LOOKUPS_AT_ONCE), async (item) => {
    const target = item.complete;
    let elsewhere;
    try {
      elsewhere = (await pagesTitled(target.spaceId, target.pageTitle)).filter((page) => page.parentId !== target.parentId);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      return;
    }
    const first = elsewhere[0];
    if (first === void 0) return;
    const read = options.noticeOff === true ? void 0 : await options.pages.getPages(elsewhere.map((page) => page.id), lookupDeadline(options).signal, { withBody: true }).catch((error) => {
      if (options.signal?.aborted) throw error;
      return void 0;
    });
    const own = elsewhere.map((page) => read?.get(page.id)).find((page) => page !== void 0 && carriesNoticeOf(page, item));
    item.cautions.push({
      code: "titleInSpace",
      message: own === void 0 ? words.titleElsewhere(first.title, first.id, first.webUrl) : words.ownPageElsewhere(own.title, own.id, own.webUrl)
    });
  });
}
function carriesNoticeOf(page, item) {
  const marker = page.body?.marker;
  return marker !== void 0 && !fromAnotherRepository(marker) && marker.path === pathDigest(item.file.label);
}

// src/core/run/retitledFound.ts
async function findRetitledFiles(absent, listed2, options) {
  if (options.noticeOff === true) return;
  const creates = absent.filter((item) => item.state === "send" && item.complete !== void 0 && item.link?.pageId === void 0 && item.prepared.frontMatterTarget.pageTitle === void 0);
  const ids = /* @__PURE__ */ new Set();
  for (const item of creates) for (const child of listed2.get(item.complete.parentId) ?? []) ids.add(child.id);
  if (ids.size === 0) return;
  const read = await readPages(ids, options);
  for (const item of creates) {
    const title = titleKey(item.complete.pageTitle);
    const candidates = [];
    for (const child of listed2.get(item.complete.parentId) ?? []) {
      const page = read.pages.get(child.id);
      if (page && titleKey(page.title) !== title && carriesNoticeOf(page, item)) candidates.push(page);
    }
    let latest;
    for (const page of candidates) {
      const sentAt = candidates.length === 1 ? "" : await sentAtOf(page, options);
      if (latest === void 0 || sentAt > latest.sentAt) latest = { page, sentAt };
    }
    if (latest !== void 0) markRetitled(item, latest.page);
  }
}
async function sentAtOf(page, options) {
  const version = page.body?.marker?.version ?? 0;
  if (version === 0 || version === page.version) return page.versionCreatedAt ?? "";
  const versions = await versionsOf(page.id, options);
  return (Array.isArray(versions) ? versions.find((each) => each.number === version)?.createdAt : void 0) ?? "";
}
function markRetitled(item, page) {
  const { spaceId, parentId, pageTitle } = item.complete;
  const target = { spaceId, parentId, pageTitle: page.title, overwrite: true };
  item.link = { spaceId, parentId, pageTitle: page.title, pageId: page.id, publishedAt: 0 };
  item.target = target;
  item.complete = target;
  item.linkedPage = true;
  item.state = "retitled";
  item.retitled = { fileTitle: pageTitle, pageTitle: page.title };
  item.foundOnWiki = true;
}

// src/core/run/caseOnlyLifted.ts
async function liftCaseOnlyRefusals(items, options) {
  const asked = /* @__PURE__ */ new Map();
  for (const item of items) {
    const pageId = item.caseOnlyRetitle !== void 0 ? item.link?.pageId : void 0;
    if (pageId !== void 0) asked.set(item, pageId);
  }
  if (asked.size === 0) return;
  const read = await readPages(asked.values(), options);
  for (const [item, pageId] of asked) {
    const page = read.pages.get(pageId);
    const caseOnly = item.caseOnlyRetitle;
    if (page === void 0 || page === null || caseOnly === void 0 || !sameTitle(page.title, caseOnly.fileTitle)) continue;
    item.refusals = item.refusals.filter((refusal2) => refusal2 !== caseOnly.refusal);
    if (item.refusals.length === 0) item.state = caseOnly.stateWithout;
    if (item.complete !== void 0) item.complete = { ...item.complete, pageTitle: page.title };
    item.target = { ...item.target, pageTitle: page.title };
    delete item.caseOnlyRetitle;
  }
}

// src/core/run/recordedLinks.ts
async function checkRecordedLinks(items, options) {
  const messages = options.messages ?? englishTreeMessages;
  const relying = items.filter((item) => (item.state === "send" || item.state === "edited") && item.link?.recorded !== void 0 && item.complete !== void 0 && linkNames(item.link, item.complete));
  if (relying.length === 0) return;
  if (options.pages === void 0) {
    for (const item of relying) {
      const own = (item.link?.recorded)[0];
      refuseItem(item, { code: "noPageAccess", message: messages.entryUnchecked(own.at, own.key, own.id), fix: void 0 });
    }
    return;
  }
  const ids = /* @__PURE__ */ new Set();
  for (const item of relying) {
    for (const step of item.link?.recorded ?? []) {
      ids.add(step.id);
      ids.add(step.parentId);
    }
  }
  let read;
  try {
    read = await options.pages.getPages([...ids], options.signal);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const unread = failedLookupVerdict(error, false, messages);
    for (const item of relying) {
      const own = (item.link?.recorded)[0];
      refuseItem(item, { code: "recordedEntry", message: messages.entriesUnreadable(manifestFileOf(own.at), unread.cause ?? unread.detail), fix: void 0 });
      item.guard = unread;
    }
    return;
  }
  const elsewhere = /* @__PURE__ */ new Set();
  for (const item of relying) {
    for (const step of item.link?.recorded ?? []) {
      const parentId = read.get(step.id)?.parentId;
      if (parentId !== void 0 && parentId !== step.parentId && !read.has(parentId)) elsewhere.add(parentId);
    }
  }
  if (elsewhere.size > 0) {
    const found = await options.pages.getPages([...elsewhere], options.signal).catch((error) => {
      if (options.signal?.aborted) throw error;
      return /* @__PURE__ */ new Map();
    });
    for (const [id, page] of found) read.set(id, page);
  }
  for (const item of relying) {
    const refusal2 = chainRefusal(item.link?.recorded ?? [], read, messages);
    if (refusal2 !== void 0) refuseItem(item, { code: "recordedEntry", message: refusal2, fix: void 0 });
  }
}
function chainRefusal(chain, read, messages) {
  const top = chain[chain.length - 1];
  const space = top === void 0 ? void 0 : read.get(top.parentId)?.spaceId;
  for (let index = chain.length - 1; index >= 0; index--) {
    const step = chain[index];
    const page = read.get(step.id);
    if (page === void 0) continue;
    const parent = read.get(step.parentId);
    let reason;
    if (space !== void 0 && page.spaceId !== void 0 && page.spaceId !== space) reason = messages.entryInOtherSpace(page.spaceId);
    else if (page.title !== step.title) reason = messages.entryTitledOtherwise(page.title, step.title);
    else if (page.parentId !== void 0 && page.parentId !== step.parentId && parent !== void 0) reason = messages.entryUnderOtherParent(page.parentId, read.get(page.parentId)?.title, step.parentId, parent.title);
    if (reason !== void 0) return messages.entryRefused(step.at, step.key, step.id, reason);
  }
  return void 0;
}

// src/core/run/titlesAcrossSpaceNames.ts
async function checkFlatTitlesAcrossSpaceNames(items, pages, signal, messages = englishPublishMessages) {
  const titled = items.filter((item) => item.complete !== void 0 && item.state !== "refused");
  const spellingOf = (item) => item.complete?.spaceId ?? "";
  const spellings = new Set(titled.map((item) => spellingOf(item).trim()));
  if (spellings.size < 2) return;
  const spaceIdOf = await resolveSpaceSpellings(spellings, pages, signal);
  for (const group of groupByTitleInSpace(titled, (item) => item.complete?.pageTitle ?? "", (item) => spaceIdOf(spellingOf(item)))) {
    for (const item of group) {
      const spelling = spellingOf(item).trim();
      const others = otherNames(group, (other) => spellingOf(other).trim() !== spelling, (other) => other.file.label);
      if (others === "") continue;
      refuseItem(item, {
        code: "duplicatePage",
        message: messages.titleTakenInSpace(others, item.complete?.pageTitle ?? "", spellingOf(item)),
        fix: "editFile"
      });
    }
  }
}

// src/core/run/beforeWiki.ts
function rememberPlanBeforeWiki(item) {
  item.beforeWiki ??= { state: item.state, complete: item.complete };
}

// src/core/run/verdictApplied.ts
function sendEditedAnyway(item) {
  item.state = "send";
  if (pageElsewhere(item.guard) && item.complete) {
    item.complete = { ...item.complete, overwrite: false };
    item.linkedPage = false;
  }
}
function applyVerdict(item, overwriteEdited, messages) {
  const verdict = item.guard;
  const page = guardedPage(verdict);
  const held = verdict?.kind === "edited" || unreadOnWiki(verdict) && item.complete?.overwrite === true && item.state !== "unchanged";
  const sameContent = verdict?.kind === "asLeft" && verdict.sameContent === true;
  if (held || verdict?.kind === "deleted" || verdict?.kind === "asLeft" && (verdict.adopted || sameContent !== (item.state === "unchanged"))) rememberPlanBeforeWiki(item);
  if (page !== void 0 && (item.state === "unchanged" || sameContent)) item.pageFound = { id: page.id, version: page.version };
  if (item.link?.pageId !== void 0 && page?.id === item.link.pageId) item.cautions = item.cautions.filter((caution) => caution.code !== "leavesPage");
  if (held) {
    const overwrite = overwriteEdited === true || overwriteEdited instanceof Set && overwriteEdited.has(item.file.key);
    if (overwrite) sendEditedAnyway(item);
    else item.state = "edited";
    return;
  }
  if (verdict?.kind === "asLeft") {
    const neverReplaces = item.prepared.frontMatterTarget.overwrite === false;
    if (verdict.adopted && item.complete && neverReplaces && !sameContent && item.state === "send") {
      refuseItem(item, { code: "frontMatter", message: (messages ?? englishPublishMessages).neverReplacesOwnPage(item.complete.pageTitle), fix: "editFile" });
      return;
    }
    if (verdict.adopted && item.complete && !neverReplaces) item.complete = { ...item.complete, overwrite: true };
    if (sameContent && item.state === "send" && item.forced !== true) item.state = "unchanged";
    else if (!sameContent && verdict.page.body?.marker !== void 0 && item.state === "unchanged") item.state = "send";
  } else if ((verdict?.kind === "deleted" || verdict?.kind === "exists" && verdict.unknownRepository === true) && item.complete) {
    item.complete = { ...item.complete, overwrite: false };
    item.linkedPage = false;
    if (item.state === "unchanged") item.state = "send";
  }
}

// src/core/run/guard.ts
function guardLooksUp(item, lookUpCreates) {
  const complete = item.complete;
  if (item.state !== "send" && item.state !== "edited" || complete === void 0) return false;
  return lookUpCreates || complete.overwrite || item.cautions.some((caution) => caution.code === "leavesPage") || mayBeInterruptedCreate(item);
}
function unchangedWithPage(item) {
  return item.state === "unchanged" && ownPageId(item) !== void 0;
}
function landedWithoutId(item) {
  return item.link !== void 0 && item.link.pageId === void 0 && item.complete !== void 0 && !isRepositoryLink(item.link);
}
async function guardPlan(items, options) {
  const lookUpCreates = options.lookUpCreates ?? true;
  await checkRecordedLinks(items, { pages: options.pages, ...options.signal ? { signal: options.signal } : {}, ...options.messages ? { messages: options.messages } : {} });
  if (options.pages && !options.titlesCheckedByTree) {
    await checkFlatTitlesAcrossSpaceNames(items, options.pages, options.signal, options.planMessages);
    options.links?.refusedSince();
  }
  if (options.pages) await liftCaseOnlyRefusals(items, { ...options, pages: options.pages });
  const lookups = [];
  for (const item of items) {
    if (item.state === "unchanged" && options.pages && options.lookUpUnchanged !== false && (unchangedWithPage(item) || landedWithoutId(item))) lookups.push(item);
    if (item.state === "retitled" && options.pages && options.recordsFromFiles === true && ownPageId(item) !== void 0) lookups.push(item);
    if (item.state !== "send" && item.state !== "edited" || !item.complete) continue;
    if (guardLooksUp(item, lookUpCreates)) lookups.push(item);
    else item.guard = NOT_NEEDED;
  }
  if (!options.pages) {
    options.signal?.throwIfAborted();
    const unread = Object.freeze(noAccessVerdict(options));
    for (const item of lookups) {
      if (item.state === "refused") continue;
      item.guard = item.complete.overwrite ? unread : NOT_NEEDED;
      if (options.noAccessHeld === true) applyVerdict(item, options.overwriteEdited, options.planMessages);
    }
    return items;
  }
  const lookup = { ...options, pages: options.pages };
  const { verdicts, unconfirmed } = await verdictsOf(lookups, lookup);
  let refusedAny = false;
  for (const item of lookups) {
    item.guard = verdicts.get(item);
    const foreign = options.titlesCheckedByTree ? void 0 : pageOfAnotherFile(item);
    const notOwn = foreign ?? (unconfirmed.has(item) ? guardedPage(item.guard) : void 0);
    const caseVariant = pageTitledButForCase(item);
    if (notOwn !== void 0) {
      item.guard = { kind: "notOurs", page: notOwn };
      refuseItem(item, recordRefusal(item, notOwn, foreign !== void 0 ? "anotherFile" : "unconfirmed", options.messages ?? englishTreeMessages));
      refusedAny = true;
    } else if (item.state === "retitled") item.guard = void 0;
    else if (caseVariant !== void 0) {
      const words = options.planMessages ?? englishPublishMessages;
      const title = item.complete?.pageTitle ?? "";
      const { page, own } = caseVariant;
      refuseItem(item, { code: "duplicatePage", message: own ? words.ownTitleOnlyInCase(title, page.title, page.id) : words.titleOnlyInCase(title, page.title, page.id), fix: "editFile" });
      refusedAny = true;
    } else {
      sendWithPageTitle(item);
      applyVerdict(item, options.overwriteEdited, options.planMessages);
    }
  }
  if (refusedAny) options.links?.refusedSince();
  if (options.links) await linkFoundPages(lookups, options.links, options.overwriteEdited, options.planMessages);
  options.signal?.throwIfAborted();
  return items;
}
async function linkFoundPages(looked, links, overwriteEdited, messages) {
  const found = /* @__PURE__ */ new Map();
  for (const item of looked) {
    const verdict = item.guard;
    if ((verdict?.kind === "asLeft" || verdict?.kind === "edited") && item.link?.pageId !== verdict.page.id) found.set(item.file.key, verdict.page.id);
    else if (item.state === "retitled" && item.foundOnWiki === true && item.link?.pageId !== void 0) found.set(item.file.key, item.link.pageId);
  }
  if (found.size === 0) return;
  for (const item of await links.foundSince(found)) {
    const verdict = item.guard;
    if (verdict?.kind !== "asLeft") continue;
    const holds = alreadyHolds(item, item.linkTargets);
    if (item.state === "send" && holds) {
      item.guard = { ...verdict, sameContent: true };
      applyVerdict(item, overwriteEdited, messages);
    } else if (item.state === "unchanged" && !holds && verdict.sameContent === true) {
      item.guard = { kind: "asLeft", page: verdict.page, ...verdict.adopted ? { adopted: true } : {} };
      delete item.pageFound;
      applyVerdict(item, overwriteEdited, messages);
    }
  }
}
async function verdictsOf(items, options) {
  const verdicts = /* @__PURE__ */ new Map();
  const unconfirmed = /* @__PURE__ */ new Set();
  const byId = /* @__PURE__ */ new Map();
  const byPlace = [];
  for (const item of items) {
    const id = ownPageId(item);
    if (id !== void 0) byId.set(item, id);
    else if (item.complete !== void 0) byPlace.push(item);
  }
  const read = await readPages(byId.values(), options);
  const listed2 = /* @__PURE__ */ new Map();
  const places = await findAtPlaces(byPlace, options, listed2);
  const decided = [];
  const gone = [];
  for (const [item, id] of byId) {
    const failed = read.failed.get(id);
    const page = read.pages.get(id);
    if (failed) verdicts.set(item, failed);
    else if (!page) {
      verdicts.set(item, { kind: "deleted", pageId: id });
      gone.push(item);
    } else decided.push({ item, page, verdict: await ownVerdict(page, item, options) });
  }
  const madeAnew = gone.length > 0 ? await findAtPlaces(gone, options) : void 0;
  for (const item of gone) {
    const found = madeAnew?.get(item);
    if (found === void 0 || "failed" in found || found.page === void 0) continue;
    const verdict = placeVerdict(found.page, item, false, markerTells(options));
    const deleted = verdicts.get(item);
    if (verdict === "history" || typeof verdict === "object" && verdict.kind === "asLeft") decided.push({ item, page: found.page, verdict });
    else if (deleted?.kind === "deleted") verdicts.set(item, { ...deleted, placeTakenBy: found.page });
  }
  const absent = [];
  for (const item of byPlace) {
    const found = places.get(item);
    if (found === void 0 || "failed" in found) verdicts.set(item, found?.failed ?? { kind: "absent" });
    else if (found.page === void 0) {
      verdicts.set(item, { kind: "absent" });
      absent.push(item);
    } else decided.push({ item, page: found.page, verdict: item.link !== void 0 && recordNamesPage(item, found.page) ? recordedPageVerdict(found.page, item, item.link, options) : placeVerdict(found.page, item, options.noticeOff === true, markerTells(options)) });
  }
  if (!options.titlesCheckedByTree && absent.length > 0) {
    if (options.lookForOldTitles !== false) await findRetitledFiles(absent, listed2, options);
    await cautionTitlesElsewhere(absent, options);
  }
  await mapBounded(decided, Math.max(1, options.concurrency ?? DEFAULT_LOOKUPS_AT_ONCE), async ({ item, page, verdict }) => {
    if (verdict === "unconfirmed") {
      unconfirmed.add(item);
      verdicts.set(item, { kind: "notOurs", page });
      return;
    }
    if (verdict !== "history" && verdict !== "replaceHistory" && verdict !== "recordHistory" && verdict !== "ownHistory") {
      verdicts.set(item, verdict);
      return;
    }
    const versions = await versionsOf(page.id, options);
    if (verdict === "ownHistory") verdicts.set(item, ownHistoryVerdict(page, Array.isArray(versions) ? versions : void 0, item, item.link));
    else if (versions === void 0) verdicts.set(item, { kind: "edited", page, knownVersion: void 0, publishedAt: 0, noNotice: true });
    else if (!Array.isArray(versions)) verdicts.set(item, versions);
    else if (verdict === "replaceHistory") verdicts.set(item, replaceVerdict(page, versions));
    else if (verdict === "recordHistory" && item.link !== void 0) {
      const decidedNow = recordHistoryVerdict(page, versions, item, item.link);
      if (decidedNow === "unconfirmed") unconfirmed.add(item);
      verdicts.set(item, decidedNow === "unconfirmed" ? { kind: "notOurs", page } : decidedNow);
    } else {
      const link = !item.foundOnWiki && recordNamesPage(item, page) ? item.link : void 0;
      verdicts.set(item, link === void 0 ? takenAtPlace(historyVerdict(page, versions, item, link), item, item.foundOnWiki === true || markerTells(options)) : historyVerdict(page, versions, item, link));
    }
  });
  return { verdicts, unconfirmed };
}
function recordNamesPage(item, page) {
  const link = item.link;
  if (link === void 0) return false;
  if (link.pageId !== void 0) return link.pageId === page.id;
  const recorded = link.version !== void 0 || link.publishedAt > 0;
  return recorded && item.complete !== void 0 && linkNames(link, item.complete);
}
async function ownVerdict(page, item, options) {
  const link = item.link;
  if (link === void 0 || item.foundOnWiki) return placeVerdict(page, item, false, item.foundOnWiki === true || markerTells(options));
  const parentId = item.complete?.parentId ?? link.parentId;
  if (underAnotherParent(page, parentId)) return { kind: "edited", page, knownVersion: link.version, publishedAt: link.publishedAt, movedUnder: await parentNamed(page.parentId, options) };
  if (renamedOnWiki(page, item, link)) return { kind: "edited", page, knownVersion: link.version, publishedAt: link.publishedAt, renamedTo: page.title };
  return recordedPageVerdict(page, item, link, options);
}
function mayBeInterruptedCreate(item) {
  return item.complete !== void 0 && linkNames(item.createMayHaveLanded, item.complete);
}
var NOT_NEEDED = Object.freeze({ kind: "notNeeded" });
function noAccessVerdict(options) {
  return options.noAccessHeld === true ? { kind: "unchecked", reason: "failed", detail: options.noAccessReason, credentialRefused: true, signInEnded: true } : { kind: "unchecked", reason: "noAccess", detail: options.noAccessReason };
}
function sendsUncheckedWithoutAccess(items) {
  for (const item of items) if ((item.state === "send" || item.state === "edited") && item.complete?.overwrite) return true;
  return false;
}

// src/core/run/pageRecheck.ts
async function changedSincePlanned(item, pages, overwriteEdited, signal, linkTargets = item.linkTargets) {
  const verdict = item.guard;
  const target = item.complete;
  if (verdict?.kind !== "asLeft" || !target || chosenToReplace(item, overwriteEdited)) return void 0;
  const seen = verdict.page;
  const looking = lookupDeadline(signal ? { signal } : {});
  const now = await pages.getPage(seen.id, looking.signal);
  if (looking.deadline.aborted || !now) return void 0;
  const movedUnder = underAnotherParent(now, target.parentId) && !underAnotherParent(seen, target.parentId) ? { id: now.parentId } : void 0;
  if (now.version <= seen.version && !movedUnder) return void 0;
  const edited = {
    kind: "edited",
    page: now,
    knownVersion: seen.version,
    publishedAt: item.link?.publishedAt ?? 0,
    ...movedUnder ? { movedUnder } : {}
  };
  const held = { ...item, state: "edited", guard: edited };
  if (movedUnder) return held;
  const judged = await ownPublishSince(item, seen.id, pages, looking.signal).catch(() => void 0);
  if (judged === void 0 || looking.deadline.aborted) return held;
  if (judged.verdict.kind !== "asLeft") return { ...item, state: "edited", guard: judged.verdict };
  const page = judged.verdict.page;
  const marker = page.body?.marker;
  const holds = item.forced !== true && marker !== void 0 && holdsWhatItSends(page, marker, item, linkTargets);
  return holds ? { ...item, ...linkTargets !== void 0 ? { linkTargets } : {}, state: "unchanged", guard: { kind: "asLeft", page, sameContent: true }, pageFound: { id: page.id, version: page.version } } : { ...item, guard: { kind: "asLeft", page } };
}
async function ownPublishSince(item, pageId, pages, signal) {
  const page = (await pages.getPages([pageId], signal, { withBody: true })).get(pageId);
  const marker = page?.body?.marker;
  if (page === void 0 || marker === void 0 || !publishedFromThisFile(marker, [item.file.label, item.file.key, item.link?.formerFile])) return void 0;
  if (marker.version === page.version) return { verdict: { kind: "asLeft", page } };
  const versions = await pages.pageVersions(pageId, HISTORY_LOOKED_AT, signal);
  return versions === void 0 ? void 0 : { verdict: historyVerdict(page, versions, item, item.link) };
}
function chosenToReplace(item, overwriteEdited) {
  return overwriteEdited === true || typeof overwriteEdited === "object" && overwriteEdited.has(item.file.key);
}

// src/core/apiToken/tokenSource.ts
var API_TOKEN_ENV_VAR = "WIKI_PUBLISHER_API_TOKEN";

// src/core/run/runStop.ts
var FAILING_FILES_IN_A_ROW = 5;
function wikiFailing(outcome) {
  if (outcome.kind === "cancelled") return void 0;
  return outcome.kind === "serverError" || outcome.kind === "network" || outcome.kind === "timeout" || (outcome.status ?? 0) >= 500;
}
var TOKEN_REFUSED = /* @__PURE__ */ new Set(["unauthorized", "licenseExpired", "forbidden"]);
function refusesToken(outcome) {
  return TOKEN_REFUSED.has(outcome.kind);
}
var ThrottleGate = class {
  constructor(now = Date.now) {
    this.now = now;
  }
  now;
  resumeAt = 0;
  stop;
  failingInARow = 0;
  stopped = new AbortController();
  /** Pauses every caller of wait() for at least `ms` from now. */
  pauseFor(ms) {
    this.resumeAt = Math.max(this.resumeAt, this.now() + ms);
  }
  get pausedForMs() {
    return Math.max(0, this.resumeAt - this.now());
  }
  /** Stops the run for a wait longer than it makes: no new file starts and every wait ends. */
  stopFor(retryAfterMs2, status) {
    this.stopWith({ reason: "throttled", status, retryAfterMs: retryAfterMs2, resumeAt: this.now() + retryAfterMs2 });
  }
  /** Stops the run because the wiki refused the token (refusesToken): no later file could land with it. */
  stopForRefusedToken(status) {
    this.stopWith({ reason: "tokenRefused", status });
  }
  /**
   * Counts the files the wiki failed one after another (FAILING_FILES_IN_A_ROW says why five), and stops the run at the
   * count: every file after them would take its retries to fail the same way. An answered file starts the count again.
   */
  noteOutcome(outcome) {
    const failing = wikiFailing(outcome);
    if (failing === void 0) return;
    if (!failing) {
      this.failingInARow = 0;
      return;
    }
    this.failingInARow += 1;
    const status = outcome.status !== void 0 && outcome.status >= 500 ? outcome.status : void 0;
    if (this.failingInARow >= FAILING_FILES_IN_A_ROW) this.stopWith({ reason: "wikiFailing", failedInARow: this.failingInARow, status });
  }
  get stoppedBy() {
    return this.stop;
  }
  /** Resolves once no pause is in force (or the signal aborts, or the run is stopped). */
  async wait(signal) {
    for (let left = this.pausedForMs; left > 0 && !signal?.aborted && !this.stop; left = this.pausedForMs) {
      await abortableSleep(left, signal ? AbortSignal.any([signal, this.stopped.signal]) : this.stopped.signal);
    }
  }
  /** The first stop is the one reported: what came after it is its consequence. */
  stopWith(stop) {
    if (this.stop) return;
    this.stop = stop;
    this.stopped.abort();
  }
};
function describeRunStop(stopped, messages = englishPublishMessages) {
  if (stopped.reason === "tokenRefused") return messages.runStoppedTokenRefused(stopped.status, stopped.finished, stopped.total, API_TOKEN_ENV_VAR);
  if (stopped.reason === "wikiFailing") return messages.runStoppedWikiFailing(stopped.failedInARow, stopped.status, stopped.finished, stopped.total);
  const seconds = Math.ceil(stopped.retryAfterMs / 1e3);
  return messages.runStopped(seconds, stopped.status, stopped.finished, stopped.total, minuteAfter(stopped, messages));
}
function notStartedBecause(stop, messages = englishPublishMessages) {
  if (stop?.reason === "wikiFailing") return messages.notStartedWikiFailing(stop.failedInARow, stop.status);
  return stop?.reason === "tokenRefused" ? messages.notStartedTokenRefused(stop.status, API_TOKEN_ENV_VAR) : void 0;
}
function minuteAfter(stopped, messages) {
  const date = new Date(Math.ceil(stopped.resumeAt / 6e4) * 6e4);
  if (Number.isNaN(date.getTime())) return messages.waitIsOver();
  const resume = date.toISOString();
  const sameDay = resume.slice(0, 10) === new Date(stopped.resumeAt - stopped.retryAfterMs).toISOString().slice(0, 10);
  return `${sameDay ? resume.slice(11, 16) : `${resume.slice(0, 10)} ${resume.slice(11, 16)}`} UTC`;
}

// src/core/run/runner.ts
var MAX_CONCURRENCY = 16;
var DEFAULT_CONCURRENCY = 4;
function clampConcurrency(value, fallback = DEFAULT_CONCURRENCY) {
  const n = Number.isFinite(value) ? Math.trunc(value) : fallback;
  return Math.min(MAX_CONCURRENCY, Math.max(1, n));
}
var LANDED = /* @__PURE__ */ new Set(["created", "updated"]);
function fileStateOf(outcome, proven) {
  if (LANDED.has(outcome.kind) || proven) return "published";
  if (outcome.kind === "existsAfterRetry") return "existsUnproven";
  return outcome.kind === "cancelled" ? "cancelled" : "failed";
}
function fileResultOf(item, outcome, proven) {
  const state2 = fileStateOf(outcome, proven);
  return { item, state: state2, outcome, mayHaveLanded: outcome.mayHaveLanded, ...proven ? { proven } : {} };
}
async function runPlan(items, options) {
  const results = new Array(items.length);
  const report2 = (index, result) => {
    results[index] = result;
    options.onResult?.(result);
  };
  const queue = [];
  items.forEach((item, index) => {
    if (item.state === "send" && item.complete) queue.push(index);
    else report2(index, { item, state: item.state === "unchanged" ? "skipped" : item.state === "edited" ? "edited" : "refused", mayHaveLanded: false });
  });
  const total = queue.length;
  const gate = options.gate ?? new ThrottleGate();
  const cancel = new AbortController();
  (0, import_node_events.setMaxListeners)(100, cancel.signal);
  const onAbort = () => cancel.abort();
  if (options.signal?.aborted) cancel.abort();
  options.signal?.addEventListener("abort", onAbort, { once: true });
  let started = 0;
  const notStarted = (item) => {
    const because = notStartedBecause(gate.stoppedBy, options.messages);
    return { item, state: "notStarted", mayHaveLanded: false, ...because !== void 0 ? { notStartedBecause: because } : {} };
  };
  let pages = options.pages;
  const worker = async () => {
    for (let index = queue.shift(); index !== void 0; index = queue.shift()) {
      const planned = items[index];
      const target = planned.complete;
      await gate.wait(cancel.signal);
      if (cancel.signal.aborted || gate.stoppedBy) {
        report2(index, notStarted(planned));
        continue;
      }
      const content = await (options.content ?? ((each) => plannedContent(each, options.messages)))(planned);
      if (cancel.signal.aborted || gate.stoppedBy) {
        report2(index, notStarted(planned));
        continue;
      }
      if (!content.ok) {
        const refused2 = { ...planned, state: "refused", refusals: [...planned.refusals, { code: content.code, message: content.problem, fix: void 0 }] };
        report2(index, { item: refused2, state: "refused", mayHaveLanded: false });
        continue;
      }
      const linkTargets = options.linkTargetsOf ? options.linkTargetsOf(planned) : planned.linkTargets;
      const changed = pages ? await changedSincePlanned(planned, pages, options.guard?.overwriteEdited, cancel.signal, linkTargets).catch(() => {
        pages = void 0;
        return void 0;
      }) : void 0;
      if (cancel.signal.aborted || gate.stoppedBy) {
        report2(index, notStarted(planned));
        continue;
      }
      if (changed?.state === "edited") {
        report2(index, { item: changed, state: "edited", mayHaveLanded: false });
        continue;
      }
      if (changed?.state === "unchanged") {
        report2(index, { item: changed, state: "skipped", mayHaveLanded: false });
        continue;
      }
      const item = changed ?? planned;
      if (options.beforeSend) {
        await options.beforeSend(item).catch(() => void 0);
        if (cancel.signal.aborted || gate.stoppedBy) {
          report2(index, notStarted(item));
          continue;
        }
      }
      options.onStart?.(item, ++started, total);
      let outcome;
      try {
        outcome = await options.send(item, target, { signal: cancel.signal, gate, content: content.content, ...linkTargets !== void 0 ? { linkTargets } : {} });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        outcome = { kind: "unexpected", severity: "error", status: void 0, message, actions: ["showLog"], attempts: 0, mayHaveLanded: false };
      }
      if (refusesToken(outcome)) gate.stopForRefusedToken(outcome.status ?? 0);
      gate.noteOutcome(outcome);
      if (outcome.kind === "throttled" && gate.stoppedBy && !outcome.mayHaveLanded) {
        report2(index, notStarted(item));
        continue;
      }
      const proven = outcome.kind === "existsAfterRetry" ? await proveOwn(options, item, target, cancel.signal) : outcome.kind === "alreadyExists" ? await proveOwn(options, item, target, cancel.signal, digestNow(item, linkTargets)) : void 0;
      report2(index, fileResultOf(item, outcome, proven));
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(clampConcurrency(options.concurrency), Math.max(1, total)) }, worker));
  } finally {
    options.signal?.removeEventListener("abort", onAbort);
  }
  const stop = gate.stoppedBy;
  if (stop) options.onStopped?.({ ...stop, finished: total - results.filter((result) => result.state === "notStarted").length, total });
  return results;
}
async function proveOwn(options, item, target, signal, sentDigest) {
  try {
    return await options.proveOwnPage?.(item, target, signal, sentDigest);
  } catch {
    return void 0;
  }
}
function unfinished(summary) {
  return summary.failed + summary.refused + summary.edited + summary.existsUnproven + summary.cancelled + summary.notStarted;
}
function laterResultCounts(earlier, later) {
  return !(earlier === "published" && (later === "notStarted" || later === "cancelled" || later === "skipped"));
}
function countedResults(results, keyOf) {
  const counted2 = /* @__PURE__ */ new Map();
  for (const result of results) {
    const earlier = counted2.get(keyOf(result));
    if (!earlier || laterResultCounts(earlier.state, result.state)) counted2.set(keyOf(result), result);
  }
  return [...counted2.values()];
}
function summarise(results) {
  const summary = { published: 0, failed: 0, existsUnproven: 0, edited: 0, skipped: 0, refused: 0, notStarted: 0, cancelled: 0 };
  for (const result of results) {
    summary[result.state === "notStarted" ? "notStarted" : result.state]++;
    if (result.state === "edited" && heldWithoutNotice(result.item.guard)) summary.noNotice = (summary.noNotice ?? 0) + 1;
    if (result.state === "edited" && unreadOnWiki(result.item.guard)) summary.lookupFailed = (summary.lookupFailed ?? 0) + 1;
    if (result.state === "edited" && pageElsewhere(result.item.guard)) summary.movedOnWiki = (summary.movedOnWiki ?? 0) + 1;
  }
  return summary;
}

// src/cli/args.ts
var FORMATS = ["text", "json", "markdown"];
var DEFAULT_TIMEOUT_SECONDS = 60;
var MAX_TIMEOUT_SECONDS = 600;
var OPTIONS = {
  space: { type: "string" },
  parent: { type: "string" },
  overwrite: { type: "boolean" },
  "dry-run": { type: "boolean" },
  json: { type: "boolean" },
  concurrency: { type: "string" },
  force: { type: "boolean" },
  state: { type: "string" },
  endpoint: { type: "string" },
  timeout: { type: "string" },
  retarget: { type: "boolean" },
  "overwrite-edited": { type: "boolean" },
  "auth-url": { type: "string" },
  "base-url": { type: "string" },
  tree: { type: "boolean" },
  "no-record": { type: "boolean" },
  diagrams: { type: "string" },
  format: { type: "string" },
  report: { type: "string" },
  "markdown-file": { type: "string" },
  "expect-plan": { type: "string" },
  "no-notice": { type: "boolean" },
  "source-url": { type: "string" },
  "sibling-order": { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "V" }
};
var SECRET_FLAGS = [
  [/^(api-?)?token$/i, "The API token is read only from the WIKI_PUBLISHER_API_TOKEN environment variable"],
  [/client[-_]?secret/i, "The client secret is read only from the WIKI_PUBLISHER_CLIENT_SECRET environment variable"],
  [/platform[-_]?token/i, "The platform token is read only from the WIKI_PUBLISHER_PLATFORM_TOKEN environment variable"],
  [
    /token|secret|password|credential/i,
    "Secrets are read only from the environment (WIKI_PUBLISHER_API_TOKEN, WIKI_PUBLISHER_CLIENT_SECRET, WIKI_PUBLISHER_PLATFORM_TOKEN)"
  ]
];
function parseCommandLine(argv) {
  const secretRefusal = refuseSecretFlags(argv);
  if (secretRefusal !== void 0) return fail(secretRefusal);
  const mistyped = suggestForUnknownOption(argv);
  if (mistyped !== void 0) return fail(mistyped);
  let parsed;
  try {
    parsed = (0, import_node_util.parseArgs)({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true, tokens: true });
  } catch (error) {
    return fail(firstLine(error instanceof Error ? error.message : String(error)));
  }
  const repeated = repeatedValueFlag(parsed.tokens);
  if (repeated !== void 0) return fail(repeated);
  const { values, positionals } = parsed;
  if (values.help) return { ok: true, command: { kind: "help" } };
  if (values.version) return { ok: true, command: { kind: "version" } };
  const [command, ...paths] = positionals;
  if (command === void 0) return fail("No command given.");
  if (command !== "publish" && command !== "plan") return fail(`Unknown command "${command}"; the commands are "publish" and "plan".`);
  if (paths.length === 0) return fail(`Name at least one Markdown file or folder to ${command}.`);
  const format = outputFormat(command, values.format, values.json);
  if (typeof format === "object") return fail(format.problem);
  if (values.report?.trim() === "") return fail("--report must name a file, such as wiki-publisher-junit.xml.");
  if (values["markdown-file"]?.trim() === "") return fail("--markdown-file must name a file, such as wiki-plan.md.");
  const expectPlan = values["expect-plan"]?.trim();
  if (expectPlan !== void 0 && (command === "plan" || values["dry-run"])) return fail("--expect-plan goes with publish (a dry run sends nothing to check).");
  if (expectPlan !== void 0 && !expectPlan.startsWith("@") && !/^[0-9a-fA-F]{12,64}$/.test(expectPlan)) {
    return fail("--expect-plan takes the reviewed plan digest (12 to 64 hex digits, as the plan prints it) or @FILE holding the reviewed plan.");
  }
  if (values.tree && paths.length !== 1) return fail("--tree publishes one folder: name exactly one.");
  if (values["no-record"] && !values.tree) return fail("--no-record goes with --tree (it keeps .wiki-pages.json as it is).");
  const siblingOrder = values["sibling-order"]?.trim().toLowerCase() ?? "links";
  if (siblingOrder !== "links" && siblingOrder !== "name") return fail(`--sibling-order must be "links" (a new page after the pages it links to, sent once) or "name" (the folder's order).`);
  if (values["sibling-order"] !== void 0 && !values.tree) return fail("--sibling-order goes with --tree (it orders the new pages of a tree).");
  const concurrency = integerOption(values.concurrency, DEFAULT_CONCURRENCY, 1, MAX_CONCURRENCY);
  if (concurrency === void 0) return fail(`--concurrency must be a whole number from 1 to ${MAX_CONCURRENCY}.`);
  const timeoutSeconds = integerOption(values.timeout, DEFAULT_TIMEOUT_SECONDS, 1, MAX_TIMEOUT_SECONDS);
  if (timeoutSeconds === void 0) return fail(`--timeout must be a whole number of seconds from 1 to ${MAX_TIMEOUT_SECONDS}.`);
  const spaceId = values.space?.trim();
  if (spaceId === "") return fail("--space must not be empty; give a space key such as DOCS, or a space ID.");
  const parentId = values.parent?.trim();
  if (parentId !== void 0 && !/^\d+$/.test(parentId)) return fail("--parent must be a page ID made of digits only, such as 123456.");
  if (values.state?.trim() === "") return fail("--state must name a file.");
  for (const flag of ["auth-url", "base-url", "source-url"]) {
    if (values[flag]?.trim() === "") return fail(`--${flag} must be a URL, such as https://wiki.example.com.`);
  }
  return {
    ok: true,
    command: {
      kind: "publish",
      args: {
        paths,
        spaceId,
        parentId,
        concurrency,
        timeoutSeconds,
        overwrite: values.overwrite ?? false,
        dryRun: command === "plan" || (values["dry-run"] ?? false),
        json: format === "json",
        format,
        reportPath: values.report,
        markdownPath: values["markdown-file"],
        expectPlan,
        force: values.force ?? false,
        statePath: values.state,
        endpoint: values.endpoint,
        retarget: values.retarget ?? false,
        overwriteEdited: values["overwrite-edited"] ?? false,
        authUrl: values["auth-url"]?.trim(),
        baseUrl: values["base-url"]?.trim(),
        tree: values.tree ?? false,
        noRecord: values["no-record"] ?? false,
        diagrams: values.diagrams?.trim() || void 0,
        noNotice: values["no-notice"] ?? false,
        sourceUrl: values["source-url"]?.trim(),
        siblingOrder
      }
    }
  };
}
function outputFormat(command, format, json) {
  const named = format?.trim().toLowerCase();
  if (named !== void 0 && !FORMATS.includes(named)) return { problem: `--format must be ${FORMATS.join(", ")}.` };
  if (json && named !== void 0 && named !== "json") return { problem: `--json and --format ${named} ask for two formats; give one.` };
  if (json) return "json";
  return named ?? (command === "plan" ? "markdown" : "text");
}
function refuseSecretFlags(argv) {
  const end = argv.indexOf("--");
  for (const arg of end === -1 ? argv : argv.slice(0, end)) {
    const name = /^--?([^=]+)/.exec(arg)?.[1];
    const refusal2 = name === void 0 ? void 0 : SECRET_FLAGS.find(([pattern]) => pattern.test(name))?.[1];
    if (refusal2 !== void 0) return `${refusal2}, never from a flag (command lines show up in process lists and CI logs).`;
  }
  return void 0;
}
function repeatedValueFlag(tokens) {
  const seen = /* @__PURE__ */ new Map();
  for (const token of tokens ?? []) {
    if (token.kind !== "option" || token.value === void 0) continue;
    const earlier = seen.get(token.name);
    if (earlier !== void 0 && earlier !== token.value) {
      return `--${token.name} is given twice, as "${earlier}" and as "${token.value}": give it once.`;
    }
    seen.set(token.name, token.value);
  }
  return void 0;
}
function suggestForUnknownOption(argv) {
  const { tokens } = (0, import_node_util.parseArgs)({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: false, tokens: true });
  for (const token of tokens) {
    if (token.kind === "option-terminator") return void 0;
    if (token.kind !== "option" || Object.hasOwn(OPTIONS, token.name)) continue;
    const meant = token.rawName.startsWith("--") ? closestOption(token.name) : void 0;
    return meant === void 0 ? void 0 : `Unknown option '${token.rawName}'. Did you mean --${meant}?`;
  }
  return void 0;
}
function closestOption(typed) {
  const allowed = Math.min(2, Math.max(1, Math.floor(typed.length / 4)));
  let best;
  for (const name of Object.keys(OPTIONS)) {
    const distance = editDistance(typed.toLowerCase(), name);
    if (distance <= allowed && (best === void 0 || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}
function editDistance(a, b) {
  const rows2 = [];
  for (let i = 0; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const above = rows2[i - 1] ?? [];
      const substitution = (above[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      let distance = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, substitution);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) distance = Math.min(distance, (rows2[i - 2]?.[j - 2] ?? 0) + 1);
      row.push(distance);
    }
    rows2.push(row);
  }
  return rows2[a.length]?.[b.length] ?? 0;
}
function integerOption(text2, fallback, min, max) {
  if (text2 === void 0) return fallback;
  if (!/^\s*\d+\s*$/.test(text2)) return void 0;
  const value = Number(text2);
  return value >= min && value <= max ? value : void 0;
}
function firstLine(text2) {
  return text2.split("\n")[0] ?? text2;
}
function fail(message) {
  return { ok: false, message };
}

// src/cli/exitCodes.ts
var EXIT_OK = 0;
var EXIT_FAILED = 1;
var EXIT_USAGE = 2;
var EXIT_PLAN_CHANGED = 3;
var EXIT_INTERRUPTED = 130;
var EXIT_TERMINATED = 143;
function wouldNotLand(record) {
  if (record.status !== "send") return record.status !== "unchanged";
  return record.wikiEdits?.verdict === "exists" || record.wikiEdits?.verdict === "deleted" && record.wikiEdits.placeTakenBy !== void 0;
}
function runExitCode(summary, interruptCode) {
  return interruptCode ?? (unfinished(summary) > 0 ? EXIT_FAILED : EXIT_OK);
}

// src/cli/files.ts
var import_promises2 = require("node:fs/promises");
var import_node_path3 = require("node:path");

// src/core/walk/walkRules.ts
var MARKDOWN_EXTENSIONS = [".md", ".markdown", ".mdown", ".mkd"];
function isMarkdownFileName(name) {
  const lower = name.toLowerCase();
  for (const extension of MARKDOWN_EXTENSIONS) if (lower.length > extension.length && lower.endsWith(extension)) return true;
  return false;
}
function isSkippedFolderName(name) {
  return name === "node_modules" || name.startsWith(".");
}
function compareRelativePaths(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

// src/core/pattern/nfa.ts
var MAX_PATTERN_LENGTH = 1e3;
var CHAR = 0;
var FOLD = 1;
var NOT_SLASH = 2;
var NOT_SEPARATOR = 3;
var SEPARATOR = 4;
var ANY = 5;
var BYTE_CLASS = 6;
var RANGE_CLASS = 7;
var SPLIT = 8;
var MATCH = 9;
var work = 0;
function countWork(steps) {
  work += steps;
}
var Nfa = class {
  op = [];
  /** A CHAR's or FOLD's code, a class's index in `tables` or `ranges`. */
  arg = [];
  out = [];
  out2 = [];
  tables = [];
  ranges = [];
  start;
  // Scratch for runs: matching is synchronous, so one pattern's sets are never used by two runs at once.
  current = new Int32Array(0);
  next = new Int32Array(0);
  stack = new Int32Array(0);
  marks = new Int32Array(0);
  generation = 0;
  constructor(parts) {
    this.start = this.sequence(parts, this.state(MATCH, 0, -1));
  }
  /** Whether the whole of `units` (bytes, or UTF-16 code units) matches. */
  matches(units) {
    this.prepare();
    let count = this.add(this.current, 0, this.start);
    for (let index = 0; index < units.length && count > 0; index++) {
      const unit = units[index];
      this.generation++;
      let nextCount = 0;
      for (let at = 0; at < count; at++) {
        const state2 = this.current[at];
        work++;
        if (this.accepts(state2, unit)) nextCount = this.add(this.next, nextCount, this.out[state2]);
      }
      [this.current, this.next] = [this.next, this.current];
      count = nextCount;
    }
    for (let at = 0; at < count; at++) if (this.op[this.current[at]] === MATCH) return true;
    return false;
  }
  accepts(state2, unit) {
    const arg = this.arg[state2];
    switch (this.op[state2]) {
      case CHAR:
        return unit === arg;
      case FOLD:
        return (unit >= 65 && unit <= 90 ? unit + 32 : unit) === arg;
      case NOT_SLASH:
        return unit !== 47;
      case NOT_SEPARATOR:
        return unit !== 47 && unit !== 92;
      case SEPARATOR:
        return unit === 47 || unit === 92;
      case ANY:
        return true;
      case BYTE_CLASS:
        return unit < 256 && this.tables[arg][unit] === 1;
      case RANGE_CLASS:
        return inRanges2(this.ranges[arg], unit);
      default:
        return false;
    }
  }
  /** Adds a state and every state reachable from it without a character; returns the list's new length. */
  add(list, length, first) {
    let top = 0;
    this.stack[top++] = first;
    while (top > 0) {
      const state2 = this.stack[--top];
      if (this.marks[state2] === this.generation) continue;
      this.marks[state2] = this.generation;
      work++;
      if (this.op[state2] === SPLIT) {
        this.stack[top++] = this.out2[state2];
        this.stack[top++] = this.out[state2];
      } else {
        list[length++] = state2;
      }
    }
    return length;
  }
  prepare() {
    const size = this.op.length;
    if (this.marks.length !== size) {
      this.current = new Int32Array(size);
      this.next = new Int32Array(size);
      this.stack = new Int32Array(2 * size + 1);
      this.marks = new Int32Array(size);
      this.generation = 0;
    }
    if (this.generation > 1073676288) {
      this.marks.fill(0);
      this.generation = 0;
    }
    this.generation++;
  }
  state(op, arg, out, out2 = -1) {
    this.op.push(op);
    this.arg.push(arg);
    this.out.push(out);
    this.out2.push(out2);
    return this.op.length - 1;
  }
  unit(unit, out) {
    switch (unit.op) {
      case CHAR:
      case FOLD:
        return this.state(unit.op, unit.code, out);
      case BYTE_CLASS:
        this.tables.push(unit.table);
        return this.state(unit.op, this.tables.length - 1, out);
      case RANGE_CLASS:
        this.ranges.push(unit.ranges);
        return this.state(unit.op, this.ranges.length - 1, out);
      default:
        return this.state(unit.op, 0, out);
    }
  }
  /** Compiles parts back to front: each part's states lead to `next`, the start of what follows it. */
  sequence(parts, next) {
    for (let index = parts.length - 1; index >= 0; index--) next = this.part(parts[index], next);
    return next;
  }
  part(part, next) {
    switch (part.kind) {
      case "one":
        return this.unit(part.unit, next);
      case "many": {
        const loop = this.state(SPLIT, 0, -1, next);
        this.out[loop] = this.unit(part.unit, loop);
        return loop;
      }
      case "optional":
        return this.state(SPLIT, 0, this.sequence(part.parts, next), next);
      case "either": {
        let entry = this.sequence(part.choices[part.choices.length - 1] ?? [], next);
        for (let index = part.choices.length - 2; index >= 0; index--) {
          entry = this.state(SPLIT, 0, this.sequence(part.choices[index], next), entry);
        }
        return entry;
      }
    }
  }
};
function inRanges2(ranges, unit) {
  const { pairs: pairs2 } = ranges;
  let inside = false;
  for (let index = 0; index + 1 < pairs2.length && !inside; index += 2) inside = unit >= pairs2[index] && unit <= pairs2[index + 1];
  work += pairs2.length >> 1;
  return inside !== ranges.negated;
}

// src/core/pattern/compiled.ts
var utf8 = new TextEncoder();
var fromUtf8 = new TextDecoder();
var Subject2 = class {
  constructor(text2) {
    this.text = text2;
  }
  text;
  foldedText;
  utf8Bytes;
  utf16Units;
  /** With ASCII letters in lower case, as git folds case (core.ignorecase); other letters stay as they are. */
  folded() {
    this.foldedText ??= asciiLowerCase(this.text);
    return this.foldedText;
  }
  /** As UTF-8, what git matches .gitignore patterns against (a `?` takes one byte). */
  bytes() {
    this.utf8Bytes ??= utf8.encode(this.text);
    return this.utf8Bytes;
  }
  /** As UTF-16 code units, what VS Code's globs match against (a `?` takes one code unit). */
  codeUnits() {
    if (!this.utf16Units) {
      const units = new Uint16Array(this.text.length);
      for (let index = 0; index < units.length; index++) units[index] = this.text.charCodeAt(index);
      this.utf16Units = units;
    }
    return this.utf16Units;
  }
};
function asciiLowerCase(text2) {
  return /[A-Z]/.test(text2) ? text2.replace(/[A-Z]/g, (letter) => String.fromCharCode(letter.charCodeAt(0) + 32)) : text2;
}
function compileParts(parts, options) {
  const folded = parts.some((part) => part.kind === "one" && part.unit.op === FOLD);
  const text2 = (subject) => folded ? subject.folded() : subject.text;
  const leading = literalRun(parts, 0, 1);
  if (leading === parts.length) {
    const literal = decode(parts, 0, parts.length, options);
    return (subject) => {
      countWork(literal.length);
      return text2(subject) === literal;
    };
  }
  const trailing = literalRun(parts, parts.length - 1, -1);
  const suffix = decode(parts, parts.length - trailing, parts.length, options);
  const first = parts[0];
  if (options.nameOnly && leading === 0 && trailing === parts.length - 1 && first?.kind === "many" && first.unit.op === NOT_SLASH) {
    return (subject) => {
      countWork(suffix.length);
      return text2(subject).endsWith(suffix);
    };
  }
  const prefix = decode(parts, 0, leading, options);
  const nfa = new Nfa(parts);
  return (subject) => {
    const value = text2(subject);
    countWork(prefix.length + suffix.length);
    if (value.length < prefix.length + suffix.length || !value.startsWith(prefix) || !value.endsWith(suffix)) return false;
    return nfa.matches(options.alphabet === "utf8" ? subject.bytes() : subject.codeUnits());
  };
}
function literalRun(parts, from, step) {
  let count = 0;
  for (let index = from; index >= 0 && index < parts.length; index += step) {
    const part = parts[index];
    if (part.kind !== "one" || part.unit.op !== CHAR && part.unit.op !== FOLD) break;
    count++;
  }
  return count;
}
function decode(parts, from, to, options) {
  const codes = [];
  for (const part of parts.slice(from, to)) if (part.kind === "one" && "code" in part.unit) codes.push(part.unit.code);
  return options.alphabet === "utf8" ? fromUtf8.decode(Uint8Array.from(codes)) : String.fromCharCode(...codes);
}

// src/core/pattern/wildmatchClass.ts
var BACKSLASH2 = 92;
var CLOSE = 93;
var OPEN = 91;
var COLON2 = 58;
var DASH2 = 45;
var SLASH = 47;
function readBracket(pattern, open3, ignoreCase) {
  let at = open3 + 1;
  let byte = pattern[at];
  if (byte === 94) byte = 33;
  const negated = byte === 33;
  if (negated) byte = pattern[++at];
  const items = [];
  let previous = 0;
  do {
    if (byte === void 0) return void 0;
    if (byte === BACKSLASH2) {
      byte = pattern[++at];
      if (byte === void 0) return void 0;
      items.push({ kind: "byte", byte });
    } else if (byte === DASH2 && previous !== 0 && pattern[at + 1] !== void 0 && pattern[at + 1] !== CLOSE) {
      byte = pattern[++at];
      if (byte === BACKSLASH2) {
        byte = pattern[++at];
        if (byte === void 0) return void 0;
      }
      items.push({ kind: "range", first: previous, last: byte });
      byte = 0;
    } else if (byte === OPEN && pattern[at + 1] === COLON2) {
      const nameStart = at + 2;
      let close = nameStart;
      while (pattern[close] !== void 0 && pattern[close] !== CLOSE) close++;
      if (pattern[close] === void 0) return void 0;
      if (close - nameStart - 1 < 0 || pattern[close - 1] !== COLON2) {
        items.push({ kind: "byte", byte: OPEN });
      } else {
        const name = String.fromCharCode(...pattern.subarray(nameStart, close - 1));
        if (!Object.hasOwn(NAMED2, name)) return void 0;
        items.push({ kind: "named", name });
        at = close;
        byte = 0;
      }
    } else {
      items.push({ kind: "byte", byte });
    }
    previous = byte;
    byte = pattern[++at];
  } while (byte !== CLOSE);
  const table = new Uint8Array(256);
  for (let candidate = 0; candidate < 256; candidate++) {
    const taken = items.some((item) => takes(item, candidate, ignoreCase)) !== negated;
    table[candidate] = taken && candidate !== SLASH ? 1 : 0;
  }
  return { table, end: at + 1 };
}
var isUpper = (byte) => byte >= 65 && byte <= 90;
var isLower = (byte) => byte >= 97 && byte <= 122;
var isDigit2 = (byte) => byte >= 48 && byte <= 57;
var isAlpha = (byte) => isUpper(byte) || isLower(byte);
var isGraph = (byte) => byte > 32 && byte < 127;
var NAMED2 = {
  alnum: (byte) => isAlpha(byte) || isDigit2(byte),
  alpha: isAlpha,
  blank: (byte) => byte === 32 || byte === 9,
  cntrl: (byte) => byte < 32 || byte === 127,
  digit: isDigit2,
  graph: isGraph,
  lower: isLower,
  print: (byte) => byte >= 32 && byte < 127,
  punct: (byte) => isGraph(byte) && !isAlpha(byte) && !isDigit2(byte),
  space: (byte) => byte === 32 || byte >= 9 && byte <= 13,
  upper: (byte, ignoreCase) => isUpper(byte) || ignoreCase && isLower(byte),
  xdigit: (byte) => isDigit2(byte) || byte >= 65 && byte <= 70 || byte >= 97 && byte <= 102
};
function takes(item, textByte, ignoreCase) {
  const byte = ignoreCase && isUpper(textByte) ? textByte + 32 : textByte;
  switch (item.kind) {
    case "byte":
      return byte === item.byte;
    case "range":
      if (byte >= item.first && byte <= item.last) return true;
      return ignoreCase && isLower(byte) && byte - 32 >= item.first && byte - 32 <= item.last;
    case "named":
      return NAMED2[item.name](byte, ignoreCase);
  }
}

// src/core/pattern/gitignorePattern.ts
var utf82 = new TextEncoder();
function parseGitignore(text2, ignoreCase, compile2 = automatonTest) {
  const lines = [];
  const rows2 = text2.replace(/^\ufeff/, "").split("\n");
  for (const [index, row] of rows2.entries()) {
    const written3 = row.endsWith("\r") ? row.slice(0, -1) : row;
    if (written3 === "" || written3.startsWith("#")) continue;
    let pattern = trimTrailingSpaces(written3);
    const negated = pattern.startsWith("!");
    if (negated) pattern = pattern.slice(1);
    const foldersOnly = pattern.endsWith("/");
    if (foldersOnly) pattern = pattern.slice(0, -1);
    const nameOnly = !pattern.includes("/");
    if (!nameOnly && pattern.startsWith("/")) pattern = pattern.slice(1);
    if (pattern === "") continue;
    const facts = { line: index + 1, negated, foldersOnly };
    if (pattern.length > MAX_PATTERN_LENGTH) {
      lines.push({ ...facts, refused: true });
      continue;
    }
    lines.push({ ...facts, refused: false, nameOnly, anyName: /(?:^|\/)\*+$/.test(pattern), matches: compile2(pattern, ignoreCase, !nameOnly) });
  }
  return lines;
}
function automatonTest(pattern, ignoreCase, pathname) {
  const parts = wildmatchParts(utf82.encode(pattern), ignoreCase, pathname);
  return parts ? compileParts(parts, { alphabet: "utf8", nameOnly: !pathname }) : () => false;
}
function trimTrailingSpaces(line) {
  let firstSpace = -1;
  for (let index = 0; index < line.length; index++) {
    const character = line[index];
    if (character === " ") {
      if (firstSpace < 0) firstSpace = index;
    } else if (character === "\\") {
      index++;
      if (index >= line.length) return line;
      firstSpace = -1;
    } else {
      firstSpace = -1;
    }
  }
  return firstSpace < 0 ? line : line.slice(0, firstSpace);
}
var STAR = 42;
var SLASH2 = 47;
var BACKSLASH3 = 92;
function wildmatchParts(pattern, ignoreCase, pathname) {
  const parts = [];
  const literal = (byte) => ignoreCase && byte >= 65 && byte <= 90 ? { kind: "one", unit: { op: FOLD, code: byte + 32 } } : ignoreCase && byte >= 97 && byte <= 122 ? { kind: "one", unit: { op: FOLD, code: byte } } : { kind: "one", unit: { op: CHAR, code: byte } };
  let at = 0;
  while (at < pattern.length) {
    const byte = pattern[at];
    if (byte === BACKSLASH3) {
      const escaped = pattern[at + 1];
      if (escaped === void 0) return void 0;
      parts.push(literal(escaped));
      at += 2;
    } else if (byte === 63) {
      parts.push({ kind: "one", unit: { op: NOT_SLASH } });
      at++;
    } else if (byte === 91) {
      const bracket = readBracket(pattern, at, ignoreCase);
      if (!bracket) return void 0;
      parts.push({ kind: "one", unit: { op: BYTE_CLASS, table: bracket.table } });
      at = bracket.end;
    } else if (byte === STAR) {
      at = stars(pattern, at, pathname, parts);
    } else {
      parts.push(literal(byte));
      at++;
    }
  }
  return parts;
}
function stars(pattern, at, pathname, parts) {
  let end = at;
  while (pattern[end] === STAR) end++;
  const after = pattern[end];
  const wholeSegment = pathname && end - at >= 2 && (at === 0 || pattern[at - 1] === SLASH2) && (after === void 0 || after === SLASH2 || after === BACKSLASH3 && pattern[end + 1] === SLASH2);
  if (!wholeSegment) {
    parts.push({ kind: "many", unit: { op: NOT_SLASH } });
    return end;
  }
  const last2 = parts[parts.length - 1];
  const afterAnyFolders = last2?.kind === "optional";
  if (after === SLASH2) {
    if (!afterAnyFolders) parts.push({ kind: "optional", parts: [{ kind: "many", unit: { op: ANY } }, { kind: "one", unit: { op: CHAR, code: SLASH2 } }] });
    return end + 1;
  }
  if (afterAnyFolders && after === void 0) parts.pop();
  parts.push({ kind: "many", unit: { op: ANY } });
  return end;
}

// src/core/pattern/linearWildmatch.ts
var STAR2 = 42;
var SLASH3 = 47;
var BACKSLASH4 = 92;
var QUESTION = 63;
var OPEN2 = 91;
var FOLD2 = 256;
var ANY_BYTE = -1;
var CLASS = -2;
var ANY_TEXT = 0;
var ANY_FOLDERS = 1;
var utf83 = new TextEncoder();
var fromUtf82 = new TextDecoder();
function compileWildmatch(pattern, ignoreCase, pathname) {
  const compiled = compile(utf83.encode(pattern), ignoreCase, pathname);
  if (!compiled) return () => false;
  const { prefix, suffix, folded, literal, starThenLiteral } = compiled;
  return (subject) => {
    const text2 = folded ? subject.folded() : subject.text;
    countWork(prefix.length + suffix.length);
    if (literal) return text2 === prefix;
    if (text2.length < prefix.length + suffix.length || !text2.startsWith(prefix) || !text2.endsWith(suffix)) return false;
    return starThenLiteral ? !text2.includes("/") : matches(compiled, subject);
  };
}
var STAR_MARK = -1073741824;
var GAP_MARK = STAR_MARK - 1;
var Builder = class {
  tables = [];
  /** Every unit's code, STAR_MARK and GAP_MARK in the order read: where the literal start and end are found. */
  flat = [];
  pieces = [];
  gaps = [];
  piece = [];
  units = [];
  chunks = [0];
  unit(code) {
    this.flat.push(code);
    if (code === SLASH3) this.endGlob();
    else this.units.push(code);
  }
  star() {
    this.flat.push(STAR_MARK);
    this.chunks.push(this.units.length);
  }
  /**
   * A `**` of a segment of its own: only at the start or after a '/', so the glob before it is the empty one that '/'
   * began, and is dropped. Two gaps with no segment between are one, as gitignorePattern.ts reads them.
   */
  gap(kind) {
    this.flat.push(GAP_MARK);
    const last2 = this.gaps.length - 1;
    if (this.piece.length === 0 && last2 >= 0) this.gaps[last2] = this.gaps[last2] === ANY_TEXT || kind === ANY_TEXT ? ANY_TEXT : ANY_FOLDERS;
    else {
      this.pieces.push(this.piece);
      this.gaps.push(kind);
    }
    this.piece = [];
    this.units = [];
    this.chunks = [0];
  }
  done() {
    this.endGlob();
    const { flat } = this;
    let head = 0;
    while (head < flat.length && flat[head] >= 0) head++;
    let tail = flat.length;
    while (tail > head && flat[tail - 1] >= 0) tail--;
    const text2 = (codes) => fromUtf82.decode(Uint8Array.from(codes, (code) => code >= FOLD2 ? code - FOLD2 : code));
    const suffix = flat.slice(tail);
    const literal = head === flat.length;
    const starThenLiteral = tail === 1 && flat[0] === STAR_MARK && !suffix.includes(SLASH3);
    const folded = flat.some((code) => code >= FOLD2);
    const prefix = text2(flat.slice(0, head));
    return { tables: this.tables, pieces: [...this.pieces, this.piece], gaps: this.gaps, prefix, suffix: literal ? "" : text2(suffix), folded, literal, starThenLiteral };
  }
  endGlob() {
    this.piece.push({ units: Int32Array.from(this.units), chunks: Int32Array.from([...this.chunks, this.units.length]) });
    this.units = [];
    this.chunks = [0];
  }
};
function compile(pattern, ignoreCase, pathname) {
  const builder = new Builder();
  const literal = (byte) => ignoreCase && byte >= 65 && byte <= 90 ? FOLD2 + byte + 32 : ignoreCase && byte >= 97 && byte <= 122 ? FOLD2 + byte : byte;
  let at = 0;
  while (at < pattern.length) {
    const byte = pattern[at];
    if (byte === BACKSLASH4) {
      const escaped = pattern[at + 1];
      if (escaped === void 0) return void 0;
      builder.unit(literal(escaped));
      at += 2;
    } else if (byte === QUESTION) {
      builder.unit(ANY_BYTE);
      at++;
    } else if (byte === OPEN2) {
      const bracket = readBracket(pattern, at, ignoreCase);
      if (!bracket) return void 0;
      builder.unit(CLASS - builder.tables.length);
      builder.tables.push(bracket.table);
      at = bracket.end;
    } else if (byte === STAR2) {
      let end = at;
      while (pattern[end] === STAR2) end++;
      const after = pattern[end];
      const wholeSegment = pathname && end - at >= 2 && (at === 0 || pattern[at - 1] === SLASH3) && (after === void 0 || after === SLASH3 || after === BACKSLASH4 && pattern[end + 1] === SLASH3);
      if (!wholeSegment) builder.star();
      else builder.gap(after === SLASH3 ? ANY_FOLDERS : ANY_TEXT);
      at = wholeSegment && after === SLASH3 ? end + 1 : end;
    } else {
      builder.unit(literal(byte));
      at++;
    }
  }
  return builder.done();
}
var work2 = 0;
var cutsOf = /* @__PURE__ */ new WeakMap();
function matches(compiled, subject) {
  const text2 = subject.bytes();
  work2 = 0;
  const only = compiled.pieces.length === 1 ? compiled.pieces[0] : void 0;
  const matched = only?.length === 1 ? globMatches(compiled.tables, only[0], text2, 0, text2.length, false) && text2.indexOf(SLASH3) < 0 : placePieces(compiled, text2, cutsOf.get(subject) ?? cut(subject, text2));
  countWork(work2);
  return matched;
}
function cut(subject, text2) {
  const found = [-1];
  for (let at = text2.indexOf(SLASH3); at >= 0; at = text2.indexOf(SLASH3, at + 1)) found.push(at);
  found.push(text2.length);
  const cuts = Int32Array.from(found);
  cutsOf.set(subject, cuts);
  return cuts;
}
function placePieces(compiled, text2, cuts) {
  const { pieces, gaps } = compiled;
  const segments = cuts.length - 1;
  const lastIndex = pieces.length - 1;
  const lastPiece = pieces[lastIndex];
  if (lastIndex === 0) return lastPiece.length === segments && pieceMatches(compiled, lastPiece, text2, cuts, 0, false);
  const lastFrom = segments - lastPiece.length;
  const first = pieces[0];
  let next = first.length;
  if (next > lastFrom || !pieceMatches(compiled, first, text2, cuts, 0, false)) return false;
  for (let index = 1; index < lastIndex; index++) {
    const piece = pieces[index];
    const floating = gaps[index - 1] === ANY_TEXT;
    let start = next;
    while (start + piece.length <= lastFrom && !pieceMatches(compiled, piece, text2, cuts, start, floating)) start++;
    if (start + piece.length > lastFrom) return false;
    next = start + piece.length;
  }
  return pieceMatches(compiled, lastPiece, text2, cuts, lastFrom, gaps[lastIndex - 1] === ANY_TEXT);
}
function pieceMatches(compiled, piece, text2, cuts, start, floating) {
  for (const [offset, glob] of piece.entries()) {
    const segment = start + offset;
    if (!globMatches(compiled.tables, glob, text2, cuts[segment] + 1, cuts[segment + 1], floating && offset === 0)) return false;
  }
  return true;
}
function globMatches(tables, glob, text2, from, to, floating) {
  const { units, chunks } = glob;
  if (to - from < units.length) return false;
  const count = chunks.length - 1;
  let start = from;
  let middle = 0;
  if (!floating) {
    const length = chunks[1] - chunks[0];
    if (count === 1 && to - from !== length) return false;
    if (!equalAt(tables, units, 0, length, text2, from)) return false;
    if (count === 1) return true;
    start = from + length;
    middle = 1;
  }
  const lastStart = chunks[count - 1];
  const end = to - (units.length - lastStart);
  if (end < start || !equalAt(tables, units, lastStart, units.length - lastStart, text2, end)) return false;
  for (let chunk = middle; chunk < count - 1; chunk++) {
    const first = chunks[chunk];
    const length = chunks[chunk + 1] - first;
    if (length === 1) {
      const code = units[first];
      let at = start;
      while (at < end && !takes2(tables, code, text2[at])) at++;
      work2 += at - start + 1;
      if (at >= end) return false;
      start = at + 1;
    } else {
      const found = find(tables, units, first, length, text2, start, end);
      if (found < 0) return false;
      start = found + length;
    }
  }
  return true;
}
function takes2(tables, code, byte) {
  if (code >= FOLD2) return (byte >= 65 && byte <= 90 ? byte + 32 : byte) === code - FOLD2;
  if (code >= 0) return byte === code;
  return code === ANY_BYTE || tables[CLASS - code][byte] === 1;
}
function equalAt(tables, units, first, length, text2, at) {
  let index = 0;
  while (index < length && takes2(tables, units[first + index], text2[at + index])) index++;
  work2 += index;
  return index === length;
}
var stride = 0;
var rows = new Uint32Array(0);
var state = new Uint32Array(0);
var anyByte = new Uint32Array(0);
var classUnits = new Int32Array(0);
var clearedIn = new Int32Array(256);
var readyIn = new Int32Array(256);
var generation = 0;
function find(tables, units, first, length, text2, from, to) {
  if (to - from < length) return -1;
  if (length === 0) return from;
  const words = length + 31 >>> 5;
  newSearch(words, length);
  let classCount = 0;
  for (let index = 0; index < length; index++) {
    const code = units[first + index];
    const word = index >>> 5;
    const bit = 1 << (index & 31);
    if (code >= FOLD2) setBit(code - FOLD2 - 32, word, bit, words);
    if (code >= 0) setBit(code >= FOLD2 ? code - FOLD2 : code, word, bit, words);
    else if (code === ANY_BYTE) anyByte[word] = anyByte[word] | bit;
    else classUnits[classCount++] = index;
  }
  work2 += length;
  const topWord = length - 1 >>> 5;
  const topBit = 1 << (length - 1 & 31);
  for (let at = from; at < to; at++) {
    const byte = text2[at];
    const base = byte * stride;
    if (readyIn[byte] !== generation) {
      if (clearedIn[byte] !== generation) clearRow(byte, words);
      for (let word = 0; word < words; word++) rows[base + word] = rows[base + word] | anyByte[word];
      for (let index = 0; index < classCount; index++) {
        const unit = classUnits[index];
        const code = units[first + unit];
        if (tables[CLASS - code][byte] === 1) rows[base + (unit >>> 5)] = rows[base + (unit >>> 5)] | 1 << (unit & 31);
      }
      readyIn[byte] = generation;
      work2 += words + classCount;
    }
    let carry = 1;
    for (let word = 0; word < words; word++) {
      const value = state[word];
      state[word] = (value << 1 | carry) & rows[base + word];
      carry = value >>> 31;
    }
    work2 += words;
    if ((state[topWord] & topBit) !== 0) return at - length + 1;
  }
  return -1;
}
function newSearch(words, length) {
  if (words > stride) {
    stride = words;
    rows = new Uint32Array(256 * stride);
    state = new Uint32Array(stride);
    anyByte = new Uint32Array(stride);
    generation = 1073741823;
  }
  if (classUnits.length < length) classUnits = new Int32Array(Math.max(length, 2 * classUnits.length));
  if (generation >= 1073741823) {
    clearedIn.fill(0);
    readyIn.fill(0);
    generation = 0;
  }
  generation++;
  state.fill(0, 0, words);
  anyByte.fill(0, 0, words);
}
function clearRow(byte, words) {
  rows.fill(0, byte * stride, byte * stride + words);
  clearedIn[byte] = generation;
}
function setBit(byte, word, bit, words) {
  if (clearedIn[byte] !== generation) clearRow(byte, words);
  rows[byte * stride + word] = rows[byte * stride + word] | bit;
}

// src/core/walk/gitignore.ts
var GitignoreRules = class _GitignoreRules {
  constructor(layers, ignoreCase, held, ignoredAbove = false) {
    this.layers = layers;
    this.ignoreCase = ignoreCase;
    this.held = held;
    this.ignoredAbove = ignoredAbove;
  }
  layers;
  ignoreCase;
  held;
  ignoredAbove;
  /** The rules in force for `folder`, and the folder's segments below the topmost folder they were read from. */
  static async forFolder(fs, folder) {
    const root = await repositoryRoot(fs, folder);
    const chain = root === void 0 ? [folder] : foldersFrom(fs, root, folder);
    let rules = new _GitignoreRules([], root !== void 0 && await repositoryIgnoresCase(fs, root));
    const segments = [];
    for (const [index, each] of chain.entries()) {
      if (index > 0) {
        segments.push(fs.baseName(each));
        rules = rules.below(rules.verdict(segments, true));
      }
      rules = await rules.enter(fs, each, segments);
    }
    return { rules, segments };
  }
  /** The rules for a subfolder: these plus the subfolder's own .gitignore, if it has one (a link to one does not count, as in git). */
  async enter(fs, folder, segments) {
    const file = fs.child(folder, ".gitignore");
    let text2;
    try {
      if ((await fs.type(file))?.kind !== "file") return this;
      text2 = new TextDecoder().decode(await fs.read(file));
    } catch {
      return this;
    }
    const layer = { depth: segments.length, file: fs.label(file), lines: parseGitignore(text2, this.ignoreCase, compileWildmatch) };
    return new _GitignoreRules([...this.layers, layer], this.ignoreCase, this.held, this.ignoredAbove);
  }
  /** The rules below a folder of this verdict (one not ignored, or one whose verdict could not be told). */
  below(verdict) {
    if (verdict === false || verdict !== true && this.held) return this;
    return new _GitignoreRules(this.layers, this.ignoreCase, verdict === true ? this.held : verdict, this.ignoredAbove || verdict === true);
  }
  /**
   * Whether the entry at `segments` (below the same topmost folder) is ignored, as git decides it: the deepest
   * .gitignore's last matching line wins. A refused line that would win over that match (or, with none, over the
   * default) leaves it untold, unless it could only say the same: a refused `!line` over a file kept, a refused
   * ignoring line over a file ignored. A symbolic link counts as a file, as in git.
   */
  verdict(segments, isFolder) {
    if (this.ignoredAbove) return true;
    const name = new Subject2(segments[segments.length - 1] ?? "");
    let untoldIgnore;
    let untoldNegation;
    for (let layerIndex = this.layers.length - 1; layerIndex >= 0; layerIndex--) {
      const layer = this.layers[layerIndex];
      if (segments.length <= layer.depth) continue;
      let below;
      for (let lineIndex = layer.lines.length - 1; lineIndex >= 0; lineIndex--) {
        const line = layer.lines[lineIndex];
        if (line.foldersOnly && !isFolder) continue;
        if (line.refused) {
          if (line.negated) untoldNegation ??= { source: layer.file, line: line.line };
          else untoldIgnore ??= { source: layer.file, line: line.line };
          continue;
        }
        const subject = line.nameOnly ? name : below ??= new Subject2(segments.slice(layer.depth).join("/"));
        if (line.matches(subject)) return line.negated ? untoldIgnore ?? this.held ?? false : untoldNegation ?? true;
      }
    }
    return untoldIgnore ?? this.held ?? false;
  }
  /**
   * Whether every path below the folder at `segments` (itself not ignored) is ignored: each entry of it, file or folder
   * whatever its name, is matched by an ignoring line whose match does not depend on the name (`data/*`, `data/**`,
   * `*`), with no negation, told or refused, that verdict would read first and that could bring one back. Then nothing
   * below could be taken, and a folder that cannot be listed (a docker volume's, another user's) holds nothing to publish.
   */
  ignoresEveryPathBelow(segments) {
    if (this.ignoredAbove) return true;
    if (this.held) return false;
    const entry = [...segments, ANY_NAME];
    for (let layerIndex = this.layers.length - 1; layerIndex >= 0; layerIndex--) {
      const layer = this.layers[layerIndex];
      if (entry.length <= layer.depth) continue;
      for (let lineIndex = layer.lines.length - 1; lineIndex >= 0; lineIndex--) {
        const line = layer.lines[lineIndex];
        if (line.negated) return false;
        if (line.refused || line.foldersOnly || !line.anyName) continue;
        if (line.matches(new Subject2(line.nameOnly ? ANY_NAME : entry.slice(layer.depth).join("/")))) return true;
      }
    }
    return false;
  }
};
var ANY_NAME = "any-name";
async function repositoryIgnoresCase(fs, root) {
  const config = fs.child(fs.child(root, ".git"), "config");
  try {
    if ((await fs.type(config))?.kind !== "file") return false;
    return setsIgnoreCase(new TextDecoder().decode(await fs.read(config)));
  } catch {
    return false;
  }
}
var SECTION = /^\[\s*([^\]]*?)\s*\]/;
var IGNORE_CASE = /^ignorecase\s*(?:=\s*(.*))?$/i;
var TRUE = /^(?:true|yes|on|1)$/i;
function setsIgnoreCase(config) {
  let inCore = false;
  let ignoreCase = false;
  for (const rawLine of config.split(/\r?\n/)) {
    const line = rawLine.replace(/[#;].*$/, "").trim();
    const section = SECTION.exec(line);
    if (section) inCore = (section[1] ?? "").toLowerCase() === "core";
    const setting = inCore ? IGNORE_CASE.exec(section ? line.slice(section[0].length).trim() : line) : null;
    if (setting) ignoreCase = setting[1] === void 0 || TRUE.test(setting[1].trim());
  }
  return ignoreCase;
}
async function repositoryRoot(fs, folder) {
  for (let current = folder; current !== void 0; current = fs.parent(current)) {
    if (await fs.type(fs.child(current, ".git")).catch(() => void 0) !== void 0) return current;
  }
  return void 0;
}
async function folderInRepository(fs, folder) {
  const root = await repositoryRoot(fs, folder);
  return root === void 0 ? void 0 : foldersFrom(fs, root, folder).slice(1).map((each) => `${fs.baseName(each)}/`).join("");
}
function foldersFrom(fs, top, folder) {
  const chain = [folder];
  for (let current = folder; fs.key(current) !== fs.key(top); ) {
    const up = fs.parent(current);
    if (up === void 0) break;
    chain.unshift(up);
    current = up;
  }
  return chain;
}

// src/core/walk/nodeWalkFs.ts
var import_node_fs2 = require("node:fs");
var import_promises = require("node:fs/promises");
var import_node_path2 = require("node:path");
function nodeWalkFs(options) {
  const { tree } = options;
  const top = options.top ?? tree;
  return {
    async list(folder) {
      const entries = (0, import_node_fs2.readdirSync)(folder, { withFileTypes: true });
      const listed2 = [];
      const links = [];
      for (const entry of entries) {
        const each = { name: entry.name, kind: kindOf(entry) };
        listed2.push(each);
        if (each.kind === "symbolicLink") links.push(each);
      }
      await Promise.all(links.map(async (entry) => {
        const linkTo = await linkTarget(childPath(folder, entry.name));
        if (linkTo) entry.linkTo = linkTo;
      }));
      return listed2;
    },
    async type(location) {
      const stats = lstatOrUndefined(location);
      return stats ? entryType(stats, location) : void 0;
    },
    read: readRegularFile,
    readSync: readRegularFileSync,
    readPlainTextSync,
    readPiecesSync: readRegularFilePiecesSync,
    child: childPath,
    parent: (location) => (0, import_node_path2.dirname)(location) === location ? void 0 : (0, import_node_path2.dirname)(location),
    baseName: (location) => (0, import_node_path2.basename)(location),
    key: (location) => location,
    label: labelsBelow(options.cwd),
    followLink: tree === void 0 ? void 0 : (location) => followLink(location, tree),
    isTreeTop: top === void 0 ? void 0 : (location) => location === top
  };
}
function childPath(folder, name) {
  return folder.endsWith(import_node_path2.sep) ? `${folder}${name}` : `${folder}${import_node_path2.sep}${name}`;
}
function labelsBelow(cwd) {
  const below = cwd.endsWith(import_node_path2.sep) ? cwd : `${cwd}${import_node_path2.sep}`;
  const absolute = (0, import_node_path2.isAbsolute)(cwd);
  return (location) => {
    if (absolute && location.startsWith(below)) {
      const rest = location.slice(below.length);
      return import_node_path2.sep === "/" ? rest : rest.split(import_node_path2.sep).join("/");
    }
    return (0, import_node_path2.relative)(cwd, location).split(import_node_path2.sep).join("/") || location;
  };
}
function lstatOrUndefined(location) {
  try {
    return (0, import_node_fs2.lstatSync)(location, { throwIfNoEntry: false });
  } catch {
    return void 0;
  }
}
function kindOf(entry) {
  if (entry.isSymbolicLink()) return "symbolicLink";
  if (entry.isFile()) return "file";
  return entry.isDirectory() ? "directory" : "other";
}
async function entryType(entry, path) {
  const kind = kindOf(entry);
  if (kind !== "symbolicLink") return { kind };
  const linkTo = await linkTarget(path);
  return linkTo ? { kind, linkTo } : { kind };
}
async function linkTarget(path) {
  const target = await (0, import_promises.stat)(path).catch(() => void 0);
  return target ? kindOf(target) : void 0;
}
var LINK_NOT_FOLLOWED = "it is a symbolic link, and links are not followed.";
var NOT_REGULAR = "it is not a regular file.";
var REFUSAL_WORDS = { link: LINK_NOT_FOLLOWED, notRegular: NOT_REGULAR };
async function readRegularFile(path) {
  let handle;
  try {
    handle = await (0, import_promises.open)(path, REGULAR_FILE_OPEN_FLAGS);
  } catch (error) {
    if (error.code === "ELOOP") throw new NotARegularFile("link", LINK_NOT_FOLLOWED);
    throw error;
  }
  try {
    if (!(await handle.stat()).isFile()) throw new NotARegularFile("notRegular", NOT_REGULAR);
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}
var workingFolder = "";
var belowWorkingFolder = "";
function fromWorkingFolder(path) {
  const cwd = process.cwd();
  if (cwd !== workingFolder) {
    workingFolder = cwd;
    belowWorkingFolder = cwd.endsWith(import_node_path2.sep) ? cwd : `${cwd}${import_node_path2.sep}`;
  }
  return path.length > belowWorkingFolder.length && path.startsWith(belowWorkingFolder) ? path.slice(belowWorkingFolder.length) : path;
}
function readRegularFileSync(path) {
  const { fd, size } = openRegularFileSync(fromWorkingFolder(path), REFUSAL_WORDS);
  try {
    return readToEnd(fd, size);
  } finally {
    (0, import_node_fs2.closeSync)(fd);
  }
}
var PIECE_BYTES = 64 * 1024;
var pieceBuffer;
function readRegularFilePiecesSync(path, take) {
  const { fd } = openRegularFileSync(fromWorkingFolder(path), REFUSAL_WORDS);
  try {
    pieceBuffer ??= Buffer.allocUnsafe(PIECE_BYTES);
    for (; ; ) {
      const read = (0, import_node_fs2.readSync)(fd, pieceBuffer, 0, PIECE_BYTES, null);
      if (read === 0 || !take(pieceBuffer.subarray(0, read))) return;
    }
  } finally {
    (0, import_node_fs2.closeSync)(fd);
  }
}
function readPlainTextSync(path) {
  let text2;
  try {
    text2 = (0, import_node_fs2.readFileSync)(fromWorkingFolder(path), { encoding: "utf8", flag: REGULAR_FILE_OPEN_FLAGS });
  } catch {
    return void 0;
  }
  if (text2.length === 0 || text2.charCodeAt(0) === 65279 || text2.includes("�") || text2.includes("\0")) return void 0;
  return text2;
}
var SCRATCH_LIMIT = 1024 * 1024;
var scratch = Buffer.allocUnsafe(64 * 1024);
function readToEnd(fd, size) {
  if (size > 0 && size < scratch.length) return readInto(fd, scratch, size);
  if (size > 0 && size < SCRATCH_LIMIT) {
    scratch = Buffer.allocUnsafe(Math.min(SCRATCH_LIMIT, Math.max(size + 1, scratch.length * 2)));
    return readInto(fd, scratch, size);
  }
  let buffer = Buffer.allocUnsafe(size > 0 ? size : 8192);
  let length = 0;
  for (; ; ) {
    if (length === buffer.length) {
      if (size > 0) return buffer;
      const larger = Buffer.allocUnsafe(buffer.length * 2);
      buffer.copy(larger, 0, 0, length);
      buffer = larger;
    }
    const read = (0, import_node_fs2.readSync)(fd, buffer, length, buffer.length - length, null);
    if (read === 0) return buffer.subarray(0, length);
    length += read;
  }
}
function readInto(fd, buffer, size) {
  let length = 0;
  while (length < size) {
    const read = (0, import_node_fs2.readSync)(fd, buffer, length, size - length, null);
    if (read === 0) break;
    length += read;
  }
  return buffer.subarray(0, length);
}
async function followLink(location, tree) {
  const target = await (0, import_promises.realpath)(location).catch(() => void 0);
  if (target === void 0) return { target: location, kind: void 0, inside: false };
  const stats = await (0, import_promises.lstat)(target).catch(() => void 0);
  const fromTree = (0, import_node_path2.relative)(tree, target);
  const inside = fromTree === "" || !(0, import_node_path2.isAbsolute)(fromTree) && fromTree !== ".." && !fromTree.startsWith(`..${import_node_path2.sep}`);
  return { target, kind: stats ? kindOf(stats) : void 0, inside };
}

// src/core/util/eventLoop.ts
function turnOfEventLoop() {
  return new Promise((resolve9) => setImmediate(resolve9));
}

// src/core/walk/decode.ts
var import_node_buffer = require("node:buffer");

// src/core/messages/walkMessages.ts
var englishWalkMessages = {
  link: (label) => `${label} is a symbolic link; links are not followed, so that a repository cannot publish files from outside it.`,
  folderLink: (label) => `${label} is a symbolic link to a folder; links to folders are not followed, so that a walk cannot loop or leave the repository.`,
  notRegular: (label) => `${label} is not a regular file (a pipe, socket or device); only regular files are read.`,
  linkOutside: (label) => `${label} is a symbolic link that leads outside the working tree; files from outside the repository are not published.`,
  linkNowhere: (label) => `${label} is a symbolic link that leads nowhere.`,
  linkToNotRegular: (label) => `${label} is a symbolic link to something that is not a regular file or folder; only regular files are read.`,
  missing: (label) => `${label} no longer exists.`,
  unreadable: (label, why) => `${label} could not be read: ${why}`,
  unlistable: (label, why) => `${label} is a folder that could not be listed (${why}), so none of its files is published and no page recorded for them is taken as gone. Make it readable to publish it.`,
  notUtf8: (label, why) => `${label} is not UTF-8 text (${why}); save it as UTF-8 to publish it.`,
  binaryByte: (offset) => `it looks binary: a NUL byte at offset ${offset}`,
  invalidByte: (offset) => `invalid byte at offset ${offset}`,
  oddUtf16: () => "it starts like UTF-16 but has an odd number of bytes",
  invalidUtf16: () => "it starts like UTF-16 but holds an invalid character",
  utf32: () => "it is UTF-32 text, by its byte order mark",
  binaryCharacter: (offset) => `it looks binary: a NUL character at offset ${offset}`,
  tooLarge: (label, megabytes, limitMegabytes) => `${label} is too large to read: ${megabytes} MB, more than the ${limitMegabytes} MB that can be read as text. The wiki's page limit is about 1 MB: split it into several files.`,
  patternRefused: (label, source2, line, max) => line === void 0 ? `${label} is refused: ${source2} holds a pattern longer than ${max} characters, which is not matched, so whether it hides the file cannot be told. Shorten the pattern to publish the file.` : `${label} is refused: line ${line} of ${source2} is a pattern longer than ${max} characters, which is not matched, so whether it ignores the file cannot be told. Shorten the line to publish the file.`,
  tooManyFiles: (named, max) => `${named} holds more than ${max} Markdown files, and a publish plans all of its files or none: publish fewer or smaller folders.`
};

// src/core/walk/decode.ts
var MAX_TEXT_LENGTH = import_node_buffer.constants.MAX_STRING_LENGTH;
var UTF8_BOM = [239, 187, 191];
var UTF32LE_BOM = [255, 254, 0, 0];
var UTF32BE_BOM = [0, 0, 254, 255];
function startsWith(bytes, mark) {
  return bytes.length >= mark.length && mark.every((byte, index) => bytes[index] === byte);
}
var UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
function decodeText(bytes, label, messages = englishWalkMessages, maxLength = MAX_TEXT_LENGTH) {
  if (startsWith(bytes, UTF32LE_BOM) || startsWith(bytes, UTF32BE_BOM)) return refusal(label, messages)(messages.utf32());
  if (bytes[0] === 255 && bytes[1] === 254) return decodeUtf16(bytes, false, label, messages, maxLength);
  if (bytes[0] === 254 && bytes[1] === 255) return decodeUtf16(bytes, true, label, messages, maxLength);
  return decodeUtf8(bytes, label, messages, maxLength);
}
function tooLarge(bytes, label, messages, maxLength) {
  const megabytes = (count) => (count / 1e6).toFixed(1);
  return { ok: false, problem: messages.tooLarge(label, megabytes(bytes.length), megabytes(maxLength)) };
}
function decodeUtf8(bytes, label, messages, maxLength) {
  const start = bytes[0] === UTF8_BOM[0] && bytes[1] === UTF8_BOM[1] && bytes[2] === UTF8_BOM[2] ? UTF8_BOM.length : 0;
  if (bytes.length - start > maxLength) return tooLarge(bytes, label, messages, maxLength);
  const nul = bytes.indexOf(0, start);
  if (nul >= 0) return refusal(label, messages)(messages.binaryByte(nul));
  try {
    return { ok: true, text: UTF8.decode(start === 0 ? bytes : bytes.subarray(start)) };
  } catch {
    const invalid2 = firstInvalidUtf8(bytes, start);
    if (invalid2 >= bytes.length) return tooLarge(bytes, label, messages, maxLength);
    return refusal(label, messages)(messages.invalidByte(invalid2));
  }
}
function refusal(label, messages) {
  return (why) => ({ ok: false, problem: messages.notUtf8(label, why) });
}
function decodeUtf16(bytes, bigEndian, label, messages, maxLength) {
  const body = bytes.subarray(2);
  const refuse3 = refusal(label, messages);
  if (body.length % 2 !== 0) return refuse3(messages.oddUtf16());
  if (body.length / 2 > maxLength) return tooLarge(bytes, label, messages, maxLength);
  const littleEndian = bigEndian ? swapPairs(body) : body;
  let text2;
  try {
    text2 = new TextDecoder("utf-16le", { fatal: true, ignoreBOM: true }).decode(littleEndian);
  } catch {
    return refuse3(messages.invalidUtf16());
  }
  const nul = text2.indexOf("\0");
  return nul >= 0 ? refuse3(messages.binaryCharacter(2 + nul * 2)) : { ok: true, text: text2 };
}
function swapPairs(bytes) {
  const swapped = new Uint8Array(bytes.length);
  for (let index = 0; index + 1 < bytes.length; index += 2) {
    swapped[index] = bytes[index + 1];
    swapped[index + 1] = bytes[index];
  }
  return swapped;
}
function firstInvalidUtf8(bytes, start = 0) {
  let index = start;
  while (index < bytes.length) {
    const lead = bytes[index];
    if (lead < 128) {
      index++;
      continue;
    }
    const length = lead >= 194 && lead <= 223 ? 2 : lead >= 224 && lead <= 239 ? 3 : lead >= 240 && lead <= 244 ? 4 : 0;
    if (length === 0) return index;
    const low = lead === 224 ? 160 : lead === 240 ? 144 : 128;
    const high = lead === 237 ? 159 : lead === 244 ? 143 : 191;
    for (let offset = 1; offset < length; offset++) {
      const byte = bytes[index + offset];
      const [min, max] = offset === 1 ? [low, high] : [128, 191];
      if (byte === void 0 || byte < min || byte > max) return index;
    }
    index += length;
  }
  return bytes.length;
}

// src/core/walk/sameText.ts
var UTF8_BOM2 = [239, 187, 191];
var HEAD_BYTES = UTF8_BOM2.length;
var SameText = class {
  constructor(text2) {
    this.text = text2;
  }
  text;
  decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  /** The characters of `text` the bytes so far decoded to. */
  matched = 0;
  head = [];
  same = true;
  /** The next piece of the bytes; false once they are known to differ (there is no need to read on). */
  take(piece) {
    if (!this.same) return false;
    let rest = piece;
    const head = this.head;
    if (head !== void 0) {
      let used = 0;
      while (head.length < HEAD_BYTES && used < piece.length) head.push(piece[used++]);
      if (head.length < HEAD_BYTES) return true;
      this.head = void 0;
      if (!this.decodeHead(head)) return false;
      rest = piece.subarray(used);
    }
    return this.compare(rest, true);
  }
  /** Whether the bytes taken decode to the text, now that there are no more. */
  end() {
    if (!this.same) return false;
    const head = this.head;
    if (head !== void 0) {
      this.head = void 0;
      if (!this.decodeHead(head)) return false;
    }
    return this.compare(new Uint8Array(0), false) && this.matched === this.text.length;
  }
  /** The first bytes: a byte order mark is dropped, a UTF-16 one is not compared, anything else is text. */
  decodeHead(head) {
    const [first, second] = head;
    if (first === 255 && second === 254 || first === 254 && second === 255) return this.same = false;
    const mark = head.length === HEAD_BYTES && head.every((byte, index) => byte === UTF8_BOM2[index]);
    return mark || this.compare(Uint8Array.from(head), true);
  }
  compare(bytes, more) {
    let decoded;
    try {
      decoded = this.decoder.decode(bytes, { stream: more });
    } catch {
      return this.same = false;
    }
    if (decoded.length > this.text.length - this.matched || !this.text.startsWith(decoded, this.matched)) return this.same = false;
    this.matched += decoded.length;
    return true;
  }
};

// src/core/walk/sources.ts
var READ_CONCURRENCY = 8;
var READ_AHEAD_FILES = 64;
var READ_AHEAD_CHARS = 256 * 1024;
var KEEP_FROM_CHARS = 1024 * 1024;
var KEEP_AT_MOST_CHARS = 16 * 1024 * 1024;
async function sourcesFromWalk(walk, options) {
  return eachSourceFromWalk(walk, options, (source2) => source2);
}
async function eachSourceFromWalk(walk, options, take) {
  const entries = [...walk.files, ...walk.refused].sort((a, b) => compareRelativePaths(a.label, b.label));
  const readSync2 = options.fs.readSync;
  if (readSync2) {
    const readPlain = options.fs.readPlainTextSync;
    const bytes = (file) => readPlain?.call(options.fs, file.readFrom) ?? readSync2.call(options.fs, file.readFrom);
    const readAgain = async function() {
      return readTextSync(this, options, bytes);
    };
    const again2 = (file) => readAgain.bind(file);
    const readPieces = options.openText === void 0 ? options.fs.readPiecesSync : void 0;
    let keptChars = 0;
    const kept = (file, read) => {
      if (!readPieces || !read.ok || read.text.length < KEEP_FROM_CHARS || keptChars + read.text.length > KEEP_AT_MOST_CHARS) return void 0;
      keptChars += read.text.length;
      return unchangedSinceRead(options.fs, readPieces, file, read.text);
    };
    const taken = [];
    const batch = [];
    for (let start = 0; start < entries.length; ) {
      await turnOfEventLoop();
      let end = start;
      let chars = 0;
      while (end < entries.length && end - start < READ_AHEAD_FILES && chars < READ_AHEAD_CHARS) {
        const entry = entries[end];
        const read = isRefused(entry) || options.isCancelled?.() ? void 0 : readTextSync(entry, options, bytes);
        if (read?.ok) chars += read.text.length;
        batch[end - start] = read;
        end++;
      }
      for (let index = start; index < end; index++) {
        const entry = entries[index];
        const read = batch[index - start];
        batch[index - start] = void 0;
        taken.push(take(isRefused(entry) ? refusedSource(entry) : read === void 0 ? unreadSource(entry) : source(entry, read, again2(entry), kept(entry, read))));
      }
      start = end;
    }
    return taken;
  }
  const again = (file) => () => readText(file, options);
  return mapBounded(entries, READ_CONCURRENCY, async (entry) => {
    if (isRefused(entry)) return take(refusedSource(entry));
    if (options.isCancelled?.()) return take(unreadSource(entry));
    return take(source(entry, await readText(entry, options), again(entry)));
  });
}
function isRefused(entry) {
  return "reason" in entry;
}
function refusedSource(entry) {
  return { key: entry.key, label: entry.label, text: "", readProblem: entry.reason };
}
function unreadSource(file) {
  return { key: file.key, label: file.label, text: "", readProblem: "not read: cancelled" };
}
function source(file, decoded, readAgain, unchanged) {
  if (!decoded.ok) return { key: file.key, label: file.label, text: "", readProblem: decoded.problem };
  if (unchanged) return { key: file.key, label: file.label, text: decoded.text, readAgain, unchangedSinceRead: unchanged };
  return { key: file.key, label: file.label, text: decoded.text, readAgain };
}
function unchangedSinceRead(fs, readPieces, file, text2) {
  return async () => {
    const same = new SameText(text2);
    try {
      readPieces.call(fs, file.readFrom, (piece) => same.take(piece));
    } catch {
      return false;
    }
    return same.end();
  };
}
async function readText(file, options) {
  const open3 = options.openText?.(file.key);
  if (open3 !== void 0) return { ok: true, text: open3 };
  try {
    return decodeText(await options.fs.read(file.readFrom), file.label, options.messages ?? englishWalkMessages);
  } catch (error) {
    return { ok: false, problem: (options.messages ?? englishWalkMessages).unreadable(file.label, describeError(error)) };
  }
}
function readTextSync(file, options, read) {
  const open3 = options.openText?.(file.key);
  if (open3 !== void 0) return { ok: true, text: open3 };
  try {
    const contents = read(file);
    return typeof contents === "string" ? { ok: true, text: contents } : decodeText(contents, file.label, options.messages ?? englishWalkMessages);
  } catch (error) {
    return { ok: false, problem: (options.messages ?? englishWalkMessages).unreadable(file.label, describeError(error)) };
  }
}

// src/core/pattern/refusedPattern.ts
function isRefusedPattern(verdict) {
  return typeof verdict === "object";
}

// src/core/walk/walk.ts
var DEFAULT_MAX_FILES = 2e3;
async function walkSelection(named, options) {
  const walk = new Walk(options);
  for (const [index, location] of named.entries()) {
    if (walk.stopped()) break;
    await walk.named(location, index);
  }
  return walk.result();
}
function listingError(error) {
  const code = error?.code;
  return typeof code === "string" && /^[A-Z][A-Z0-9_]{1,31}$/.test(code) ? code : describeError(error);
}
var Walk = class {
  constructor(options) {
    this.options = options;
    this.words = options.messages ?? englishWalkMessages;
    this.fs = options.fs;
    this.maxFiles = options.maxFiles ?? DEFAULT_MAX_FILES;
  }
  options;
  fs;
  maxFiles;
  files = /* @__PURE__ */ new Map();
  refused = /* @__PURE__ */ new Map();
  problems = [];
  /** Folders on the way to a named location already found to be no link out: many names share them. */
  clearFolders = /* @__PURE__ */ new Set();
  truncated = false;
  words;
  stopped() {
    return this.truncated || (this.options.isCancelled?.() ?? false);
  }
  result() {
    return { files: [...this.files.values()], refused: [...this.refused.values()], truncated: this.truncated, problems: this.problems };
  }
  async named(location, index) {
    if (!await this.wayIsClear(location)) return;
    const type = await this.fs.type(location).catch(() => void 0);
    if (!type) return this.problem(index, "missing");
    const markdown = isMarkdownFileName(this.fs.baseName(location));
    if (type.kind === "directory") return this.root(location);
    if (type.kind === "symbolicLink") return this.namedLink(location, type, markdown, index);
    if (!markdown) return this.problem(index, "notMarkdown");
    if (type.kind === "file") this.take(location, location);
    else this.refuse(location, this.words.notRegular);
  }
  async namedLink(location, type, markdown, index) {
    const toFolder = type.linkTo === "directory";
    if (!toFolder && !markdown) return this.problem(index, "notMarkdown");
    const link = await this.fs.followLink?.(location).catch(() => void 0);
    const refusal2 = this.linkRefusal(link, toFolder);
    if (refusal2 || !link) return this.refuse(location, refusal2 ?? this.words.link);
    if (link.kind === "directory") return this.root(link.target);
    if (link.kind !== "file") return this.refuse(location, this.words.linkToNotRegular);
    if (markdown) this.take(location, link.target);
    else this.problem(index, "notMarkdown");
  }
  /**
   * Whether every folder between the top of the working tree and a named location is a folder, or a link to a folder
   * inside the tree: naming docs/linkdir/secret.md must not reach what naming docs/linkdir may not. The first that is
   * not is refused under its own name, as if it had been named. A location below no top was named by the person
   * running the walk, not reached through the repository, so the folders above it (macOS's /tmp is a link) are not checked.
   */
  async wayIsClear(location) {
    for (const folder of this.foldersOnTheWay(location)) {
      const key = this.fs.key(folder);
      if (this.clearFolders.has(key)) continue;
      const type = await this.fs.type(folder).catch(() => void 0);
      const refusal2 = type?.kind === "symbolicLink" ? await this.linkOnTheWay(folder) : void 0;
      if (refusal2) {
        this.refuse(folder, refusal2);
        return false;
      }
      this.clearFolders.add(key);
    }
    return true;
  }
  /** The folders from just below the top of the working tree down to the location's own; none when no top is above it. */
  foldersOnTheWay(location) {
    if (!this.fs.isTreeTop || this.fs.isTreeTop(location)) return [];
    const way = [];
    for (let folder = this.fs.parent(location); folder !== void 0; folder = this.fs.parent(folder)) {
      if (this.fs.isTreeTop(folder)) return way.reverse();
      way.push(folder);
    }
    return [];
  }
  /** Why a link on the way to a named location is refused; undefined when it leads to a folder inside the tree. */
  async linkOnTheWay(folder) {
    const link = await this.fs.followLink?.(folder).catch(() => void 0);
    return this.linkRefusal(link, true) ?? (link?.kind === "directory" ? void 0 : this.words.linkToNotRegular);
  }
  /**
   * Why a followed link is refused whatever it leads to: the port could not follow it, it leads nowhere, or out of the
   * working tree. Undefined when it leads to something inside, which the caller judges.
   */
  linkRefusal(link, toFolder) {
    if (!link) return toFolder ? this.words.folderLink : this.words.link;
    if (link.kind === void 0) return this.words.linkNowhere;
    return link.inside ? void 0 : this.words.linkOutside;
  }
  /** A folder named explicitly: walked even when it is a dot-folder, with the .gitignore files above it in force. */
  async root(folder) {
    const { rules, segments } = await GitignoreRules.forFolder(this.fs, folder);
    await this.folder(folder, rules, segments);
  }
  async folder(folder, rules, segments) {
    let entries;
    try {
      entries = await this.fs.list(folder);
    } catch (error) {
      if (rules.ignoresEveryPathBelow(segments) || this.options.excludesEverythingIn?.(folder) === true) return;
      this.refuse(folder, (label) => this.words.unlistable(label, listingError(error)));
      return;
    }
    entries.sort((a, b) => compareRelativePaths(a.name, b.name));
    for (const entry of entries) {
      if (this.stopped()) return;
      const location = this.fs.child(folder, entry.name);
      const hidden = this.options.exclude?.(location) ?? false;
      if (hidden === true) continue;
      const walking = this.entry(location, entry, hidden === false ? rules : rules.below(hidden), [...segments, entry.name]);
      if (walking) await walking;
    }
  }
  /** Takes, refuses or leaves out an entry; a folder to walk comes back as the walk of it. */
  entry(location, entry, rules, path) {
    const markdown = isMarkdownFileName(entry.name);
    switch (entry.kind) {
      case "directory": {
        if (isSkippedFolderName(entry.name)) return void 0;
        const verdict = rules.verdict(path, true);
        if (verdict === true) return void 0;
        return this.subfolder(location, rules.below(verdict), path);
      }
      case "symbolicLink": {
        const toFolder = entry.linkTo === "directory";
        if (rules.verdict(path, false) === true || toFolder && rules.verdict(path, true) === true) return;
        if (markdown) this.refuse(location, this.words.link);
        else if (toFolder && !isSkippedFolderName(entry.name)) this.refuse(location, this.words.folderLink);
        return;
      }
      case "file":
        if (markdown) this.takeUnlessIgnored(location, rules.verdict(path, false));
        return;
      case "other":
        if (markdown && rules.verdict(path, false) !== true) this.refuse(location, this.words.notRegular);
    }
    return void 0;
  }
  takeUnlessIgnored(location, verdict) {
    if (verdict === false) this.take(location, location);
    else if (isRefusedPattern(verdict)) this.refuse(location, (label) => this.words.patternRefused(label, verdict.source, verdict.line, MAX_PATTERN_LENGTH));
  }
  async subfolder(location, rules, path) {
    await this.folder(location, await rules.enter(this.fs, location, path), path);
  }
  take(location, readFrom) {
    const key = this.fs.key(location);
    if (this.files.has(key)) return;
    const wasRefused = this.refused.size > 0 && this.refused.delete(key);
    if (!wasRefused && !this.room()) return;
    this.files.set(key, { location, readFrom, key, label: this.fs.label(location) });
  }
  refuse(location, reason) {
    const key = this.fs.key(location);
    if (this.files.has(key) || this.refused.has(key) || !this.room()) return;
    const label = this.fs.label(location);
    this.refused.set(key, { key, label, reason: reason(label) });
  }
  problem(index, problem) {
    this.problems.push({ index, problem });
  }
  room() {
    if (this.files.size + this.refused.size < this.maxFiles) return true;
    this.truncated = true;
    return false;
  }
};

// src/core/walk/publishWalk.ts
var MAX_PUBLISH_FILES = 1e4;
async function walkToPublish(named, options) {
  const walk = await walkSelection(named, { ...options, maxFiles: MAX_PUBLISH_FILES });
  if (options.isCancelled?.()) return { ok: false, cut: "cancelled" };
  if (walk.truncated) return { ok: false, cut: "tooMany" };
  return { ok: true, walk };
}

// src/cli/files.ts
async function readMarkdownSources(paths, cwd) {
  const walked = await walkArguments(paths, cwd);
  if (!walked.ok) return walked;
  return { ok: true, files: await sourcesFromWalk(walked.result, { fs: walked.fs }) };
}
async function cliWorkingTree(cwd) {
  return await repositoryRoot(nodeWalkFs({ cwd }), cwd) ?? cwd;
}
async function walkArguments(paths, cwd) {
  const root = await cliWorkingTree(cwd);
  const fs = nodeWalkFs({ cwd: root, tree: await (0, import_promises2.realpath)(root).catch(() => root), top: root });
  const walked = await walkToPublish(paths.map((path) => (0, import_node_path3.resolve)(cwd, path)), { fs });
  if (!walked.ok) return { ok: false, message: englishWalkMessages.tooManyFiles(paths.join(", "), MAX_PUBLISH_FILES.toLocaleString("en-US")) };
  const result = walked.walk;
  const [problem] = result.problems;
  if (problem) {
    const arg = paths[problem.index] ?? "";
    return {
      ok: false,
      message: problem.problem === "missing" ? `No such file or folder: ${arg}.` : `${arg} is not a Markdown file (${MARKDOWN_EXTENSIONS.join(", ")}).`
    };
  }
  if (result.files.length + result.refused.length === 0) return { ok: false, message: `No Markdown files found in ${paths.join(", ")}.` };
  return { ok: true, fs, result, labelRoot: root };
}

// src/cli/interruption.ts
var import_node_events2 = require("node:events");
function interruption(output) {
  const controller = new AbortController();
  (0, import_node_events2.setMaxListeners)(100, controller.signal);
  let exitCode;
  const onSignal = (code, again) => () => {
    if (exitCode !== void 0) process.exit(exitCode);
    exitCode = code;
    output.problem(`Interrupted: no new file starts and requests in flight are aborted. ${again}`);
    controller.abort();
  };
  process.on("SIGINT", onSignal(EXIT_INTERRUPTED, "Press Ctrl+C again to quit at once."));
  process.on("SIGTERM", onSignal(EXIT_TERMINATED, "(SIGTERM: a second one quits at once.)"));
  return { interrupt: controller.signal, interruptExitCode: () => exitCode };
}

// src/cli/output.ts
var CLEAR_LINE = "\r\x1B[2K";
var PLAIN_IN_JSON = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
var Output = class {
  constructor(stdout, stderr) {
    this.stdout = stdout;
    this.stderr = stderr;
    for (const stream of [stdout, stderr]) stream.on?.("error", () => this.closed.add(stream));
  }
  stdout;
  stderr;
  secrets = [];
  progressShown = false;
  closed = /* @__PURE__ */ new Set();
  recordListeners = [];
  /** Never prints this text again, wherever it appears. */
  forget(secret) {
    if (secret.length < 8) return;
    this.secrets.push(secret);
    const shown2 = escapeControlCharacters(secret);
    if (shown2 !== secret) this.secrets.push(shown2);
  }
  /**
   * One line, whatever it holds: a line feed in it (a file's name, a title, a manifest's key) is written as \n, as every
   * other control character is escaped, so no text from a file, a manifest or the wiki can start a line that reads as
   * the tool's, or as a workflow command (`::error::`) when the command runs in a GitHub Actions step. Lines of the
   * caller's own are separate texts of lines().
   */
  line(text2) {
    this.lines([text2]);
  }
  /**
   * Lines, each one line as line() prints it, redacted, in one write: a plan of 10,000 pages is not 10,000 system
   * calls. Most batches hold no control character: the joined text is escaped and searched once, and a count of its
   * line feeds shows that no text had one of its own.
   */
  lines(texts) {
    if (texts.length === 0) return;
    const joined = [...texts, ""].join("\n");
    this.clearProgress();
    if (lineFeedsIn(joined) !== texts.length || escapeControlCharacters(joined, true) !== joined) {
      this.write(this.stdout, this.escapedScrubLines(texts.map((text2) => escapeControlCharacters(text2))));
      return;
    }
    this.write(this.stdout, this.scrubEscaped(texts, joined));
  }
  /**
   * A whole document (the plan's Markdown), redacted as line() does but never cut: a plan of many files is longer
   * than a log line may be, and its digest comes last.
   */
  document(text2) {
    this.clearProgress();
    this.write(this.stdout, `${this.cutSecrets(redactWhole(text2))}
`);
  }
  /** One JSON object on one line; string values are redacted one by one, so the line stays valid JSON. */
  json(value) {
    this.clearProgress();
    this.write(this.stdout, `${this.redactedJson(value)}
`);
  }
  /**
   * Many objects as json() prints each, in one write: a plan of 10,000 pages is not 10,000 system calls. Their texts
   * are searched for what scrubbing would change all at once; only a batch with something to look at is redacted
   * object by object.
   */
  jsonLines(values) {
    if (values.length === 0) return;
    this.clearProgress();
    const texts = values.map((value) => JSON.stringify(value));
    const joined = [...texts, ""].join("\n");
    this.write(this.stdout, this.scrubsNothingInJson(texts, joined) ? joined : values.map((value) => `${this.redactedJson(value)}
`).join(""));
  }
  redactedJson(value) {
    const plain = JSON.stringify(value);
    if (this.scrubsNothingInJson([plain], plain)) return plain;
    return JSON.stringify(this.scrubbedValue(value));
  }
  /**
   * The value with every string scrubbed, the members' names too: a plan's entries are keyed by file paths, and a
   * path may quote a secret (a replacer passed to JSON.stringify sees the values only).
   */
  scrubbedValue(value) {
    if (typeof value === "string") return this.scrub(value);
    if (Array.isArray(value)) return value.map((member) => this.scrubbedValue(member));
    if (value === null || typeof value !== "object") return value;
    const plain = "toJSON" in value && typeof value.toJSON === "function" ? value.toJSON() : value;
    if (plain !== value) return this.scrubbedValue(plain);
    const scrubbed2 = {};
    for (const [name, member] of Object.entries(value)) if (member !== void 0 && typeof member !== "function") scrubbed2[this.scrub(name)] = this.scrubbedValue(member);
    return scrubbed2;
  }
  /**
   * Whether scrub() leaves every string in these JSON texts as it is (`joined`: the texts joined by newlines). A
   * forgotten secret of characters that JSON writes as they are (printable, no quote, no backslash) shows in the text
   * wherever a string holds it; with any other secret each string is looked at.
   */
  scrubsNothingInJson(texts, joined) {
    return redactsNothingInJson(texts, joined) && this.secrets.every((secret) => PLAIN_IN_JSON.test(secret) && !joined.includes(secret));
  }
  /** Whether record() tells anyone: a caller printing text can skip building records nobody reads. */
  get recording() {
    return this.recordListeners.length > 0;
  }
  /** Told every record of the run (plan, file, tree, summary), redacted, whatever the output format. */
  onRecord(listener) {
    this.recordListeners.push(listener);
  }
  /**
   * A record of the run for the listeners (the Markdown plan, the JUnit report, the GitHub Action): a redacted copy,
   * so nothing rendered from it can carry a secret. Printing it is still json()'s or line()'s job.
   */
  record(value) {
    if (this.recordListeners.length === 0) return;
    const copy = JSON.parse(this.redactedJson(value));
    for (const listener of this.recordListeners) listener(copy);
  }
  problem(text2) {
    this.clearProgress();
    this.write(this.stderr, `wiki-publisher: ${this.scrub(escapeControlCharacters(text2))}
`);
  }
  progress(text2) {
    if (!this.stderr.isTTY) return;
    this.write(this.stderr, `${CLEAR_LINE}${this.scrub(escapeControlCharacters(text2))}`);
    this.progressShown = true;
  }
  clearProgress() {
    if (!this.progressShown) return;
    this.write(this.stderr, CLEAR_LINE);
    this.progressShown = false;
  }
  write(stream, text2) {
    if (!this.closed.has(stream)) stream.write(text2);
  }
  scrub(text2) {
    return this.cutSecrets(redact(text2));
  }
  /** The lines of texts that escaping leaves as they are, redacted; `joined`: them joined by newlines, with one at the end. */
  scrubEscaped(texts, joined) {
    if (this.secrets.some((secret) => secret.includes("\n")) || !redactsNothingInLines(texts, joined)) return this.escapedScrubLines(texts);
    return this.cutSecrets(joined);
  }
  escapedScrubLines(texts) {
    if (this.secrets.some((secret) => secret.includes("\n"))) return texts.map((text2) => `${this.scrub(text2)}
`).join("");
    return this.cutSecrets(redactLines(texts));
  }
  cutSecrets(text2) {
    let cut2 = text2;
    for (const secret of this.secrets) cut2 = cut2.split(secret).join("[redacted]");
    return cut2;
  }
};
function lineFeedsIn(text2) {
  let count = 0;
  for (let at = text2.indexOf("\n"); at !== -1; at = text2.indexOf("\n", at + 1)) count++;
  return count;
}

// src/core/run/planDigest.ts
var import_node_crypto = require("node:crypto");
var FORMAT = "wiki-publisher plan digest v4";
var ENTRY_HASH_LENGTH = 16;
var DIGEST_CHUNK = 64 * 1024;
var SHORT_DIGEST_LENGTH = 12;
function planFingerprint(entries, options) {
  const sorted = [...entries].sort((a, b) => a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  const described = sorted.map((entry) => JSON.stringify(describeEntry(entry, options.wiki)));
  const digest = (0, import_node_crypto.createHash)("sha256").update(`${FORMAT}
wiki ${options.wiki ? "checked" : "not checked"}`, "utf8");
  let pending = "";
  for (let index = 0; index < sorted.length; index++) {
    pending += `
${JSON.stringify(sorted[index].key)} ${described[index]}`;
    if (pending.length >= DIGEST_CHUNK) {
      digest.update(pending, "utf8");
      pending = "";
    }
  }
  digest.update(pending, "utf8");
  let entryHashes;
  let sourcesByKey;
  return {
    digest: digest.digest("hex"),
    wikiChecked: options.wiki,
    // Made when first asked for: a dry run printed as text says only the digest.
    get entries() {
      entryHashes ??= new Map(sorted.map((entry, index) => [entry.key, sha256(described[index]).slice(0, ENTRY_HASH_LENGTH)]));
      return entryHashes;
    },
    // Made once, when a reviewed plan's differences are looked at (planLanded.ts asks it for each).
    get sources() {
      sourcesByKey ??= new Map(sorted.map((entry) => [entry.key, entry]));
      return sourcesByKey;
    }
  };
}
function shortDigest(digest) {
  return digest.slice(0, SHORT_DIGEST_LENGTH);
}
function digestMatches(expected, digest) {
  const wanted = expected.trim().toLowerCase();
  return /^[0-9a-f]+$/.test(wanted) && wanted.length >= SHORT_DIGEST_LENGTH && digest.startsWith(wanted);
}
function describeEntry(entry, wiki) {
  const { item } = entry;
  const planned = !wiki && item.beforeWiki ? item.beforeWiki : item;
  const target = planned.complete ?? item.target;
  const onto = wiki ? existingPageOf(item) : void 0;
  const overwrite = wiki && item.state === "edited" && guardedPage(item.guard) !== void 0 ? "held" : target.overwrite ?? null;
  const files = [
    entry.key,
    entry.treeParent ?? null,
    target.spaceId ?? null,
    target.parentId ?? null,
    target.pageTitle ?? null,
    overwrite,
    item.contentSha256,
    onto ? "onto" : stateOf(item, planned.state, wiki)
  ];
  if (!wiki) return files;
  if (onto) return [...files, null, "onto", onto.id, onto.version];
  const page = guardedPage(item.guard) ?? item.pageFound;
  const kind = item.state === "send" ? sendKind(item) : null;
  const pageId = page?.id ?? (item.guard?.kind === "deleted" ? item.guard.pageId : null);
  return [...files, kind, item.guard?.kind ?? (item.state === "unchanged" ? "unchanged" : null), pageId, page?.version ?? null];
}
function existingPageOf(item) {
  if (item.state === "unchanged") return item.pageFound;
  const page = guardedPage(item.guard);
  if (!page) return void 0;
  const sent = item.state === "send" && item.complete?.overwrite === true && (item.guard?.kind === "asLeft" || item.guard?.kind === "notOurs");
  return sent ? { id: page.id, version: page.version } : void 0;
}
function stateOf(item, state2, wiki) {
  if (state2 === "incomplete") return "refused";
  if (state2 === "unchanged") return "send";
  if (wiki) return state2;
  if (state2 === "refused" && refusedForWantOfWiki(item)) return "send";
  return state2 === "edited" ? "send" : state2;
}
function entryHash(description) {
  return sha256(JSON.stringify(description)).slice(0, ENTRY_HASH_LENGTH);
}
function sha256(text2) {
  return sha256Hex(text2);
}

// src/cli/markdownText.ts
var ESCAPED = /* @__PURE__ */ new Set(["\\", "`", "*", "_", "[", "]", "|", "~", "$"]);
var ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
function inlineText(text2) {
  let out = "";
  for (const char of inertOnGitHub(text2.replace(/\r\n?|\n/g, " "))) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 32 || code === 127 || code >= 128 && code < 160 || code === 8232 || code === 8233) out += " ";
    else if (ENTITIES[char]) out += ENTITIES[char];
    else if (ESCAPED.has(char)) out += `\\${char}`;
    else out += char;
  }
  return out;
}
function linkText(text2, address2) {
  const href = safeHref(address2);
  return href ? `[${inlineText(text2)}](${href})` : inlineText(text2);
}
function pageNamesLinked(markdown, addresses) {
  if (addresses.size === 0) return markdown;
  return markdown.replace(/&quot;((?:(?!&quot;)[^|])+?)&quot; \(page (\d+)\)/g, (whole, title, id) => {
    const href = safeHref(addresses.get(id));
    return href ? `[${title}](${href}) (page ${id})` : whole;
  });
}
function safeHref(address2) {
  if (!address2) return void 0;
  let url;
  try {
    url = new URL(address2);
  } catch {
    return void 0;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return void 0;
  return url.href.replace(/[()<>|\\ "'`[\]]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
}
var charCount = (text2) => text2.length;
var utf8Bytes = (text2) => Buffer.byteLength(text2, "utf8");
function fitDocument(lines, tail, max, cutNote, sizeOf = charCount) {
  const tailText = tail.join("\n");
  const kept = [];
  let used = sizeOf(tailText) + 200;
  for (const [index, line] of lines.entries()) {
    const size = sizeOf(line) + 1;
    if (used + size > max) {
      kept.push("", cutNote(lines.length - index));
      break;
    }
    kept.push(line);
    used += size;
  }
  return `${[...kept, ...tail].join("\n")}
`;
}
function fitTableRows(rows2, budget, sizeOf, leftOutNote) {
  const sizes = rows2.map((row) => sizeOf(row.line) + 1);
  let total = sizes.reduce((sum, size) => sum + size, 0);
  if (total <= budget) return rows2.map((row) => row.line);
  const leftOut = /* @__PURE__ */ new Set();
  const noteSize = sizeOf(leftOutNote(rows2.length)) + 2;
  for (let index = rows2.length - 1; index >= 0 && total + noteSize > budget; index--) {
    if (!rows2[index]?.plain) continue;
    leftOut.add(index);
    total -= sizes[index] ?? 0;
  }
  if (leftOut.size === 0) return rows2.map((row) => row.line);
  return [...rows2.filter((_row, index) => !leftOut.has(index)).map((row) => row.line), "", leftOutNote(leftOut.size)];
}

// src/cli/planMarkers.ts
var DIGEST_MARKER = /<!--\s*wiki-publisher-plan-digest:\s*([0-9a-f]{64})\s+wiki:\s*(checked|not-checked)\s*-->/g;
var ENTRIES_MARKER = /<!--\s*wiki-publisher-plan-entries:\s*([A-Za-z0-9_-]*)\s*-->/g;
var MAX_ENTRIES_CHARS = 24e3;
function planMarkers(plan) {
  const digest = `<!-- wiki-publisher-plan-digest: ${plan.digest} wiki: ${plan.wikiChecked ? "checked" : "not-checked"} -->`;
  const encoded = Buffer.from(JSON.stringify(Object.entries(plan.entries)), "utf8").toString("base64url");
  return encoded.length <= MAX_ENTRIES_CHARS ? `${digest}
<!-- wiki-publisher-plan-entries: ${encoded} -->` : digest;
}
function reviewedPlanFromText(text2) {
  const bare = text2.trim();
  if (/^[0-9a-fA-F]{12,64}$/.test(bare)) return { ok: true, plan: { digest: bare.toLowerCase() } };
  const found = [...fromMarkers(text2), ...fromJsonLines(text2)];
  const digests = new Set(found.map((plan2) => plan2.digest));
  if (digests.size > 1) return { ok: false, message: "The reviewed plan holds more than one plan digest; give the one plan that was reviewed." };
  const [plan] = found;
  if (!plan) return { ok: false, message: "No plan digest found in the reviewed plan (expected the Markdown of `wiki-publisher plan`, a dry run's --json output, or the digest itself)." };
  return { ok: true, plan };
}
function fromMarkers(text2) {
  const digests = [...text2.matchAll(DIGEST_MARKER)];
  const entries = [...text2.matchAll(ENTRIES_MARKER)].map((match) => decodeEntries(match[1] ?? ""));
  return digests.map((match) => {
    const plan = { digest: match[1], wikiChecked: match[2] === "checked" };
    return digests.length === 1 && entries.length === 1 && entries[0] ? { ...plan, entries: entries[0] } : plan;
  });
}
function decodeEntries(encoded) {
  try {
    const pairs2 = JSON.parse(Buffer.from(encoded, "base64url").toString("utf8"));
    if (!Array.isArray(pairs2) || !pairs2.every((pair) => Array.isArray(pair) && pair.length === 2 && pair.every((part) => typeof part === "string"))) return void 0;
    return new Map(pairs2);
  } catch {
    return void 0;
  }
}
function fromJsonLines(text2) {
  const plans = [];
  for (const line of text2.split("\n")) {
    if (!line.trimStart().startsWith("{")) continue;
    let record;
    try {
      record = JSON.parse(line);
    } catch {
      continue;
    }
    const plan = record.type === "summary" ? record.plan : void 0;
    if (plan && typeof plan.digest === "string" && /^[0-9a-f]{64}$/.test(plan.digest) && typeof plan.wikiChecked === "boolean") {
      const entries = plan.entries && typeof plan.entries === "object" ? new Map(Object.entries(plan.entries).filter((pair) => typeof pair[1] === "string")) : void 0;
      plans.push({ digest: plan.digest, wikiChecked: plan.wikiChecked, ...entries ? { entries } : {} });
    }
  }
  return plans;
}

// src/cli/runRecords.ts
var RELINKED_TEXT = "file unchanged: sent so its links reach a page made anew";
function parentText(record) {
  if (record.parentId !== void 0) return record.parentId;
  if (record.tree?.parentTitle !== void 0) return `the tree's page ${JSON.stringify(record.tree.parentTitle)}`;
  return record.tree?.parentKey !== void 0 ? `its folder ${record.tree.parentKey}, which has no page in this plan` : "?";
}
var RunRecords = class {
  /** Every record in the order it came, for the action's results file. */
  all = [];
  planned = /* @__PURE__ */ new Map();
  results = /* @__PURE__ */ new Map();
  moves;
  check;
  summary;
  /** Each file's place in the plan's order (an 'order' record), by which its result is listed. */
  order;
  /** Files whose page this run created, then sent again for its links: said as created, and sent again. */
  resent = /* @__PURE__ */ new Set();
  add = (record) => {
    if (record.type === "order") {
      this.order = new Map(record.files.map((file, index) => [file, index]));
      return;
    }
    this.all.push(record);
    switch (record.type) {
      case "plan":
        this.planned.set(String(record.file), record);
        break;
      case "file": {
        const result = record;
        const earlier = this.results.get(result.file);
        if (earlier?.outcome === "created" && earlier.status === "published" && result.status === "published") {
          this.resent.add(result.file);
          if (earlier.url === void 0 && result.url !== void 0) earlier.url = result.url;
          break;
        }
        if (!earlier || laterResultCounts(earlier.status, result.status)) this.results.set(result.file, result);
        break;
      }
      case "tree":
        this.moves = record;
        break;
      case "planCheck":
        this.check = record;
        break;
      case "summary":
        this.summary = record;
        this.addLanded(this.summary.landed ?? []);
        break;
    }
  };
  /** Each page found after the run goes with its file's result, which the renderings read. */
  addLanded(landed) {
    for (const { file, pageId, url } of landed) {
      const result = this.results.get(file);
      if (!result || result.url !== void 0) continue;
      result.pageId ??= pageId;
      if (url !== void 0) result.url = url;
    }
  }
  get plan() {
    return [...this.planned.values()];
  }
  /** Each file's result, in the plan's order when the run gave it (results come as sends end, in any order). */
  get files() {
    const results = [...this.results.values()];
    const order = this.order;
    if (order === void 0) return results;
    const at = (record) => order.get(record.file) ?? order.size;
    return results.sort((a, b) => at(a) - at(b));
  }
  /** Whether this run created the file's page and then sent it again (its second pass, for links to later pages). */
  createdThenResent(file) {
    return this.resent.has(file);
  }
  /**
   * The address of each page the records know one of, by ID (the pages of the rows, the pages they go under, a page's
   * parent on the wiki now), for a sentence that names a page only by its title and ID.
   */
  get addresses() {
    const known = /* @__PURE__ */ new Map();
    for (const record of [...this.planned.values(), ...this.results.values()]) {
      if (record.pageId !== void 0 && record.url !== void 0) known.set(record.pageId, record.url);
      if (record.parentId !== void 0 && record.parentPage?.url !== void 0) known.set(record.parentId, record.parentPage.url);
      const moved = record.wikiEdits?.movedUnder;
      if (moved?.url !== void 0) known.set(moved.id, moved.url);
    }
    return known;
  }
  /** The planned files whose lookup on the wiki failed: whether their pages were edited there is unknown. */
  get lookupsFailed() {
    let failed = 0;
    for (const record of this.planned.values()) if (record.wikiEdits?.verdict === "unchecked" && record.wikiEdits.reason === "failed") failed++;
    return failed;
  }
  /** Whether the run read the wiki: any guard verdict other than "not checked", or a plan digest that covers it. */
  get wikiRead() {
    if (this.summary?.plan) return this.summary.plan.wikiChecked;
    if (this.check) return this.check.wikiChecked;
    return [...this.planned.values(), ...this.results.values()].some((record) => record.wikiEdits?.checked === true);
  }
};

// src/core/apiToken/timeText.ts
var SECOND_MS = 1e3;
var MINUTE_MS = 60 * SECOND_MS;
var HOUR_MS = 60 * MINUTE_MS;
var DAY_MS = 24 * HOUR_MS;
function formatUtc(epochMs, messages) {
  const date = new Date(epochMs);
  if (Number.isNaN(date.getTime())) return messages.unknownTime();
  return `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

// src/core/messages/tokenMessages.ts
var WHERE_TOKENS_ARE_MADE = `the wiki app's settings, tab "API"`;
var englishTokenMessages = {
  days: (count) => count === 1 ? "1 day" : `${count} days`,
  hours: (count) => count === 1 ? "1 hour" : `${count} hours`,
  minutes: (count) => count === 1 ? "1 minute" : `${count} minutes`,
  underAMinute: () => "less than a minute",
  unknownTime: () => "an unknown time",
  tooltipTitle: () => "**Wiki API token**",
  whereToCreate: () => "New tokens are created in the wiki app's settings, tab **API**; a token cannot be extended.",
  setApiTokenLink: () => "Set API Token",
  showLogLink: () => "Show Log",
  signInLink: () => "Sign in",
  noneText: () => "Set wiki token",
  noneLabel: () => "Wiki API token not set. Click to set one.",
  noneDetail: () => "No token is set, so publishing is not possible yet. Click to paste one.",
  unreadableText: () => "Wiki token unreadable",
  unreadableLabel: () => "Wiki API token unreadable. Click to set a new one.",
  unreadableDetail: () => 'The token does not decode as a JWT with "exp" and "iat" claims. Click to set a new one.',
  validText: (left) => `Wiki token: ${left}`,
  validLabel: (left, soon) => `Wiki API token expires in ${left}.${soon ? " Create a new one soon." : ""}`,
  validDetail: (at, left, soon) => `Expires **${at}** (in ${left}).${soon ? " Create a new one soon." : ""}`,
  expiredText: () => "Wiki token expired",
  expiredLabel: (at) => `Wiki API token expired on ${at}. Click to set a new one.`,
  expiredDetail: (at) => `Expired **${at}**. Publishing fails until a new token is set.`,
  rejectedText: () => "Wiki token rejected",
  rejectedLabel: (status) => `The wiki rejected the API token (HTTP ${status}). Click to set a new one.`,
  rejectedDetail: (at, status, unknownToken, said) => `The wiki rejected this token on **${at}** (HTTP ${status}): ${unknownToken ? "it is malformed, unknown to the wiki or was deleted" : "it has expired or could not be verified (check this computer's clock)"}. It said: "${said}". Click to set a new token; the next successful publish clears this.`,
  sourceNone: (envVar) => `Set one with **Wiki: Set API Token**, or for headless use the \`${envVar}\` environment variable.`,
  sourceEnvironment: (envVar) => `Read from the \`${envVar}\` environment variable (used because no token is stored).`,
  sourceSecretStorage: () => "Kept in VS Code's secret storage.",
  exportNotSignedIn: () => "**Export API**: not signed in.",
  exportOverwritten: () => "**Export API**: not signed in here. Another window replaced the sign-in stored for this window with an older copy, so it is lost.",
  exportSignedIn: () => "**Export API**: signed in.",
  exportExpiresOn: (at) => `**Export API**: signed in. The sign-in expires from inactivity on ${at} unless it is used before then.`,
  exportExpiresOnIn: (at, left) => `**Export API**: signed in. The sign-in expires from inactivity on ${at} (in ${left}) unless it is used before then.`,
  exportExpiredOn: (at) => `**Export API**: signed in. The sign-in expires from inactivity on ${at} (already passed) unless it is used before then.`,
  expiryWarning: (left, at) => `Your wiki API token expires in ${left} (${at}). Create a new one in ${WHERE_TOKENS_ARE_MADE}, then set it here.`,
  expiryNotice: (at) => `Your wiki API token expired on ${at}, so publishing will fail. Create a new one in ${WHERE_TOKENS_ARE_MADE}, then set it here.`,
  tokenEmpty: () => `The API token is empty. Paste the token shown when it was created in ${WHERE_TOKENS_ARE_MADE}.`,
  notJwtShape: () => `This is not an API token: it should be three parts of letters, digits, "-" and "_" separated by dots. Copy the whole token from ${WHERE_TOKENS_ARE_MADE}.`,
  notJwtPayload: () => `This is not an API token: its middle part is not readable JSON. Copy the whole token from ${WHERE_TOKENS_ARE_MADE}.`,
  notJwtObject: () => `This is not an API token: its middle part is not a JSON object. Copy the whole token from ${WHERE_TOKENS_ARE_MADE}.`,
  missingClaims: () => `This is not an API token: it does not carry numeric "exp" (expiry) and "iat" (issued at) claims. Create a token in ${WHERE_TOKENS_ARE_MADE}.`,
  tokenExpired: (at) => `This API token expired on ${at}. Tokens cannot be extended; create a new one in ${WHERE_TOKENS_ARE_MADE}.`
};

// src/core/ports.ts
var systemClock = { now: () => Date.now() };

// src/core/oauth/authorizeUrl.ts
function joinPath(base, path) {
  return base.replace(/\/+$/, "") + path;
}

// src/core/oauth/errors.ts
var RETRYABLE = /* @__PURE__ */ new Set(["busy", "network", "rateLimited", "serverError"]);
var ExportAuthError = class extends Error {
  constructor(kind, sentence, details = {}) {
    super(redact(sentence(englishSignInMessages)));
    this.kind = kind;
    this.sentence = sentence;
    this.details = details;
    this.name = "ExportAuthError";
    this.retryable = RETRYABLE.has(kind);
  }
  kind;
  sentence;
  details;
  retryable;
  /** The message in another catalogue's words (the editor's), redacted like `message`. */
  wordedIn(messages) {
    return redact(this.sentence(messages));
  }
};
function raceWithSignal(promise, signal) {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new ExportAuthError("cancelled", (m) => m.cancelled()));
  return new Promise((resolve9, reject) => {
    const onAbort = () => reject(new ExportAuthError("cancelled", (m) => m.cancelled()));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve9, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

// src/core/oauth/backoff.ts
var DEFAULT_RETRY_POLICY = { maxAttempts: 4, baseDelayMs: 500, maxDelayMs: 15e3 };
var realSleep = (ms, signal) => new Promise((resolve9, reject) => {
  if (signal?.aborted) return reject(signal.reason);
  const onAbort = () => {
    clearTimeout(timer);
    reject(signal?.reason);
  };
  const timer = setTimeout(() => {
    signal?.removeEventListener("abort", onAbort);
    resolve9();
  }, ms);
  signal?.addEventListener("abort", onAbort, { once: true });
});
function backoffDelayMs(retryIndex, policy, random) {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retryIndex);
  return Math.round(random() * ceiling);
}
function retryWaitMs(policy, retryIndex, random, retryAfterMs2, maxRetryAfterMs) {
  if (retryAfterMs2 === void 0) return backoffDelayMs(retryIndex, policy, random);
  if (retryAfterMs2 > maxRetryAfterMs) return void 0;
  return retryAfterMs2 + Math.round(random() * Math.min(1e3, policy.baseDelayMs));
}
function parseRetryAfterMs(header, nowMs) {
  return retryAfterMs(header, nowMs);
}

// node_modules/jwt-decode/build/esm/index.js
var InvalidTokenError = class extends Error {
};
InvalidTokenError.prototype.name = "InvalidTokenError";
function b64DecodeUnicode(str) {
  return decodeURIComponent(atob(str).replace(/(.)/g, (m, p) => {
    let code = p.charCodeAt(0).toString(16).toUpperCase();
    if (code.length < 2) {
      code = "0" + code;
    }
    return "%" + code;
  }));
}
function base64UrlDecode(str) {
  let output = str.replace(/-/g, "+").replace(/_/g, "/");
  switch (output.length % 4) {
    case 0:
      break;
    case 2:
      output += "==";
      break;
    case 3:
      output += "=";
      break;
    default:
      throw new Error("base64 string is not of the correct length");
  }
  try {
    return b64DecodeUnicode(output);
  } catch (err) {
    return atob(output);
  }
}
function jwtDecode(token, options) {
  if (typeof token !== "string") {
    throw new InvalidTokenError("Invalid token specified: must be a string");
  }
  options || (options = {});
  const pos = options.header === true ? 0 : 1;
  const part = token.split(".")[pos];
  if (typeof part !== "string") {
    throw new InvalidTokenError(`Invalid token specified: missing part #${pos + 1}`);
  }
  let decoded;
  try {
    decoded = base64UrlDecode(part);
  } catch (e) {
    throw new InvalidTokenError(`Invalid token specified: invalid base64 for part #${pos + 1} (${e.message})`);
  }
  try {
    return JSON.parse(decoded);
  } catch (e) {
    throw new InvalidTokenError(`Invalid token specified: invalid json for part #${pos + 1} (${e.message})`);
  }
}

// src/core/oauth/session.ts
var REFRESH_MARGIN_MS = 5 * 60 * 1e3;
var REFRESH_INACTIVITY_MS = 90 * 24 * 60 * 60 * 1e3;
var INACTIVITY_WARNING_MS = 10 * 24 * 60 * 60 * 1e3;
function readAccessClaims(accessToken) {
  let claims;
  try {
    claims = jwtDecode(accessToken);
  } catch {
    return void 0;
  }
  if (typeof claims.exp !== "number" || !Number.isFinite(claims.exp)) return void 0;
  const account = [claims.email, claims.name, claims.sub].find((v) => typeof v === "string" && v.length > 0);
  const issuedAt = typeof claims.iat === "number" && Number.isFinite(claims.iat) ? claims.iat * 1e3 : void 0;
  return { expiresAt: claims.exp * 1e3, ...issuedAt !== void 0 ? { issuedAt } : {}, ...account ? { account } : {} };
}
var ACCESS_TOKEN_LIFETIME_MS = 60 * 60 * 1e3;

// src/core/oauth/tokenResponse.ts
function fail2(error) {
  return { ok: false, error };
}
function text(value) {
  return typeof value === "string" && value.length > 0 ? value : void 0;
}
var INVALID_GRANT_MESSAGES = {
  refresh_token: (m) => m.refreshTokenRefused(),
  authorization_code: (m) => m.codeRefused()
};
function classifyTokenResponse(status, body, retryAfterMs2, grantType = "refresh_token") {
  const json = parseJsonObject(body);
  const oauthError = text(json?.error);
  if (oauthError === "invalid_grant") return fail2(new ExportAuthError("invalidGrant", INVALID_GRANT_MESSAGES[grantType], { status }));
  if (status === 429) {
    const details = retryAfterMs2 === void 0 ? { status } : { status, retryAfterMs: retryAfterMs2 };
    return fail2(new ExportAuthError("rateLimited", (m) => m.rateLimited(), details));
  }
  if (status >= 500) return fail2(new ExportAuthError("serverError", (m) => m.providerFailed(status), { status }));
  if (oauthError === "invalid_client" || status === 401) {
    return fail2(new ExportAuthError("invalidClient", (m) => m.clientRejected(status), { status }));
  }
  if (!json) {
    const sentence = body.trim() ? (m) => m.notJson(status) : (m) => m.emptyBody(status);
    return fail2(new ExportAuthError("protocol", sentence, { status }));
  }
  if (status >= 300 && status < 400) {
    return fail2(new ExportAuthError("protocol", (m) => m.redirected(status), { status }));
  }
  if (oauthError || status >= 400) {
    const code = oauthError?.replace(/[^a-z_]/gi, "");
    return fail2(new ExportAuthError("protocol", (m) => code !== void 0 ? m.refusedWithCode(status, code) : m.refused(status), { status }));
  }
  const accessToken = text(json.access_token);
  if (!accessToken) return fail2(new ExportAuthError("protocol", (m) => m.noAccessToken(status), { status }));
  const refreshToken = text(json.refresh_token);
  const scope = text(json.scope);
  return { ok: true, tokens: { accessToken, ...refreshToken ? { refreshToken } : {}, ...scope ? { scope } : {} } };
}
function networkFailure(error, deadlinePassed) {
  if (deadlinePassed) return fail2(new ExportAuthError("network", (m) => m.providerTimedOut()));
  const limitBytes = answerTooLargeLimit(error);
  if (limitBytes !== void 0) return fail2(new ExportAuthError("protocol", (m) => m.providerAnswerTooLarge(megabytesOf(limitBytes))));
  return fail2(new ExportAuthError("network", (m) => m.providerUnreachable(describeError(error))));
}

// src/core/oauth/tokenRetry.ts
var DEFAULT_TOKEN_RETRY_POLICY = { ...DEFAULT_RETRY_POLICY, maxRetryAfterMs: 6e4 };
async function retryTokenRequest(attempt, options = {}) {
  const policy = { ...DEFAULT_TOKEN_RETRY_POLICY, ...options.policy };
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? realSleep;
  for (let attemptNumber = 1; ; attemptNumber++) {
    const answer = await attempt(attemptNumber);
    const answered = { kind: "answered", result: answer.result, attempts: attemptNumber, transient: answer.transient };
    if (!answer.transient || attemptNumber >= policy.maxAttempts) return answered;
    const waitMs = tokenRetryDelay(policy, attemptNumber - 1, random, answer.retryAfterMs);
    if (waitMs === void 0) return answered;
    if (options.signal?.aborted) return { kind: "cancelled", attempts: attemptNumber };
    options.onRetry?.(waitMs, attemptNumber + 1, policy.maxAttempts);
    try {
      await sleep(waitMs, options.signal);
    } catch {
      return { kind: "cancelled", attempts: attemptNumber };
    }
    if (options.signal?.aborted) return { kind: "cancelled", attempts: attemptNumber };
  }
}
function tokenRetryDelay(policy, retryIndex, random, retryAfterMs2) {
  return retryWaitMs(policy, retryIndex, random, retryAfterMs2, policy.maxRetryAfterMs);
}

// src/core/oauth/clientCredentials.ts
var DEFAULT_TIMEOUT_MS2 = 3e4;
var RENEW_MARGIN_MS = 6e4;
var UNKNOWN_LIFETIME_MS = 5 * 6e4;
function createClientCredentialsSource(config) {
  const clock = config.clock ?? systemClock;
  let cached;
  let inFlight;
  const start = () => {
    const controller = new AbortController();
    const shared = { controller, waiters: 0, promise: Promise.resolve(cancelled()) };
    shared.promise = requestToken(config, clock, controller.signal).catch((error) => fail3("protocol", (m) => m.tokenRequestFailed(describeError(error)))).then((result) => {
      if (inFlight === shared) inFlight = void 0;
      if (result.ok) cached = { accessToken: result.accessToken, expiresAt: result.expiresAt, renewAt: renewAt(clock.now(), result.expiresAt) };
      return result;
    });
    return shared;
  };
  const token = (signal) => {
    if (signal?.aborted) return Promise.resolve(cancelled());
    if (cached && clock.now() < cached.renewAt) return Promise.resolve({ ok: true, accessToken: cached.accessToken, expiresAt: cached.expiresAt });
    if (!inFlight || inFlight.controller.signal.aborted) inFlight = start();
    const shared = inFlight;
    shared.waiters++;
    return raceWithSignal(shared.promise, signal).catch(() => {
      if (--shared.waiters === 0) shared.controller.abort();
      return cancelled();
    });
  };
  return {
    token,
    async getAccessToken(signal) {
      const result = await token(signal);
      if (!result.ok) throw result.error;
      return result.accessToken;
    }
  };
}
function renewAt(now, expiresAt) {
  return expiresAt - Math.min(RENEW_MARGIN_MS, Math.max(0, expiresAt - now) / 2);
}
async function requestToken(config, clock, signal) {
  const authUrlName = (messages) => config.authUrlName ?? messages.providerAddress();
  if (!config.authUrl.trim()) return fail3("config", (m) => m.noProviderAddress(authUrlName(m)));
  const checked = checkEndpoint(config.authUrl, authUrlName(englishSignInMessages));
  if (!checked.ok) return fail3("config", (m) => sayEndpointProblem(checkEndpoint(config.authUrl, authUrlName(m)), m));
  const secret = config.clientSecret.trim();
  if (!config.clientId.trim() || !secret) return fail3("config", (m) => m.serviceAccountIncomplete());
  const grant = { grant_type: "client_credentials", client_id: config.clientId.trim(), client_secret: secret };
  const scope = config.scope?.trim();
  if (scope) grant.scope = scope;
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS2;
  const request = {
    method: "POST",
    url: joinPath(checked.url.toString(), "/oauth/token"),
    // JSON, as the refresh-token client sends (spec 4.2); no transport follows a redirect.
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(grant),
    maxResponseBytes: ANSWER_LIMITS.smallJson
  };
  const outcome = await retryTokenRequest(
    async () => interpret(await timedSend(config.transport, request, { timeoutMs, signal }), config, clock.now()),
    { signal, ...config.retry ? { policy: config.retry } : {}, ...config.sleep ? { sleep: config.sleep } : {}, ...config.random ? { random: config.random } : {} }
  );
  if (outcome.kind === "cancelled") return cancelled();
  const result = outcome.result;
  if (result.ok) return result;
  const error = outcome.transient && outcome.attempts > 1 ? afterAttempts(result.error, outcome.attempts) : result.error;
  return { ok: false, error: scrubbed(error, secret) };
}
function interpret(sent, config, now) {
  if (sent.kind === "cancelled") return { result: cancelled(), transient: false };
  if (sent.kind === "timeout") return { result: failureOf(networkFailure(void 0, true)), transient: true };
  if (sent.kind === "network") return { result: failureOf(networkFailure(sent.error, false)), transient: !failsEveryTime(sent.error) };
  if (sent.kind === "tooLarge") return { result: failureOf(networkFailure(sent.error, false)), transient: false };
  const retryAfterMs2 = parseRetryAfterMs(sent.headers["retry-after"], now);
  const classified = classifyTokenResponse(sent.status, sent.text, retryAfterMs2);
  const json = parseJsonObject(sent.text);
  if (classified.ok) {
    return { result: { ok: true, accessToken: classified.tokens.accessToken, expiresAt: expiryOf(classified.tokens.accessToken, json?.expires_in, now) }, transient: false };
  }
  const error = refine(classified.error, json?.error, sent.status, config);
  return { result: { ok: false, error }, transient: isTransient(error, sent.status, json !== void 0), ...retryAfterMs2 === void 0 ? {} : { retryAfterMs: retryAfterMs2 } };
}
function isTransient(error, status, isJson) {
  if (error.kind === "invalidClient" || error.kind === "invalidGrant" || error.kind === "config") return false;
  return error.retryable || status === 408 || status >= 200 && status < 300 && !isJson;
}
function afterAttempts(error, attempts) {
  return new ExportAuthError(error.kind, (m) => m.gaveUpAfter(error.sentence(m), attempts), error.details);
}
function refine(error, oauthError, status, config) {
  const hint = config.refusedHint ? ` ${config.refusedHint}` : "";
  if (error.kind === "invalidClient") {
    return new ExportAuthError("invalidClient", (m) => `${m.clientRefused(status)}${hint}`, error.details);
  }
  if (oauthError === "invalid_scope") {
    return new ExportAuthError("config", (m) => m.scopeRefused(config.scope?.trim() ?? ""), error.details);
  }
  if (oauthError === "unauthorized_client" || oauthError === "unsupported_grant_type" || error.kind === "invalidGrant") {
    const code = error.kind === "invalidGrant" ? "invalid_grant" : String(oauthError);
    return new ExportAuthError("invalidClient", (m) => `${m.grantNotAllowed(code)}${hint}`, error.details);
  }
  return error;
}
function expiryOf(accessToken, expiresIn, now) {
  const candidates = [];
  const fromJwt = readAccessClaims(accessToken)?.expiresAt;
  if (fromJwt !== void 0) candidates.push(fromJwt);
  if (typeof expiresIn === "number" && Number.isFinite(expiresIn) && expiresIn > 0) candidates.push(now + expiresIn * 1e3);
  return candidates.length > 0 ? Math.min(...candidates) : now + UNKNOWN_LIFETIME_MS;
}
function scrubbed(error, secret) {
  if (!error.message.includes(secret)) return error;
  return new ExportAuthError(error.kind, (m) => error.wordedIn(m).split(secret).join("[redacted]"), error.details);
}
function cancelled() {
  return { ok: false, error: new ExportAuthError("cancelled", (m) => m.tokenRequestCancelled()) };
}
function failureOf(result) {
  return result.ok ? fail3("protocol", (m) => m.providerNotReached()) : result;
}
function sayEndpointProblem(check, messages) {
  return check.ok ? "" : check.say(messages);
}
function fail3(kind, sentence) {
  return { ok: false, error: new ExportAuthError(kind, sentence) };
}

// src/cli/pageAccess.ts
var CLIENT_ID_ENV_VAR = "WIKI_PUBLISHER_CLIENT_ID";
var CLIENT_SECRET_ENV_VAR = "WIKI_PUBLISHER_CLIENT_SECRET";
var AUTH_URL_ENV_VAR = "WIKI_PUBLISHER_AUTH_URL";
var BASE_URL_ENV_VAR = "WIKI_PUBLISHER_BASE_URL";
var PLATFORM_TOKEN_ENV_VAR = "WIKI_PUBLISHER_PLATFORM_TOKEN";
var SCOPE_ENV_VAR = "WIKI_PUBLISHER_SCOPE";
function linksWithoutAddressProblem(count) {
  return `Links between files stay as written (${count} of them): without page access, page addresses are made from the wiki's address. Set --base-url or ${BASE_URL_ENV_VAR}.`;
}
var NONE_REASON = `set ${CLIENT_ID_ENV_VAR} and ${CLIENT_SECRET_ENV_VAR} (a service account's credentials) with ${AUTH_URL_ENV_VAR} and ${BASE_URL_ENV_VAR}, or ${PLATFORM_TOKEN_ENV_VAR}, so the edit guard can check for wiki edits.`;
function resolvePageAccess(inputs) {
  const { env } = inputs;
  const clientId = env[CLIENT_ID_ENV_VAR]?.trim() ?? "";
  const clientSecret = env[CLIENT_SECRET_ENV_VAR]?.trim() ?? "";
  const platformToken = env[PLATFORM_TOKEN_ENV_VAR]?.trim() ?? "";
  if (!clientSecret && !platformToken) {
    const partial = clientId ? `${CLIENT_ID_ENV_VAR} is set but ${CLIENT_SECRET_ENV_VAR} is empty; ` : "";
    const given = inputs.baseUrl?.trim() || env[BASE_URL_ENV_VAR]?.trim() ? address(inputs.baseUrl, env[BASE_URL_ENV_VAR], "--base-url", BASE_URL_ENV_VAR, "wiki address") : void 0;
    if (given && !given.ok) return invalid(given.message);
    return { kind: "none", reason: `No page access: ${partial}${NONE_REASON}`, ...given?.ok ? { baseUrl: given.url } : {} };
  }
  if (clientSecret && platformToken) {
    return invalid(`Set either ${PLATFORM_TOKEN_ENV_VAR} or ${CLIENT_ID_ENV_VAR} and ${CLIENT_SECRET_ENV_VAR}, not both.`);
  }
  if (clientSecret && !clientId) return invalid(`${CLIENT_SECRET_ENV_VAR} is set but ${CLIENT_ID_ENV_VAR} is not: a service account needs both.`);
  const base = address(inputs.baseUrl, env[BASE_URL_ENV_VAR], "--base-url", BASE_URL_ENV_VAR, "wiki address");
  if (!base.ok) return invalid(`${clientSecret ? CLIENT_SECRET_ENV_VAR : PLATFORM_TOKEN_ENV_VAR} is set, but ${base.message}`);
  return clientSecret ? withClientCredentials(inputs, clientId, clientSecret, base.url) : withPlatformToken(inputs, platformToken, base.url);
}
function withClientCredentials(inputs, clientId, clientSecret, baseUrl) {
  const auth = address(inputs.authUrl, inputs.env[AUTH_URL_ENV_VAR], "--auth-url", AUTH_URL_ENV_VAR, "identity provider");
  if (!auth.ok) return invalid(`${CLIENT_SECRET_ENV_VAR} is set, but ${auth.message}`);
  const scope = inputs.env[SCOPE_ENV_VAR]?.trim();
  const transport = inputs.transport();
  const source2 = createClientCredentialsSource({
    authUrl: auth.url,
    clientId,
    clientSecret,
    transport,
    clock: { now: () => inputs.now() },
    authUrlName: auth.name,
    refusedHint: `Check ${CLIENT_ID_ENV_VAR} and ${CLIENT_SECRET_ENV_VAR}.`,
    ...scope ? { scope } : {},
    ...inputs.timeoutMs === void 0 ? {} : { timeoutMs: inputs.timeoutMs }
  });
  const forgotten = /* @__PURE__ */ new Set();
  const getAccessToken = async (signal) => {
    const token = await source2.getAccessToken(signal);
    if (!forgotten.has(token)) {
      forgotten.add(token);
      inputs.forget?.(token);
    }
    return token;
  };
  const client = pagesClient(inputs, baseUrl, transport, getAccessToken, "service account token");
  const ready = async (signal) => {
    const answer = await source2.token(signal);
    return answer.ok ? void 0 : answer.error.message;
  };
  return { kind: "pages", client, via: "clientCredentials", secrets: [clientSecret], baseUrl, ready };
}
function withPlatformToken(inputs, token, baseUrl) {
  if (/\s/.test(token)) return invalid(`${PLATFORM_TOKEN_ENV_VAR} must be one token, without spaces or line breaks.`);
  const expiresAt = readAccessClaims(token)?.expiresAt;
  if (expiresAt !== void 0 && expiresAt <= inputs.now()) {
    return invalid(`${PLATFORM_TOKEN_ENV_VAR} expired on ${formatUtc(expiresAt, englishTokenMessages)}; give the run a fresh one.`);
  }
  const client = pagesClient(inputs, baseUrl, inputs.transport(), async () => token, "platform token");
  return { kind: "pages", client, via: "platformToken", secrets: [token], baseUrl, ready: async () => void 0 };
}
function pagesClient(inputs, baseUrl, transport, getAccessToken, credentialName) {
  const timeout = inputs.timeoutMs === void 0 ? {} : { timeoutMs: inputs.timeoutMs };
  const repository = inputs.ownRepository === void 0 ? {} : { ownRepository: inputs.ownRepository };
  return createWikiPagesClient({ baseUrl, transport, getAccessToken, credentialName, ...timeout, ...repository });
}
function address(flag, fromEnv, flagName, envName, what) {
  const fromFlag = flag?.trim();
  const raw = fromFlag || fromEnv?.trim();
  const name = fromFlag ? flagName : envName;
  if (!raw) return { ok: false, message: `no ${what}: pass ${flagName} URL or set ${envName}.` };
  const checked = checkEndpoint(raw, name);
  if (checked.ok) return { ok: true, url: checked.url.toString(), name };
  if (checked.problem === "insecure") {
    return { ok: false, message: `${name} must use https:// (plain http:// only for 127.0.0.1, [::1] and localhost), so no credential is sent unencrypted.` };
  }
  return { ok: false, message: checked.message };
}
function invalid(message) {
  return { kind: "invalid", message };
}
function refusedPageAccess(items) {
  for (const item of items) {
    if (item.guard?.kind === "unchecked" && item.guard.credentialRefused) return refusedPageAccessMessage(item.guard.detail);
  }
  return void 0;
}
function refusedPageAccessMessage(detail) {
  return `Page access is configured but does not work: ${detail}`;
}

// src/cli/markdownSections.ts
function withTable(before, header, rows2, after, room, tail, leftOut) {
  if (rows2.length === 0) return [...before, ...after];
  const fixed = [...before, ...header, "", ...after, ...tail].reduce((sum, line) => sum + room.sizeOf(line) + 1, 200);
  return [...before, ...header, ...fitTableRows(rows2, room.max - fixed, room.sizeOf, leftOut), "", ...after];
}
function notShownNote(what, room) {
  return (left) => `_${left} more ${left === 1 ? "file" : "files"} ${what} not shown in this table${room.fullPlanAt ? `: every file is in ${room.fullPlanAt}` : ""}._`;
}
function pageCell(record) {
  const renamedTo = record.url === void 0 ? void 0 : record.wikiEdits?.renamedTo;
  const title = renamedTo !== void 0 ? linkText(renamedTo, record.url) : record.title === void 0 ? "(no title)" : linkText(record.title, record.url);
  return `${title} in ${inlineText(record.spaceId ?? "?")} under ${parentCell(record)}`;
}
function parentCell(record) {
  const named = record.parentId === void 0 ? void 0 : record.parentPage;
  if (named?.title !== void 0) return linkText(named.title, named.url);
  if (named?.url !== void 0) return linkText(`page ${record.parentId ?? ""}`, named.url);
  return inlineText(parentText(record));
}
function guardNote(wikiEdits, status, planned) {
  if (!wikiEdits || status === "refused" && !verdictFitsRefusal(wikiEdits)) return "";
  switch (wikiEdits.verdict) {
    case "unchecked":
      if (status === "edited" && wikiEdits.reason === "failed") return `${lookupFailedText(wikiEdits)}; ${lookupFailedFix(wikiEdits)}`;
      return `wiki edits not checked: ${wikiEdits.detail ?? "no page access"}`;
    case "edited": {
      const elsewhere = elsewhereText(wikiEdits, elsewhereFate(status), false);
      if (elsewhere !== void 0) return elsewhere;
      const fate = status === "edited" ? "" : planned ? ": would be replaced (--overwrite-edited)" : ": replaced (--overwrite-edited)";
      return `${wikiEdits.noNotice ? noNoticeText(wikiEdits) : editedSinceText(wikiEdits)}${fate}`;
    }
    case "asLeft":
      return wikiEdits.adopted ? adoptedText(wikiEdits, planned, status === "send" || status === "published") : `wiki checked: version ${wikiEdits.version ?? "?"} as last published`;
    case "deleted":
      if (planned && wikiEdits.placeTakenBy) return placeTakenText(wikiEdits.placeTakenBy);
      return planned ? `${PAGE_NOT_FOUND}: would be created anew` : "its page was deleted on the wiki: created anew";
    case "exists":
      return wikiEdits.otherRepository || wikiEdits.unknownRepository ? existsText(wikiEdits, true) : "a page with this title exists: the create will be refused (overwrite updates it)";
    case "notOurs":
      return `replaces version ${wikiEdits.version ?? "?"} of a page this file did not publish`;
    default:
      return "";
  }
}
function notesCell(notes, addresses = /* @__PURE__ */ new Map()) {
  return pageNamesLinked(notes.map((note, index) => inlineText(index < notes.length - 1 ? note.replace(/(?<!\.)\.$/, "") : note)).join("; "), addresses);
}
function unaddressedLines(records) {
  const count = records.summary?.linksWithoutAddress;
  if (typeof count !== "number" || count <= 0) return [];
  return [`> **${count === 1 ? "1 link between files stays" : `${count} links between files stay`} as written:** without page access, page addresses are made from the wiki's address. Set \`--base-url\` or \`${BASE_URL_ENV_VAR}\` (the action's \`base-url\`).`, ""];
}
function listedAsEdited(record) {
  return record.wikiEdits?.verdict === "edited" && record.status !== "refused";
}
var EDITED_PAGE_FATES = {
  held: (edits) => `left out; ${overwriteEditedText(edits)}`,
  wouldSend: () => "would be replaced by this publish (--overwrite-edited)",
  sent: () => "replaced by this publish (--overwrite-edited)",
  notSent: () => "not replaced: its send did not land (see its row)"
};
function editedLines(plan, wikiRead, failed, reasons, addresses = /* @__PURE__ */ new Map()) {
  const edited = plan.filter(listedAsEdited);
  const heading = edited.some((record) => heldWithoutNoticeRecord(record.wikiEdits)) ? "#### Pages edited on the wiki since their last publish, or without a publish notice to tell" : "#### Pages edited on the wiki since their last publish";
  if (!wikiRead && failed === 0) return [heading, "", "Unknown without page access.", ""];
  const unknown = failed > 0 ? [`Unknown for ${counted(failed, "file", "files")}: the lookup on the wiki failed (see ${failed === 1 ? "its row" : "their rows"}).`] : [];
  if (edited.length === 0) return [heading, "", ...failed > 0 ? unknown : ["None: every page this plan updates is as its last publish left it."], ""];
  return [heading, "", ...unknown.map((line) => `- ${line}`), ...edited.map((record) => {
    const edits = record.wikiEdits;
    const who = [edits.editedBy ? `by ${edits.editedBy}` : "", edits.editedAt ? `at ${edits.editedAt}` : ""].filter((part) => part).join(" ");
    const said = (sentence) => inlineText(reasons.note(sentence, record.file, record.title, "above"));
    const fateOfPage = elsewhereFate(record.status);
    const elsewhere = elsewhereText(edits, fateOfPage, false);
    if (elsewhere !== void 0) return `- **${inlineText(record.file)}**: ${pageCell(record)}: ${pageNamesLinked(said(elsewhere), addresses)}`;
    const fate = EDITED_PAGE_FATES[fateOfPage](edits);
    if (edits.noNotice) return `- **${inlineText(record.file)}**: ${pageCell(record)}: ${inlineText(noNoticeText(edits))} (${inlineText(fate)})`;
    return `- **${inlineText(record.file)}**: ${pageCell(record)}, version ${edits.version ?? "?"} ${inlineText(who)} (${inlineText(fate)})`;
  }), ""];
}
function pageRef(pageId, url) {
  return linkText(`page ${pageId}`, url);
}
function moveLines(records) {
  const moves = records.moves;
  const leftBehind = moves?.leftBehind ?? [];
  const retitled = moves?.retitled ?? [];
  const undecided = moves?.undecided ?? [];
  const renamed = moves?.renamed ?? [];
  if (!moves || moves.moves.length + moves.orphans.length + retitled.length + undecided.length + leftBehind.length + renamed.length === 0) return [];
  return [
    "#### Moves and orphans",
    "",
    // Said as the text plan says it: a reviewer of a rename sees the page follow the file, not an update from nowhere.
    ...renamed.map((rename2) => `- renamed: ${inlineText(rename2.oldPath)} to ${inlineText(rename2.path)}; ${pageRef(rename2.pageId, rename2.url)} follows the file (the same title under the same parent page)`),
    ...moves.moves.map((move) => `- moved: ${inlineText(move.oldPath)} to ${inlineText(move.path)}; ${pageRef(move.pageId, move.url)} stays where it is and a new page is created`),
    ...retitled.map((page) => `- retitled: ${inlineText(page.path)} from ${inlineText(`"${page.title}"`)} to ${inlineText(`"${page.newTitle}"`)}; the wiki finds a page by its title, so a new page is created and ${pageRef(page.pageId, page.url)} ${page.takenBy === void 0 ? "stays where it is" : `goes to ${inlineText(page.takenBy)}, which has its title now`}`),
    ...undecided.map((move) => `- undecided: ${inlineText(move.oldPath)} to ${inlineText(move.path)}: only the wiki can tell whether ${pageRef(move.pageId, void 0)} is at the place the front matter names (no page access), so the file is sent create only`),
    ...moves.orphans.map((orphan) => `- orphan: ${inlineText(`"${orphan.title}"`)} (${pageRef(orphan.pageId, orphan.url)}, was ${inlineText(orphan.path)}): no file maps to it any more; remove it on the wiki if it should go`),
    ...leftBehind.map((page) => `- left behind: ${inlineText(`"${page.title}"`)} (${pageRef(page.pageId, page.url)}, was ${inlineText(page.path)}): a new page replaced it (its title changed, or its folder's page was published anew); ${page.noNotice ? "it carries no publish notice from this repository, so only the .wiki-pages.json entry says it was this file's page: check whose page it is before removing it" : "remove it on the wiki if it should go"}`),
    ""
  ];
}
function countBy(items, wordOf) {
  const counts = /* @__PURE__ */ new Map();
  for (const item of items) counts.set(wordOf(item), (counts.get(wordOf(item)) ?? 0) + 1);
  return counts;
}

// src/cli/sharedReasons.ts
var FILE = "\0file\0";
var TITLE = "\0title\0";
function reasonKey(sentence, file, title) {
  let key = title !== void 0 && title.length > 1 ? sentence.split(`"${title}"`).join(TITLE) : sentence;
  if (file !== "" && key.includes(file)) key = key.replace(new RegExp(`(?<![\\w./-])${escapeRegExp(file)}(?![\\w/-]|\\.\\w)`, "g"), FILE);
  return key;
}
function escapeRegExp(text2) {
  return text2.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
function sentenceMarkdown(key) {
  return key.split(FILE).map((piece) => piece.split(TITLE).map(inlineText).join('"*its title*"')).join("*the file*");
}
var FILES_LISTED = 30;
var SharedReasons = class {
  groups = /* @__PURE__ */ new Map();
  numbered = [];
  constructor(rows2) {
    for (const row of rows2) {
      for (const reason of row.reasons) {
        const key = reasonKey(reason, row.file, row.title);
        const group = this.groups.get(key);
        if (!group) this.groups.set(key, { key, said: reason, files: [row.file] });
        else if (group.files[group.files.length - 1] !== row.file) group.files.push(row.file);
      }
    }
  }
  /** What a row says for one of its reasons: the sentence, or the number of the shared reason it is (listed `where`). */
  note(reason, file, title, where = "below") {
    const group = this.groups.get(reasonKey(reason, file, title));
    if (!group || group.files.length < 2) return reason;
    if (group.number === void 0) {
      this.numbered.push(group);
      group.number = this.numbered.length;
    }
    return `reason ${group.number} (${where})`;
  }
  /** The list of the shared reasons the rows named, each once with its files; none when no row named one. */
  lines() {
    if (this.numbered.length === 0) return [];
    return ["#### Reasons shared by several files", "", ...this.numbered.map((group) => `${group.number}. ${sentenceMarkdown(group.key)} ${filesText(group.files, `reason ${group.number}`)}`), ""];
  }
};
function filesText(files, name) {
  const listed2 = files.slice(0, FILES_LISTED).map(inlineText).join(", ");
  const more = files.length > FILES_LISTED ? `, and ${files.length - FILES_LISTED} more${name === void 0 ? "" : ` (their rows say ${name})`}` : "";
  return `— **${files.length} files:** ${listed2}${more}`;
}
function groupedCautionLines(records) {
  const groups = /* @__PURE__ */ new Map();
  for (const record of records) {
    for (const caution of record.cautions) {
      const key = reasonKey(caution, record.file, record.title);
      const group = groups.get(key);
      if (!group) groups.set(key, { key, said: caution, files: [record.file] });
      else if (group.files[group.files.length - 1] !== record.file) group.files.push(record.file);
    }
  }
  return [...groups.values()].map((group) => group.files.length === 1 ? `- **${inlineText(group.files[0])}**: ${inlineText(group.said)}` : `- ${sentenceMarkdown(group.key)} ${filesText(group.files)}`);
}
var LONG_SENTENCE = 80;
var SaidBefore = class {
  firstFile = /* @__PURE__ */ new Map();
  /** The sentence, or where it was said before: "the same as for docs/a.md, above". */
  say(sentence, file) {
    if (sentence.length < LONG_SENTENCE) return sentence;
    const earlier = this.firstFile.get(sentence);
    if (earlier === void 0) {
      this.firstFile.set(sentence, file);
      return sentence;
    }
    return `the same as for ${earlier}, above`;
  }
};

// src/cli/resultMarkdown.ts
var RESULT_WORDS = {
  published: "published",
  failed: "FAILED",
  existsUnproven: "exists (not proven ours)",
  edited: "left out (edited on the wiki)",
  skipped: "unchanged",
  refused: "REFUSED",
  notStarted: "not started",
  cancelled: "interrupted (may have landed)"
};
function resultWord(record) {
  if (record.status === "edited" && heldWithoutNoticeRecord(record.wikiEdits)) return "left out (no publish notice: an edit cannot be told from a publish)";
  if (record.status === "edited" && lookupFailedRecord(record.wikiEdits)) return "left out (the wiki could not be read to check for edits)";
  return RESULT_WORDS[record.status] ?? record.status;
}
function resultLines(records, room) {
  const files = records.files;
  const counts = countBy(files, resultWord);
  const lines = ["### Wiki Publisher: publish", "", `**${[...counts].map(([word, n]) => `${n} ${word}`).join(", ") || "No files"}**`, ""];
  lines.push(...secondPassLeftLines(records));
  if (records.check?.matched) lines.push(reviewedPlanLine(records, shortDigest(records.check.expected)), "");
  const resent = (record) => records.createdThenResent(record.file);
  const reasons = new SharedReasons(files.map((record) => ({ file: record.file, ...record.title !== void 0 ? { title: record.title } : {}, reasons: sharedNotes(record, resent(record)) })));
  const rows2 = files.map((record) => ({ line: resultRow(record, resent(record), reasons, records.addresses), plain: plainResult(record) }));
  const cautions = groupedCautionLines(files);
  const edited = files.filter(listedAsEdited);
  const after = [
    ...reasons.lines(),
    ...unaddressedLines(records),
    ...edited.length > 0 ? editedLines(edited, true, 0, reasons, records.addresses) : [],
    ...cautions.length > 0 ? ["#### Cautions", "", ...cautions, ""] : [],
    ...linksLeftLines(records),
    ...moveLines(records),
    ...manifestLines(records)
  ];
  return withTable(lines, ["| File | Page | Result | Notes |", "|---|---|---|---|"], rows2, after, room, [], notShownNote("published or unchanged are", room));
}
function manifestLines(records) {
  const manifest = records.summary?.manifest;
  const notWritten = records.summary?.notWritten ?? [];
  const lines = notWritten.filter(({ file: file2 }) => file2 !== manifest?.file).flatMap(({ file: file2, reason }) => [
    `#### ${inlineText(file2)} could not be written`,
    "",
    `${inlineText(stateNotWrittenMessage(file2, reason))}`,
    ""
  ]);
  if (!manifest) return lines;
  const file = inlineText(manifest.file);
  const failure = notWritten.find((entry) => entry.file === manifest.file);
  if (manifest.recorded > 0) {
    lines.push(
      `#### Page IDs recorded: commit ${file}`,
      "",
      `This run recorded ${counted(manifest.recorded, "page ID", "page IDs")} in ${file}. Commit it, so teammates and CI publish to the same pages: the runner's copy goes when the job ends, and until the file is committed a plan without page access (a fork's pull request) cannot know these pages.`,
      ""
    );
  }
  const notRecorded = manifest.notRecorded ?? [];
  if (failure !== void 0) {
    lines.push(
      `#### Page IDs not recorded: ${file} could not be written`,
      "",
      `${file} could not be written: ${inlineText(reasonClause(failure.reason))}.${notRecorded.length > 0 ? " It does not record these pages: add them to it by hand and commit it, so teammates and CI publish to the same pages." : ""}`,
      "",
      ...notRecorded.map(({ key, pageId }) => `- ${inlineText(key)}: page ${inlineText(pageId)}`),
      ...notRecorded.length > 0 ? [""] : []
    );
  } else if (notRecorded.length > 0) {
    lines.push(
      "#### Page IDs not recorded (no-record)",
      "",
      `${file} was left as it is; it does not record these pages:`,
      "",
      ...notRecorded.map(({ key, pageId }) => `- ${inlineText(key)}: page ${inlineText(pageId)}`),
      ""
    );
  }
  return lines;
}
function linksLeftLines(records) {
  const all = records.summary?.linksLeft ?? [];
  const left = all.filter((entry) => entry.stopped === void 0);
  const stopped = all.filter((entry) => entry.stopped !== void 0);
  const item = ({ file, waitsFor, stopped: how }) => `- ${inlineText(file)}: ${waitsFor.map(inlineText).join(", ")}${how === "cancelled" ? " (its second send was interrupted in flight: it may have landed)" : ""}`;
  return [
    ...left.length > 0 ? ["**Links that stay as written:** the pages they link to did not land in this run, or landed where the run could not look them up afterwards; the next run fills them in.", "", ...left.map(item), ""] : [],
    ...stopped.length > 0 ? ["**Links that stay as written:** the pages they link to landed, but the run stopped before its second pass could fill these links in; the next run fills them in.", "", ...stopped.map(item), ""] : []
  ];
}
function secondPassLeftLines(records) {
  const count = (name) => typeof records.summary?.[name] === "number" ? records.summary[name] : 0;
  const cancelled2 = count("secondPassCancelled");
  const notStarted = count("secondPassNotStarted");
  if (cancelled2 + notStarted === 0) return [];
  return [`**The run stopped during its second pass (links to new pages):** of the files published, ${cancelled2} were interrupted in flight in it (may have landed) and ${notStarted} not started there; their pages keep links as written.`, ""];
}
function reviewedPlanLine(records, digest) {
  const files = records.files;
  const stopped = files.filter((record) => record.status === "notStarted" || record.status === "cancelled").length;
  const notDone = files.filter((record) => !plainResult(record)).length;
  if (stopped > 0 || records.summary?.interrupted === true) {
    return `The run of the reviewed plan \`${digest}\` stopped part-way: ${counted(stopped, "file was", "files were")} not sent or not confirmed (see below). Publishing again with the reviewed plan (its Markdown or \`--json\` output, not the bare digest) sends the rest.`;
  }
  const leftOutAsPlanned = files.filter((record) => record.status === "refused" || record.status === "edited").length;
  if (notDone > leftOutAsPlanned) return `Sent the reviewed plan \`${digest}\`, but not all of it landed: ${counted(notDone - leftOutAsPlanned, "file did", "files did")} not (see below).`;
  if (leftOutAsPlanned > 0) return `Published the reviewed plan \`${digest}\`; ${counted(leftOutAsPlanned, "file it left out was", "files it left out were")} left out again, as it said (see below).`;
  return `Published the reviewed plan \`${digest}\`.`;
}
function plainResult(record) {
  return record.status === "published" || record.status === "skipped";
}
function resultNotes(record) {
  const guard = record.status === "skipped" && record.wikiEdits?.verdict === "asLeft" && !record.wikiEdits.adopted ? UNCHANGED_AS_LEFT : verdictFitsResult(record) ? guardNote(record.wikiEdits, record.status, false) : "";
  const message = record.status === "edited" && guard !== "" ? "" : record.message;
  return [message, record.relinked ? RELINKED_TEXT : "", guard].filter((note) => note !== "");
}
var UNCHANGED_AS_LEFT = "wiki checked: its page is as its last publish left it";
var SENT_AGAIN_TEXT = "sent again in the second pass, so its links reach pages created after it";
function sharedNotes(record, resent) {
  if (record.status === "published") return resent ? [SENT_AGAIN_TEXT] : [];
  return resultNotes(record);
}
function resultRow(record, resent, reasons, addresses) {
  const word = record.outcome === "created" || record.outcome === "updated" ? record.outcome : resultWord(record);
  const indent = record.tree ? "&nbsp;&nbsp;".repeat(record.tree.depth) : "";
  const own = record.status === "published" ? resultNotes(record) : [];
  const notes = [...own, ...sharedNotes(record, resent).map((note) => reasons.note(note, record.file, record.title))];
  return `| ${indent}${inlineText(record.file)} | ${pageCell(record)} | ${word} | ${notesCell(notes, addresses)} |`;
}

// src/cli/planMarkdown.ts
var COMMENT_MAX_CHARS = 6e4;
function runMarkdown(records, options = {}) {
  const room = {
    max: options.maxBytes ?? options.maxChars ?? 9e5,
    sizeOf: options.maxBytes !== void 0 ? utf8Bytes : charCount,
    ...options.fullPlanAt !== void 0 ? { fullPlanAt: options.fullPlanAt } : {}
  };
  const cut2 = (left) => `_${left === 1 ? "1 more line is" : `${left} more lines are`} not shown here${options.fullPlanAt ? `: the full plan is in ${options.fullPlanAt}` : ""}._`;
  if (records.check && !records.check.matched) return fitDocument(changedPlanLines(records, room), [], room.max, cut2, room.sizeOf);
  if (records.summary?.dryRun || records.plan.length > 0 && records.files.length === 0) {
    const tail = planTail(records);
    return fitDocument(planLines(records, room, tail), tail, room.max, cut2, room.sizeOf);
  }
  return fitDocument(resultLines(records, room), [], room.max, cut2, room.sizeOf);
}
function orderLines(records) {
  const pulledAhead = Number(records.summary?.pulledAhead ?? 0);
  const sentTwice = Number(records.summary?.sentTwice ?? 0);
  const lines = [];
  if (pulledAhead > 0) {
    lines.push(`New pages are created in the order of the table, which the wiki will list them in: ${counted(pulledAhead, "new page comes", "new pages come")} out of name order, so that links find the pages they name (\`--sibling-order name\` keeps the folder's order).`);
  }
  if (sentTwice > 0) lines.push(`${counted(sentTwice, "page goes", "pages go")} twice: ${sentTwice === 1 ? "its links name pages" : "their links name pages"} created after ${sentTwice === 1 ? "it" : "them"}, and the second send fills them in.`);
  return lines.length === 0 ? [] : [lines.join(" "), ""];
}
function plainPlanRow(record) {
  if (record.status === "unchanged") return true;
  if (record.status !== "send" || record.action === "replace") return false;
  const edits = record.wikiEdits;
  return !edits || edits.verdict === "absent" || edits.verdict === "asLeft" && !edits.adopted || edits.verdict === "unchecked" && edits.reason !== "failed";
}
function failedFix(plan) {
  const failed = plan.filter((record) => lookupFailedRecord(record.wikiEdits));
  return failed.length > 0 && failed.every((record) => record.wikiEdits?.lasting === true) ? "running again does not help: their rows say what does; if the parent is only hidden from that account, `--overwrite-edited` sends them unchecked" : "run again, or `--overwrite-edited` sends them unchecked";
}
function planLines(records, room, tail) {
  const plan = records.plan;
  const counts = countBy(plan, (record) => record.status === "edited" && heldWithoutNoticeRecord(record.wikiEdits) ? NO_NOTICE : record.status === "edited" && lookupFailedRecord(record.wikiEdits) ? NOT_READ : planWord(record));
  const headline = PLAN_HEADLINE.filter(([word]) => counts.get(word)).map(([word, phrase]) => `${counts.get(word)} ${phrase}`);
  const lines = ["### Wiki Publisher plan", "", plan.length === 0 ? "No Markdown files to publish." : `**${headline.join(", ")}**`, "", ...orderLines(records)];
  const failed = records.lookupsFailed;
  if (failed > 0) {
    lines.push(
      `> **Wiki edits not checked for ${counted(failed, "file", "files")}: the lookup on the wiki failed** (${failed === 1 ? "its row says" : "their rows say"} why). Whether those pages were edited on the wiki since their last publish is unknown;`,
      `> updates among them are left out (${failedFix(plan)}). This plan covers files and targets only, and the publish job checks again: its edit guard leaves out pages edited on the wiki, and pages it cannot read.`,
      ""
    );
  } else if (!records.wikiRead) {
    lines.push(
      "> **Wiki edits not checked: no page access.** Pages edited on the wiki since their last publish: unknown without page access.",
      "> Without it the plan cannot know whether a page exists (create or update), nor its address unless recorded, nor who last changed it;",
      "> the publish job checks again, and its edit guard leaves out pages edited on the wiki.",
      ""
    );
  }
  const movedTo = new Map((records.moves?.moves ?? []).map((move) => [move.path, move.oldPath]));
  const reasons = planReasons(plan);
  const rows2 = plan.map((record) => ({ line: planRow(record, movedTo.get(record.file), reasons, records.addresses), plain: plainPlanRow(record) && !movedTo.has(record.file) }));
  const after = [...reasons.lines(), ...unaddressedLines(records), ...cautionLines(plan), ...editedLines(plan, records.wikiRead, failed, reasons, records.addresses), ...moveLines(records)];
  return withTable(lines, ["| File | Page | Plan | Notes |", "|---|---|---|---|"], rows2, after, room, tail, notShownNote("to create, update or leave unchanged are", room));
}
var NO_NOTICE = "no notice";
var NOT_READ = "wiki not read";
var PLAN_HEADLINE = [
  ["create", "to create"],
  ["update", "to update"],
  ["replace", "to replace (pages these files did not publish)"],
  ["create or update", "to create or update"],
  ["unchanged", "unchanged"],
  ["refused", "refused"],
  ["left out", "left out (edited on the wiki)"],
  [NO_NOTICE, "left out (no publish notice: an edit cannot be told from a publish)"],
  [NOT_READ, "left out (the wiki could not be read to check for edits)"],
  ["asks first", "left out (title changed)"]
];
function planTail(records) {
  const plan = records.summary?.plan;
  if (!plan) return [];
  const covers = plan.wikiChecked ? "files, targets, and the pages on the wiki as the edit guard saw them" : records.lookupsFailed > 0 ? "files and targets (a lookup on the wiki failed: the publish's edit guard decides on edited pages)" : "files and targets (the wiki was not read)";
  return [
    `Plan digest \`${shortDigest(plan.digest)}\`: covers ${covers}. Publishing with this digest (\`--expect-plan\`, the action's \`expect-plan\`) sends exactly this plan, or nothing.`,
    "",
    planMarkers(plan)
  ];
}
function rowReasons(record) {
  const guard = plainPlanRow(record) ? "" : guardNote(record.wikiEdits, record.status, true);
  return guard === "" ? record.refusals : [...record.refusals, guard];
}
function planReasons(plan) {
  return new SharedReasons(plan.map((record) => ({ file: record.file, ...record.title !== void 0 ? { title: record.title } : {}, reasons: rowReasons(record) })));
}
function cautionLines(plan) {
  const listed2 = groupedCautionLines(plan);
  return listed2.length === 0 ? [] : ["#### Cautions", "", ...listed2, ""];
}
function planRow(record, movedFrom, reasons, addresses) {
  const indent = record.tree ? "&nbsp;&nbsp;".repeat(record.tree.depth) : "";
  const guard = guardNote(record.wikiEdits, record.status, true);
  const notes = [
    ...record.refusals.map((refusal2) => reasons.note(refusal2, record.file, record.title)),
    ...record.tree?.generated ? ["a folder page listing its children"] : [],
    ...record.relinked ? [RELINKED_TEXT] : [],
    ...movedFrom ? [`moved from ${movedFrom}: the old page stays (the service cannot move pages)`] : [],
    plainPlanRow(record) || guard === "" ? guard : reasons.note(guard, record.file, record.title),
    ...record.cautions.length > 0 ? [`${record.cautions.length} caution${record.cautions.length === 1 ? "" : "s"} (below)`] : []
  ].filter((note) => note !== "");
  return `| ${indent}${inlineText(record.file)} | ${pageCell(record)} | ${planWord(record)}${movedFrom ? " (moved)" : ""} | ${notesCell(notes, addresses)} |`;
}
function planWord(record) {
  if (record.status === "send") return record.action === "createOrUpdate" ? "create or update" : record.action ?? "create";
  return { unchanged: "unchanged", refused: "refused", edited: "left out", retitled: "asks first" }[record.status];
}
function changedPlanLines(records, room) {
  const check = records.check;
  if (!check) return [];
  const lines = ["### Wiki Publisher: not published", ""];
  if (check.reason === "wikiUnknown") {
    lines.push("The reviewed plan read the wiki, and this run has no page access: it cannot tell whether pages were edited since. **Nothing was sent.**", "");
  } else {
    lines.push(`The plan changed since it was reviewed (reviewed \`${inlineText(shortDigest(check.expected))}\`, now \`${shortDigest(check.digest)}\`). **Nothing was sent.** Review the new plan and publish with its digest.`, "");
    const differences = check.differences ?? [];
    if (differences.length > 0) {
      lines.push("| File | Since the review |", "|---|---|");
      for (const difference of differences) lines.push(`| ${inlineText(difference.key)} | ${{ changed: "changed (content, target or the page on the wiki)", added: "not in the reviewed plan", removed: "no longer in the plan" }[difference.change]} |`);
      lines.push("");
    }
  }
  if (records.plan.length === 0) return lines;
  const reasons = planReasons(records.plan);
  const rows2 = records.plan.map((record) => ({ line: planRow(record, void 0, reasons, records.addresses), plain: plainPlanRow(record) }));
  return withTable([...lines, "The plan now:", ""], ["| File | Page | Plan | Notes |", "|---|---|---|---|"], rows2, reasons.lines(), room, [], notShownNote("to create, update or leave unchanged are", room));
}

// src/core/util/coalescingWriter.ts
var CoalescingWriter = class {
  /** `write` takes the file's content as it is when it starts. */
  constructor(write) {
    this.write = write;
  }
  write;
  saving = Promise.resolve();
  queued;
  /** Resolves when a write that started after this call has ended (rejects when it failed). */
  request() {
    if (this.queued) return this.queued;
    const next = this.saving.catch(() => void 0).then(() => {
      this.queued = void 0;
      return this.write();
    });
    this.queued = next;
    this.saving = next;
    return next;
  }
  /** Resolves when every write asked for so far is done (rejects when the last of them failed). */
  settled() {
    return this.saving;
  }
};

// src/core/links/stateFile.ts
var import_promises5 = require("node:fs/promises");
var import_node_path5 = require("node:path");

// src/core/writes/treeWrites.ts
var import_node_crypto2 = require("node:crypto");
var import_node_fs3 = require("node:fs");
var import_promises4 = require("node:fs/promises");

// src/core/writes/writePath.ts
var import_promises3 = require("node:fs/promises");
var import_node_path4 = require("node:path");

// src/core/messages/writeMessages.ts
var NO_LINKS = "wiki-publisher never writes through a symbolic link, so that a repository cannot make it write a file outside its working tree";
var englishWriteMessages = {
  outsideTree: (path, tree) => `${path} is outside the working tree (${tree}); wiki-publisher writes files only inside it, so that no run writes elsewhere on the machine. Name a path inside it.`,
  fileIsLink: (path) => `${path} is a symbolic link; ${NO_LINKS}. Delete the link (or restore the file from git), or name another path.`,
  folderIsLink: (path, folder) => `${path} goes through ${folder}, a symbolic link; ${NO_LINKS}. Make ${folder} a real folder (or delete the link), or name another path.`,
  notAFolder: (path, entry) => `${path} cannot be written: ${entry} is not a folder. Name another path.`,
  notAFile: (path) => `${path} is a folder, pipe, socket or device, not a regular file; wiki-publisher replaces only regular files. Name another path.`,
  inGitFolder: (path, gitFolder) => `${path} is inside ${gitFolder}, git's own folder (its config and hooks, which git runs), not the working tree; wiki-publisher never writes there. Name another path.`
};

// src/core/writes/writePath.ts
var WriteRefused = class extends Error {
  constructor(refusal2) {
    super(describeWriteRefusal(refusal2));
    this.refusal = refusal2;
    this.name = "WriteRefused";
  }
  refusal;
  wordedIn(messages) {
    return describeWriteRefusal(this.refusal, messages);
  }
};
function describeWriteRefusal(refusal2, messages = englishWriteMessages) {
  const shown2 = (path) => (0, import_node_path4.relative)(refusal2.tree, path).split(import_node_path4.sep).join("/");
  switch (refusal2.reason) {
    case "outside":
      return messages.outsideTree(refusal2.path, refusal2.tree);
    case "link":
      return refusal2.at === refusal2.path ? messages.fileIsLink(shown2(refusal2.path)) : messages.folderIsLink(shown2(refusal2.path), shown2(refusal2.at));
    case "notFolder":
      return messages.notAFolder(shown2(refusal2.path), shown2(refusal2.at));
    case "notFile":
      return messages.notAFile(shown2(refusal2.path));
    case "gitFolder":
      return messages.inGitFolder(shown2(refusal2.path), shown2(refusal2.at));
  }
}
function entriesDown(tree, path) {
  const inside = (0, import_node_path4.relative)(tree, path);
  if (inside === "" || inside === ".." || inside.startsWith(`..${import_node_path4.sep}`) || (0, import_node_path4.isAbsolute)(inside)) return void 0;
  const entries = [];
  let at = tree;
  for (const name of inside.split(import_node_path4.sep)) {
    at = (0, import_node_path4.join)(at, name);
    entries.push(at);
  }
  return entries;
}
async function entryAt(path) {
  try {
    return await (0, import_promises3.lstat)(path);
  } catch (error) {
    if (error.code === "ENOENT") return void 0;
    throw error;
  }
}
async function checkWritePath(tree, path, options = {}) {
  const entries = entriesDown(tree, path);
  if (entries === void 0) return { reason: "outside", tree, path, at: path };
  const gitFolder = entries.slice(0, -1).find((entry) => entry.slice(entry.lastIndexOf(import_node_path4.sep) + 1).toLowerCase() === ".git");
  if (gitFolder !== void 0) return { reason: "gitFolder", tree, path, at: gitFolder };
  for (const [index, at] of entries.entries()) {
    const isFile = index === entries.length - 1;
    let stats = await entryAt(at);
    if (stats === void 0) {
      if (isFile || !options.makeFolders) return void 0;
      await (0, import_promises3.mkdir)(at).catch((error) => {
        if (error.code !== "EEXIST") throw error;
      });
      stats = await (0, import_promises3.lstat)(at);
    }
    if (stats.isSymbolicLink()) return { reason: "link", tree, path, at };
    if (!isFile && !stats.isDirectory()) return { reason: "notFolder", tree, path, at };
    if (isFile && !stats.isFile()) return { reason: "notFile", tree, path, at };
  }
  return void 0;
}
async function assertWritePath(tree, path, options = {}) {
  const refusal2 = await checkWritePath(tree, path, options);
  if (refusal2 !== void 0) throw new WriteRefused(refusal2);
}

// src/core/writes/treeWrites.ts
var NO_FOLLOW = import_node_fs3.constants.O_NOFOLLOW ?? 0;
var CREATE_EXCLUSIVE = import_node_fs3.constants.O_WRONLY | import_node_fs3.constants.O_CREAT | import_node_fs3.constants.O_EXCL | NO_FOLLOW;
var APPEND = import_node_fs3.constants.O_WRONLY | import_node_fs3.constants.O_APPEND | import_node_fs3.constants.O_CREAT | NO_FOLLOW | (import_node_fs3.constants.O_NONBLOCK ?? 0);
function temporaryPathOf(path) {
  return `${path}.${process.pid}.${(0, import_node_crypto2.randomBytes)(4).toString("hex")}.tmp`;
}
async function writeFileInTree(tree, path, text2) {
  await assertWritePath(tree, path, { makeFolders: true });
  const temporary = temporaryPathOf(path);
  const handle = await (0, import_promises4.open)(temporary, CREATE_EXCLUSIVE, 438);
  try {
    try {
      await handle.writeFile(text2, "utf8");
    } finally {
      await handle.close();
    }
    await assertWritePath(tree, path);
    await (0, import_promises4.rename)(temporary, path);
  } catch (error) {
    await (0, import_promises4.unlink)(temporary).catch(() => void 0);
    throw error;
  }
}
async function appendFileInTree(tree, path, text2) {
  await assertWritePath(tree, path, { makeFolders: true });
  let handle;
  try {
    handle = await (0, import_promises4.open)(path, APPEND, 438);
  } catch (error) {
    if (error.code === "ELOOP") throw new WriteRefused({ reason: "link", tree, path, at: path });
    throw error;
  }
  let shared = false;
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new WriteRefused({ reason: "notFile", tree, path, at: path });
    shared = stats.nlink > 1;
    if (!shared) await handle.appendFile(text2, "utf8");
  } finally {
    await handle.close();
  }
  if (!shared) return;
  const reading = await (0, import_promises4.open)(path, import_node_fs3.constants.O_RDONLY | NO_FOLLOW | (import_node_fs3.constants.O_NONBLOCK ?? 0));
  let before;
  try {
    before = await reading.readFile("utf8");
  } finally {
    await reading.close();
  }
  await writeFileInTree(tree, path, `${before}${text2}`);
}
async function removeFileInTree(tree, path) {
  await assertWritePath(tree, path);
  await (0, import_promises4.unlink)(path).catch((error) => {
    if (error.code !== "ENOENT") throw error;
  });
}

// src/core/links/stateFile.ts
var STATE_FILE_VERSION = 1;
function stateJournalPath(path) {
  return `${path}.journal`;
}
var JOURNAL_FOLD_MIN_BYTES = 256 * 1024;
var StateFileLinkStore = class _StateFileLinkStore {
  constructor(path, workingTree, links, journalBytes, recordBytes) {
    this.path = path;
    this.workingTree = workingTree;
    this.links = links;
    this.journalBytes = journalBytes;
    this.recordBytes = recordBytes;
    this.foldNext = journalBytes > 0;
  }
  path;
  workingTree;
  links;
  journalBytes;
  recordBytes;
  /** Files whose link changed (set, delete) and is in neither the record's file nor the journal yet. */
  unwritten = /* @__PURE__ */ new Set();
  /** The next write folds the journal into the record (save, or a journal left by an earlier run). */
  foldNext;
  /** Each write appends what changed to the journal, or folds it into the record; one at a time, in order. */
  writer = new CoalescingWriter(() => this.write());
  /**
   * The rendering of each link as the file holds it, made once per link: a long run folds its journal into the record
   * several times, and most of the links in it have not changed since the last fold.
   */
  rendered = /* @__PURE__ */ new Map();
  /**
   * Reads the record at `path` (relative to `cwd`) and its journal; a file that is not one is refused, never emptied,
   * and so is a path the record or its journal could not be written at (outside `workingTree`, or through a link).
   */
  static async open(path, place) {
    const absolute = (0, import_node_path5.resolve)(place.cwd, path);
    for (const written3 of [absolute, stateJournalPath(absolute)]) {
      const refusal2 = await checkWritePath(place.workingTree, written3);
      if (refusal2 !== void 0) return { ok: false, message: `--state ${path}: ${describeWriteRefusal(refusal2)}` };
    }
    const record = await readIfThere(absolute);
    if (!record.ok) return { ok: false, message: `The state file ${path} cannot be read (${record.code}).` };
    const links = record.text === void 0 ? /* @__PURE__ */ new Map() : parseStateFile(record.text);
    if (!links) {
      return { ok: false, message: `The state file ${path} is not a wiki-publisher state file (version ${STATE_FILE_VERSION}). Delete it or point --state elsewhere.` };
    }
    const journal = await readIfThere(stateJournalPath(absolute));
    if (!journal.ok) return { ok: false, message: `The journal of the state file ${path} (${stateJournalPath(path)}) cannot be read (${journal.code}).` };
    if (journal.text !== void 0) replayJournal(journal.text, links);
    return { ok: true, store: new _StateFileLinkStore(absolute, place.workingTree, links, byteLength(journal.text), byteLength(record.text)) };
  }
  /** The key a file path is kept under: relative to the state file's folder, '/'-separated. */
  keyOf(filePath) {
    return (0, import_node_path5.relative)((0, import_node_path5.dirname)(this.path), (0, import_node_path5.resolve)(filePath)).split(import_node_path5.sep).join("/");
  }
  /** Every file's link as the record holds it now (journal included), by key. */
  files() {
    return this.links;
  }
  get(filePath) {
    return Promise.resolve(this.links.get(this.keyOf(filePath)));
  }
  /** Keeps a link, written with the next write (record, forget, save). */
  set(filePath, link) {
    this.remember(filePath, link);
    return Promise.resolve();
  }
  /** Drops a file's link, written with the next write (record, forget, save). */
  delete(filePath) {
    const key = this.keyOf(filePath);
    this.rendered.delete(key);
    if (this.links.delete(key)) this.unwritten.add(key);
    return Promise.resolve();
  }
  remember(filePath, link) {
    const key = this.keyOf(filePath);
    this.links.set(key, link);
    this.rendered.delete(key);
    this.unwritten.add(key);
  }
  /**
   * Records one file's link and writes it at once, with every change not yet written, so a run killed half-way loses
   * nothing that landed: the next run finds those pages linked instead of failing them with "already exists".
   */
  record(filePath, link) {
    this.remember(filePath, link);
    return this.writer.request();
  }
  /** Drops a file's link and writes that at once, as record writes a link. */
  async forget(filePath) {
    await this.delete(filePath);
    return this.writer.request();
  }
  /**
   * Writes the whole record if anything changed since it was last written (a temporary file in the same folder,
   * renamed over the old one) and removes the journal: what a run does at its end.
   */
  save() {
    this.foldNext = true;
    return this.writer.request();
  }
  async write() {
    const keys = [...this.unwritten];
    this.unwritten.clear();
    const fold = this.foldNext || this.journalBytes >= Math.max(JOURNAL_FOLD_MIN_BYTES, this.recordBytes);
    try {
      if (fold) await this.fold(keys.length > 0);
      else if (keys.length > 0) await this.append(keys);
    } catch (error) {
      for (const key of keys) this.unwritten.add(key);
      throw error;
    }
  }
  /** The record's file rewritten from the links as they are now, and the journal it takes in removed. */
  async fold(changed) {
    this.foldNext = false;
    if (!changed && this.journalBytes === 0) return;
    const text2 = stateFileText(this.links, this.rendered);
    try {
      await writeFileInTree(this.workingTree, this.path, text2);
    } catch (error) {
      this.foldNext = true;
      throw error;
    }
    await removeFileInTree(this.workingTree, stateJournalPath(this.path));
    this.journalBytes = 0;
    this.recordBytes = byteLength(text2);
  }
  /** One line per file at the journal's end: its link now, or none when it was dropped. */
  async append(keys) {
    let lines = "";
    for (const key of keys) {
      const link = this.links.get(key);
      lines += `${JSON.stringify(link === void 0 ? { file: key } : { file: key, link })}
`;
    }
    await appendFileInTree(this.workingTree, stateJournalPath(this.path), lines);
    this.journalBytes += byteLength(lines);
  }
};
async function readIfThere(path) {
  try {
    return { ok: true, text: await (0, import_promises5.readFile)(path, "utf8") };
  } catch (error) {
    const code = error.code;
    return code === "ENOENT" ? { ok: true, text: void 0 } : { ok: false, code: code ?? "error" };
  }
}
function byteLength(text2) {
  return text2 === void 0 ? 0 : Buffer.byteLength(text2, "utf8");
}
function replayJournal(text2, links) {
  const lines = text2.split("\n");
  lines.pop();
  for (const line of lines) {
    const entry = parseJsonObject(line);
    if (typeof entry?.file !== "string") continue;
    if (!("link" in entry)) {
      links.delete(entry.file);
      continue;
    }
    const link = cachedLink(entry.link);
    if (link) links.set(entry.file, link);
  }
}
function stateFileText(links, rendered) {
  if (links.size === 0) return `${JSON.stringify({ version: STATE_FILE_VERSION, files: {} }, null, 2)}
`;
  const entries = [];
  for (const key of [...links.keys()].sort()) {
    let text2 = rendered.get(key);
    if (text2 === void 0) {
      text2 = `    ${JSON.stringify(key)}: ${JSON.stringify(links.get(key), null, 2).replace(/\n/g, "\n    ")}`;
      rendered.set(key, text2);
    }
    entries.push(text2);
  }
  return `{
  "version": ${STATE_FILE_VERSION},
  "files": {
${entries.join(",\n")}
  }
}
`;
}
function parseStateFile(text2) {
  const value = parseJsonObject(text2);
  if (!value) return void 0;
  const { version, files } = value;
  if (version !== STATE_FILE_VERSION || typeof files !== "object" || files === null || Array.isArray(files)) return void 0;
  const links = /* @__PURE__ */ new Map();
  for (const [key, entry] of Object.entries(files)) {
    const link = cachedLink(entry);
    if (link) links.set(key, link);
  }
  return links;
}
function cachedLink(value) {
  const link = parsePageLink(value);
  if (link?.url !== void 0) delete link.url;
  return link;
}

// src/core/text/escaped.ts
function isEscaped(text2, at) {
  let count = 0;
  for (let before = at - 1; before >= 0 && text2[before] === "\\"; before--) count++;
  return (count & 1) === 1;
}

// src/core/tree/jsonMembers.ts
var BACKSLASH5 = 92;
var SPACE2 = 32;
var LINE_FEED2 = 10;
var CARRIAGE_RETURN2 = 13;
var TAB2 = 9;
var COLON3 = 58;
function memberNameCount(text2) {
  let count = 0;
  for (let at = text2.indexOf('"'); at !== -1; ) {
    let end = text2.indexOf('"', at + 1);
    while (end !== -1 && text2.charCodeAt(end - 1) === BACKSLASH5 && isEscaped(text2, end)) end = text2.indexOf('"', end + 1);
    if (end === -1) break;
    let next = end + 1;
    let code = text2.charCodeAt(next);
    while (code === SPACE2 || code === LINE_FEED2 || code === CARRIAGE_RETURN2 || code === TAB2) code = text2.charCodeAt(++next);
    if (code === COLON3) count++;
    at = text2.indexOf('"', next);
  }
  return count;
}
function memberCount(value) {
  let count = 0;
  const pending = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== "object" || next === null) continue;
    if (Array.isArray(next)) {
      for (const element of next) pending.push(element);
      continue;
    }
    for (const name in next) {
      count++;
      pending.push(next[name]);
    }
  }
  return count;
}
function duplicateMember(text2) {
  const objects = [];
  for (let at = 0; at < text2.length; at++) {
    const char = text2[at];
    if (char === "{") objects.push(/* @__PURE__ */ new Set());
    else if (char === "[") objects.push(void 0);
    else if (char === "}" || char === "]") objects.pop();
    else if (char === '"') {
      const end = endOfString(text2, at);
      const names = objects[objects.length - 1];
      let next = end + 1;
      while (" 	\r\n".includes(text2[next] ?? ".")) next++;
      if (names && text2[next] === ":") {
        const written3 = text2.slice(at + 1, end);
        const name = written3.includes("\\") ? JSON.parse(text2.slice(at, end + 1)) : written3;
        if (names.has(name)) return name;
        names.add(name);
      }
      at = end;
    }
  }
  return void 0;
}
function endOfString(text2, start) {
  let at = start + 1;
  while (at < text2.length && text2[at] !== '"') at += text2[at] === "\\" ? 2 : 1;
  return at;
}

// src/core/tree/manifestKeys.ts
function manifestKeyProblem(key, messages = englishManifestMessages) {
  if (key === "") return messages.keyEmpty();
  if (key.includes("\\")) return messages.keyBackslash();
  if (key.startsWith("/") || /^[A-Za-z]:/.test(key)) return messages.keyAbsolute();
  const body = key.endsWith("/") ? key.slice(0, -1) : key;
  let notNormalised = false;
  for (let start = 0; ; ) {
    let end = body.indexOf("/", start);
    if (end === -1) end = body.length;
    if (end - start === 2 && body.startsWith("..", start)) return messages.keyLeaves();
    if (end === start || end - start === 1 && body[start] === ".") notNormalised = true;
    if (end === body.length) break;
    start = end + 1;
  }
  return notNormalised ? messages.keyNotNormalised() : void 0;
}
function keyNamesNoPage(key) {
  return !key.endsWith("/") && !isMarkdownFileName(key.slice(key.lastIndexOf("/") + 1));
}
var PAGE_KEY_EXTENSIONS = MARKDOWN_EXTENSIONS.join(", ");

// src/core/tree/manifestFormat.ts
var MANIFEST_FILE_NAME = ".wiki-pages.json";
var MANIFEST_VERSION = 1;
var PAGE_ID = /^\d+$/;
var TOP_LEVEL_FIELDS = /* @__PURE__ */ new Set(["version", "space", "parent", "pages"]);
var ENTRY_FIELDS = /* @__PURE__ */ new Set(["id", "title"]);
var CONFLICT_MARKER = /^(?:<{7}|>{7}|\|{7})(?:[ \t]|$)|^={7}[ \t]*$/m;
function mergeConflictMessage(text2, name = MANIFEST_FILE_NAME, messages = englishManifestMessages) {
  const mayHaveMarker = text2.includes("<<<<<<<") || text2.includes(">>>>>>>") || text2.includes("|||||||") || text2.includes("=======");
  const marker = mayHaveMarker ? CONFLICT_MARKER.exec(text2) : null;
  return marker ? messages.conflictMarkers(atLine(name, text2, marker.index)) : void 0;
}
function atLine(name, text2, index) {
  if (index === void 0 || index < 0) return name;
  let line = 1;
  for (let at = text2.indexOf("\n"); at !== -1 && at < index; at = text2.indexOf("\n", at + 1)) line++;
  return `${name}:${line}`;
}
function jsonErrorIndex(text2, detail) {
  const line = /\(line (\d+) column \d+\)/.exec(detail);
  if (line) {
    let at = 0;
    for (let n = Number(line[1]); n > 1 && at !== -1; n--) at = text2.indexOf("\n", at) + 1 || -1;
    return at === -1 ? void 0 : at;
  }
  const position = /at position (\d+)/.exec(detail);
  return position ? Number(position[1]) : void 0;
}
function keyIndex(text2, key, second = false) {
  const pages = text2.indexOf('"pages"');
  const written3 = JSON.stringify(key);
  let from = pages === -1 ? 0 : pages + 7;
  for (let found = 0; ; ) {
    const at = text2.indexOf(written3, from);
    if (at === -1) return void 0;
    let next = at + written3.length;
    while (" 	\r\n".includes(text2[next] ?? ".")) next++;
    if (text2[next] === ":") {
      if (!second || found === 1) return at;
      found++;
    }
    from = at + written3.length;
  }
}
function parseManifest(text2, name = MANIFEST_FILE_NAME, messages = englishManifestMessages) {
  if (text2.length > MAX_MANIFEST_CHARACTERS) return { ok: false, message: messages.tooLarge(name, `${text2.length} characters`, `${MAX_MANIFEST_ENTRIES} pages, in ${MAX_MANIFEST_CHARACTERS} characters`) };
  const asWritten = manifestAsWritten(text2);
  const parsed = asWritten ? { ok: true, manifest: asWritten } : parseManifestStrictly(text2, name, messages);
  if (!parsed.ok) return parsed;
  const entries = parsed.manifest.pages.size;
  if (entries > MAX_MANIFEST_ENTRIES) return { ok: false, message: messages.tooLarge(name, `${entries} pages`, `${MAX_MANIFEST_ENTRIES} pages`) };
  return { ok: true, manifest: { ...parsed.manifest, text: text2 } };
}
var MAX_MANIFEST_ENTRIES = 2e4;
var MAX_MANIFEST_CHARACTERS = 16 * 1024 * 1024;
function entryLocator(text2, name, pages) {
  let lines = pages === void 0 ? void 0 : linesAsWritten.get(pages);
  return (key) => {
    if (lines === void 0) {
      const found = /* @__PURE__ */ new Map();
      const pagesAt = text2.indexOf('"pages"');
      let line2 = 1;
      for (let at = 0; at < text2.length; ) {
        const end = text2.indexOf("\n", at);
        const stop = end === -1 ? text2.length : end;
        const key2 = at > pagesAt ? writtenKey(text2, at, stop) : void 0;
        if (key2 !== void 0 && !found.has(key2)) found.set(key2, line2);
        line2++;
        at = stop + 1;
      }
      lines = found;
    }
    const line = lines.get(key);
    return line === void 0 ? name : `${name}:${line}`;
  };
}
function writtenKey(text2, at, stop) {
  let open3 = at;
  while (open3 < stop && text2.charCodeAt(open3) === 32) open3++;
  if (text2.charCodeAt(open3) === 34) {
    let close = open3 + 1;
    while (close < stop && isPlainKeyCharacter(text2.charCodeAt(close))) close++;
    if (close < stop && text2.charCodeAt(close) === 34 && text2.charCodeAt(close + 1) === 58) return text2.slice(open3 + 1, close);
  }
  const written3 = /^\s*("(?:[^"\\]|\\.)*")\s*:/.exec(text2.slice(at, stop));
  if (!written3) return void 0;
  try {
    return JSON.parse(written3[1]);
  } catch {
    return void 0;
  }
}
function isPlainKeyCharacter(code) {
  return code >= 32 && code !== 34 && code !== 92;
}
function parseManifestStrictly(text2, name = MANIFEST_FILE_NAME, messages = englishManifestMessages) {
  const refuse3 = (message) => ({ ok: false, message });
  const conflict = mergeConflictMessage(text2, name, messages);
  if (conflict) return refuse3(conflict);
  let value;
  try {
    value = JSON.parse(text2.replace(/^\uFEFF/, ""));
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return refuse3(messages.notJson(atLine(name, text2, jsonErrorIndex(text2, detail)), detail));
  }
  if (!isObject2(value)) return refuse3(messages.notObject(name));
  if (value.version !== MANIFEST_VERSION) {
    return refuse3(typeof value.version === "number" && value.version > MANIFEST_VERSION ? messages.newerVersion(name, value.version, MANIFEST_VERSION) : messages.notAManifest(name, MANIFEST_VERSION));
  }
  const unknown = Object.keys(value).find((field) => !TOP_LEVEL_FIELDS.has(field));
  if (unknown !== void 0) return refuse3(messages.unknownField(name, unknown));
  const root = parseRoot(value.space, value.parent, name, messages);
  if (typeof root === "string") return refuse3(root);
  const listed2 = value.pages;
  if (!isObject2(listed2)) return refuse3(messages.noPages(name));
  const pages = /* @__PURE__ */ new Map();
  const keyOfId = /* @__PURE__ */ new Map();
  let idTwice;
  let members = Object.keys(value).length;
  let bad;
  const setAside = [];
  for (const key of Object.keys(listed2)) {
    const raw = listed2[key];
    const keyProblem = manifestKeyProblem(key, messages);
    if (keyProblem === void 0 && keyNamesNoPage(key)) {
      setAside.push(key);
      continue;
    }
    const problem = keyProblem ?? entryProblem(raw, messages);
    if (problem) {
      bad = { key, problem };
      break;
    }
    const entry = raw;
    members += entry.title === void 0 ? 2 : 3;
    pages.set(key, { id: entry.id, title: entry.title ?? "" });
    const first = keyOfId.get(entry.id);
    if (first === void 0) keyOfId.set(entry.id, key);
    else idTwice ??= { id: entry.id, first, second: key };
  }
  const parsedMembers = bad === void 0 && setAside.length === 0 ? members : memberCount(value);
  const twice = memberNameCount(text2) > parsedMembers ? duplicateMember(text2) : void 0;
  if (twice !== void 0) return refuse3(messages.listedTwice(atLine(name, text2, keyIndex(text2, twice, true)), twice));
  if (bad !== void 0) return refuse3(messages.badEntry(atLine(name, text2, keyIndex(text2, bad.key)), bad.key, bad.problem));
  if (idTwice !== void 0) return refuse3(messages.idTwice(atLine(name, text2, keyIndex(text2, idTwice.second)), idTwice.first, idTwice.second, idTwice.id));
  const parentKey = root === void 0 ? void 0 : keyOfId.get(root.parent);
  if (root !== void 0 && parentKey !== void 0) return refuse3(messages.parentListed(atLine(name, text2, keyIndex(text2, parentKey)), parentKey, root.parent));
  if (setAside.length === 0) return { ok: true, manifest: { root, pages } };
  return { ok: true, manifest: { root, pages, setAside: setAside.map((key) => messages.keySetAside(atLine(name, text2, keyIndex(text2, key)), key, PAGE_KEY_EXTENSIONS)) } };
}
var RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f]/;
var INDEX_LIKE = /^(?:0|[1-9]\d{0,9})$/;
var ENTRY_START = '    "';
var ENTRY_ID = '": {"id":"';
var ENTRY_TITLE = '","title":"';
var linesAsWritten = /* @__PURE__ */ new WeakMap();
function manifestAsWritten(text2) {
  if (text2.includes("\\") || text2.includes("\r") || RAW_CONTROL.test(text2)) return void 0;
  const lines = text2.split("\n");
  if (lines[0] !== "{" || lines[1] !== `  "version": ${MANIFEST_VERSION},`) return void 0;
  let at = 2;
  let root;
  if (lines[at]?.startsWith('  "space": "')) {
    const space = quotedValue(lines[at] ?? "", '  "space": "', '",');
    const parent = quotedValue(lines[at + 1] ?? "", '  "parent": "', '",');
    if (space === void 0 || parent === void 0 || space.trim() === "" || !PAGE_ID.test(parent)) return void 0;
    root = { space, parent };
    at += 2;
  }
  const pages = /* @__PURE__ */ new Map();
  const ids = /* @__PURE__ */ new Set();
  const lineOf = /* @__PURE__ */ new Map();
  if (lines[at] === '  "pages": {') {
    for (at++; ; at++) {
      const line = lines[at];
      if (line === void 0 || !line.startsWith(ENTRY_START)) return void 0;
      const keyEnd = line.indexOf(ENTRY_ID, ENTRY_START.length);
      const idEnd = keyEnd === -1 ? -1 : line.indexOf(ENTRY_TITLE, keyEnd + ENTRY_ID.length);
      if (idEnd === -1) return void 0;
      const key = line.slice(ENTRY_START.length, keyEnd);
      const id = line.slice(keyEnd + ENTRY_ID.length, idEnd);
      const more = line.endsWith('"},');
      const titleEnd = line.length - (more ? 3 : 2);
      const titleStart = idEnd + ENTRY_TITLE.length;
      if (!more && !line.endsWith('"}') || titleEnd < titleStart) return void 0;
      const title = line.slice(titleStart, titleEnd);
      if (key.includes('"') || id.includes('"') || title.includes('"')) return void 0;
      if (pages.has(key) || INDEX_LIKE.test(key) || manifestKeyProblem(key) !== void 0 || keyNamesNoPage(key)) return void 0;
      if (!PAGE_ID.test(id) || ids.has(id) || id === root?.parent) return void 0;
      pages.set(key, { id, title });
      lineOf.set(key, at + 1);
      ids.add(id);
      if (!more) break;
    }
    if (lines[++at] !== "  }") return void 0;
  } else if (lines[at] !== '  "pages": {}') return void 0;
  if (lines[at + 1] !== "}" || lines[at + 2] !== "" || lines.length !== at + 3) return void 0;
  linesAsWritten.set(pages, lineOf);
  return { root, pages };
}
function quotedValue(line, before, after) {
  if (!line.startsWith(before) || !line.endsWith(after) || line.length < before.length + after.length) return void 0;
  const value = line.slice(before.length, line.length - after.length);
  return value.includes('"') ? void 0 : value;
}
var lineOfEntry = /* @__PURE__ */ new WeakMap();
function serializeManifest(manifest) {
  const keys = [...manifest.pages.keys()].sort();
  const lines = keys.map((key) => {
    const entry = manifest.pages.get(key);
    const known = lineOfEntry.get(entry);
    if (known !== void 0 && known.key === key) return known.line;
    const { id, title } = entry;
    const line = `    ${JSON.stringify(key)}: ${JSON.stringify({ id, title })}`;
    lineOfEntry.set(entry, { key, line });
    return line;
  });
  const root = manifest.root ? [`  "space": ${JSON.stringify(manifest.root.space)},`, `  "parent": ${JSON.stringify(manifest.root.parent)},`] : [];
  const pages = lines.length === 0 ? "{}" : `{
${lines.join(",\n")}
  }`;
  return ["{", `  "version": ${MANIFEST_VERSION},`, ...root, `  "pages": ${pages}`, "}", ""].join("\n");
}
function parseRoot(space, parent, name, messages) {
  if (space === void 0 && parent === void 0) return void 0;
  if (typeof space !== "string" || space.trim() === "") return messages.noSpace(name);
  if (typeof parent !== "string" || !PAGE_ID.test(parent)) return messages.noParent(name);
  return { space, parent };
}
function entryProblem(raw, messages) {
  if (!isObject2(raw)) return messages.entryNotObject();
  if (raw.id === void 0) return messages.entryNoId();
  if (typeof raw.id !== "string" || !PAGE_ID.test(raw.id)) return messages.entryBadId(JSON.stringify(raw.id));
  if (raw.title !== void 0 && typeof raw.title !== "string") return messages.entryBadTitle();
  for (const field in raw) if (!ENTRY_FIELDS.has(field)) return messages.entryUnknownField(field);
  return void 0;
}
function isObject2(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// src/core/walk/relativePaths.ts
function folderKey(folder) {
  const trimmed = folder.replace(/\/+$/, "");
  return trimmed === "" || trimmed === "." ? "" : `${trimmed}/`;
}
function isFolderPath(path) {
  return path.endsWith("/");
}
function parentFolderOf(path) {
  const slash = lastSlashBefore(path, plainEnd(path));
  return slash === -1 ? "" : path.slice(0, slash + 1);
}
function nameOf(path) {
  const end = plainEnd(path);
  return path.slice(lastSlashBefore(path, end) + 1, end);
}
function plainEnd(path) {
  return path.endsWith("/") ? path.length - 1 : path.length;
}
function lastSlashBefore(path, end) {
  return end === 0 ? -1 : path.lastIndexOf("/", end - 1);
}
function isBelow(path, root) {
  return path.startsWith(root) && path.length > root.length;
}
function foldersHolding(paths) {
  const folders = /* @__PURE__ */ new Set();
  for (const path of paths) {
    for (let end = path.indexOf("/"); end !== -1; end = path.indexOf("/", end + 1)) folders.add(path.slice(0, end + 1));
  }
  return folders;
}
function isBelowAny(path, folders) {
  for (let end = path.indexOf("/"); end !== -1; end = path.indexOf("/", end + 1)) if (folders.has(path.slice(0, end + 1))) return true;
  return false;
}

// src/core/tree/folderPage.ts
function folderContentRank(fileName, folderName) {
  const lower = fileName.toLowerCase();
  let extension;
  for (const each of MARKDOWN_EXTENSIONS) {
    if (lower.endsWith(each)) {
      extension = each;
      break;
    }
  }
  if (extension === void 0) return void 0;
  const stemLength = lower.length - extension.length;
  if (stemLength === 5 && lower.startsWith("index")) return 0;
  if (stemLength === 6 && lower.startsWith("readme")) return 1;
  const folderLower = folderName.toLowerCase();
  return stemLength > 0 && stemLength === folderLower.length && lower.startsWith(folderLower) ? 2 : void 0;
}
function contentFileNames(folderName) {
  const stems = /* @__PURE__ */ new Set(["index", "Index", "INDEX", "README", "readme", "Readme", folderName, folderName.toLowerCase()]);
  const names = [];
  for (const stem of stems) for (const extension of MARKDOWN_EXTENSIONS) names.push(`${stem}${extension}`);
  return names;
}
function folderContentFile(files, folderName) {
  let best;
  for (const file of files) {
    const rank = folderContentRank(nameOf(file.path), folderName);
    if (rank === void 0) continue;
    if (!best || rank < best.rank || rank === best.rank && compareRelativePaths(file.path, best.file.path) < 0) best = { file, rank };
  }
  return best?.file;
}
function readableFolderName(name) {
  const spaced2 = name.replace(/[-_]+/g, " ").replace(/\s+/g, " ").trim();
  if (spaced2 === "") return name;
  return spaced2.charAt(0).toLocaleUpperCase("en-US") + spaced2.slice(1);
}

// src/core/tree/repositoryLinks.ts
function lazyManifestAncestor(folder, manifestLocation, relativePath) {
  let location;
  let relative8;
  return {
    folder,
    get manifestLocation() {
      return location ??= manifestLocation();
    },
    get relativePath() {
      return relative8 ??= relativePath();
    }
  };
}
async function repositoryLinks(files, port) {
  const read = manifestReader(port);
  const result = { links: /* @__PURE__ */ new Map(), problems: [], entryFindings: [] };
  const reported = /* @__PURE__ */ new Set();
  for (const file of files) {
    const nearest = await nearestManifest(file.ancestors, read);
    if (nearest === void 0) continue;
    if ("problem" in nearest) {
      if (!reported.has(nearest.problem)) result.problems.push(nearest.problem);
      reported.add(nearest.problem);
      continue;
    }
    for (const entry of nearest.manifest.setAside ?? []) {
      if (!reported.has(entry)) result.entryFindings.push(entry);
      reported.add(entry);
    }
    const locate = locatorOf(nearest.manifest, port.label?.(nearest.ancestor.manifestLocation) ?? nearest.ancestor.manifestLocation);
    const link = recordedLink(nearest.manifest, nearest.ancestor.relativePath, file.siblingNames, locate);
    if (link) result.links.set(file.key, link);
    else {
      const other = otherCaseKey(nearest.manifest, nearest.ancestor.relativePath);
      const problem = other === void 0 ? void 0 : (port.messages ?? englishManifestMessages).keyOtherCase(locate(other), other, nearest.ancestor.relativePath);
      if (problem !== void 0 && !reported.has(problem)) result.entryFindings.push(problem);
      if (problem !== void 0) reported.add(problem);
    }
  }
  return result;
}
function otherCaseKey(manifest, path) {
  let byLowerCase = keysByLowerCase.get(manifest);
  if (byLowerCase === void 0) {
    byLowerCase = /* @__PURE__ */ new Map();
    for (const key2 of manifest.pages.keys()) byLowerCase.set(key2.toLowerCase(), key2);
    keysByLowerCase.set(manifest, byLowerCase);
  }
  const key = byLowerCase.get(path.toLowerCase());
  return key === path ? void 0 : key;
}
var keysByLowerCase = /* @__PURE__ */ new WeakMap();
async function nearestManifest(ancestors, read) {
  for (const ancestor of ancestors) {
    const manifest = await read(ancestor);
    if (manifest === void 0) continue;
    return typeof manifest === "string" ? { ancestor, problem: manifest } : { ancestor, manifest };
  }
  return void 0;
}
function manifestReader(port) {
  const manifests = /* @__PURE__ */ new Map();
  return (ancestor) => {
    let found = manifests.get(ancestor.folder);
    if (!found) {
      const name = port.label?.(ancestor.manifestLocation) ?? ancestor.manifestLocation;
      const messages = port.messages ?? englishManifestMessages;
      found = port.read(ancestor.manifestLocation).then(
        (text2) => {
          if (text2 === void 0) return void 0;
          const parsed = parseManifest(text2, name, messages);
          return parsed.ok ? parsed.manifest : parsed.message;
        },
        // A link or a folder in the manifest's place is named as such, not by the refusal's code ("link").
        (error) => isNotARegularFile(error) ? messages.notRegularFile(name, error.why) : messages.cannotRead(name, describeError(error))
      );
      manifests.set(ancestor.folder, found);
    }
    return found;
  };
}
function locatorOf(manifest, name) {
  let locate = locators.get(manifest);
  if (locate === void 0) {
    locate = manifest.text === void 0 ? () => name : entryLocator(manifest.text, name, manifest.pages);
    locators.set(manifest, locate);
  }
  return locate;
}
var locators = /* @__PURE__ */ new WeakMap();
function recordedLink(manifest, path, siblingNames, locate = (key) => key) {
  const root = manifest.root;
  if (!root) return void 0;
  if (path === "") return { spaceId: root.space, parentId: "", pageTitle: "", pageId: root.parent, publishedAt: 0 };
  const slash = path.lastIndexOf("/");
  const folder = slash === -1 ? "" : path.slice(0, slash + 1);
  const name = path.slice(slash + 1);
  const ownKey = manifest.pages.has(path) ? path : folder !== "" && givesFolderItsPage(name, nameOf(folder), siblingNames) ? folder : void 0;
  const entry = ownKey === void 0 ? void 0 : manifest.pages.get(ownKey);
  if (!entry || ownKey === void 0) return void 0;
  const recorded = recordedChain(manifest, ownKey, root.parent, locate);
  if (recorded === void 0) return void 0;
  return { spaceId: root.space, parentId: recorded[0].parentId, pageTitle: entry.title, pageId: entry.id, publishedAt: 0, recorded };
}
function recordedChain(manifest, key, rootParent, locate) {
  const chain = [];
  for (let at = key; at !== ""; at = parentFolderKey(at)) {
    const entry = manifest.pages.get(at);
    const folder = parentFolderKey(at);
    const parentId = folder === "" ? rootParent : manifest.pages.get(folder)?.id;
    if (entry === void 0 || parentId === void 0) return void 0;
    chain.push({ key: at, id: entry.id, title: entry.title, parentId, at: locate(at) });
  }
  return chain;
}
function givesFolderItsPage(name, folderName, siblingNames) {
  if (siblingNames === void 0) return folderContentRank(name, folderName) === 0;
  let byFolderName = contentFileOfListing.get(siblingNames);
  if (!byFolderName) contentFileOfListing.set(siblingNames, byFolderName = /* @__PURE__ */ new Map());
  if (!byFolderName.has(folderName)) byFolderName.set(folderName, folderContentFile(siblingNames.map((sibling) => ({ path: sibling })), folderName)?.path);
  return byFolderName.get(folderName) === name;
}
var contentFileOfListing = /* @__PURE__ */ new WeakMap();
function parentFolderKey(key) {
  const body = key.endsWith("/") ? key.slice(0, -1) : key;
  const slash = body.lastIndexOf("/");
  return slash === -1 ? "" : body.slice(0, slash + 1);
}

// src/core/links/pageIdentity.ts
async function identifyPage(pages, target, signal) {
  const child = await pages.findChildByTitle(target.parentId, target.pageTitle, signal);
  if (!child) return void 0;
  const page = await pages.getPage(child.id, signal);
  if (!page) return void 0;
  return {
    pageId: page.id,
    version: page.version,
    ...page.webUrl ? { url: page.webUrl } : {},
    ...page.versionCreatedAt ? { versionCreatedAt: page.versionCreatedAt } : {},
    ...page.versionAuthorId ? { versionAuthorId: page.versionAuthorId } : {}
  };
}
function withIdentity(link, identity) {
  const changedAt = identity.versionCreatedAt === void 0 ? Number.NaN : Date.parse(identity.versionCreatedAt);
  const adopt = link.version === void 0 && Number.isFinite(changedAt) && changedAt <= link.publishedAt;
  return {
    ...link,
    pageId: identity.pageId,
    ...adopt ? { version: identity.version } : {},
    ...identity.url ? { url: identity.url } : {}
  };
}
function withoutIdentity(link) {
  const rest = { ...link };
  delete rest.pageId;
  delete rest.version;
  delete rest.url;
  return rest;
}

// src/core/run/ownPageProof.ts
async function proveOwnPage(pages, item, target, signal, sentDigest) {
  const identity = await identifyPage(pages, target, signal);
  if (!identity) return void 0;
  const page = (await pages.getPages([identity.pageId], signal, { withBody: true })).get(identity.pageId);
  const marker = page?.body?.marker;
  if (marker === void 0 || marker.path !== pathDigest(item.file.label)) return void 0;
  if (sentDigest !== void 0) return marker.digest === sentDigest && marker.version === page?.version ? identity : void 0;
  return marker.version === 0 || marker.version === page?.version ? identity : void 0;
}
function ownPageProof(pages) {
  return pages ? { proveOwnPage: (item, target, signal, sentDigest) => proveOwnPage(pages, item, target, signal, sentDigest) } : {};
}

// src/cli/notice.ts
function sourceBase(flag, env) {
  const named = flag ?? (env.WIKI_PUBLISHER_SOURCE_URL?.trim() || void 0);
  if (named !== void 0) return named.endsWith("/") ? named : `${named}/`;
  const server = env.GITHUB_SERVER_URL?.trim();
  const repository = env.GITHUB_REPOSITORY?.trim();
  const sha = env.GITHUB_SHA?.trim();
  if (server && repository && sha) return `${server.replace(/\/+$/, "")}/${repository}/blob/${sha}/`;
  const project = env.CI_PROJECT_URL?.trim();
  const commit = env.CI_COMMIT_SHA?.trim();
  if (project && commit) return `${project.replace(/\/+$/, "")}/-/blob/${commit}/`;
  return void 0;
}
function noticeSettings(off, base, repository) {
  if (off) return { off: true };
  const known = repository === void 0 ? {} : { repository };
  if (base === void 0 || !checkEndpoint(base, "--source-url").ok) return known;
  return { ...known, sourceUrl: (label) => `${base}${label.split("/").map(encodeURIComponent).join("/")}` };
}
function noticeOffInEnvironment(env) {
  return /^(?:off|false|0|no)$/i.test(env.WIKI_PUBLISHER_NOTICE?.trim() ?? "");
}

// src/cli/repositoryIdentity.ts
var REPOSITORY_ENV_VAR = "WIKI_PUBLISHER_REPOSITORY";
function repositoryIdentity(env) {
  const named = env[REPOSITORY_ENV_VAR]?.trim();
  if (named !== void 0 && named !== "") return /^(?:off|false|0|no)$/i.test(named) ? void 0 : named;
  const githubServer = hostOf(env.GITHUB_SERVER_URL);
  const githubId = env.GITHUB_REPOSITORY_ID?.trim() || env.GITHUB_REPOSITORY?.trim().toLowerCase();
  if (env.GITHUB_ACTIONS === "true" && githubServer !== void 0 && githubId) return `github:${githubServer}:${githubId}`;
  const gitlabServer = env.CI_SERVER_HOST?.trim().toLowerCase() || hostOf(env.CI_SERVER_URL);
  const gitlabId = env.CI_PROJECT_ID?.trim();
  if (env.GITLAB_CI === "true" && gitlabServer && gitlabId) return `gitlab:${gitlabServer}:${gitlabId}`;
  return void 0;
}
function repositoryOf(env) {
  const identity = repositoryIdentity(env);
  return identity === void 0 ? void 0 : repositoryDigest(identity);
}
function hostOf(url) {
  try {
    return url === void 0 || url.trim() === "" ? void 0 : new URL(url.trim()).host.toLowerCase();
  } catch {
    return void 0;
  }
}

// src/core/markdown/headings/inlineText.ts
var SPECIAL = /[\\`[\]!<&*_~]/g;
var REFERENCE = /&(?:#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});/y;
var PUNCTUATION = /[\p{P}\p{S}]/u;
var UNICODE_WHITESPACE = /[\t\n\f\r\p{Zs}]/u;
function inlineText2(source2, rendering) {
  return new InlineText(source2, rendering).read();
}
var InlineText = class {
  constructor(text2, rendering) {
    this.text = text2;
    this.rendering = rendering;
    this.html = new RawHtmlReader(text2, text2.length);
  }
  text;
  rendering;
  pieces = [];
  delimiters = [];
  brackets = [];
  backticks;
  html;
  read() {
    const { text: text2 } = this;
    let copied = 0;
    let at = 0;
    while (at < text2.length) {
      SPECIAL.lastIndex = at;
      if (!SPECIAL.test(text2)) break;
      at = SPECIAL.lastIndex - 1;
      if (at > copied) this.pieces.push(text2.slice(copied, at));
      at = this.special(at);
      copied = at;
    }
    if (copied < text2.length) this.pieces.push(text2.slice(copied));
    this.processEmphasis(0);
    return this.pieces.map((piece) => typeof piece === "string" ? piece : String.fromCharCode(piece.char).repeat(piece.count)).join("");
  }
  /** Reads what starts at the special character at `at`; returns where to go on. */
  special(at) {
    const { text: text2 } = this;
    const code = text2.charCodeAt(at);
    if (code === BACKSLASH) {
      const escaped = at + 1 < text2.length && isEscapable(text2.charCodeAt(at + 1));
      this.pieces.push(escaped ? text2.charAt(at + 1) : "\\");
      return at + (escaped ? 2 : 1);
    }
    if (code === BACKTICK) return this.codeSpan(at);
    if (code === OPEN_BRACKET || code === BANG && text2.charCodeAt(at + 1) === OPEN_BRACKET) {
      const image = code === BANG;
      this.brackets.push({ piece: this.pieces.length, delimiters: this.delimiters.length, image, active: true });
      this.pieces.push(image ? "![" : "[");
      return at + (image ? 2 : 1);
    }
    if (code === CLOSE_BRACKET) return this.closeBracket(at);
    if (code === 60) return this.angle(at);
    if (code === 38) {
      REFERENCE.lastIndex = at;
      if (!REFERENCE.test(text2)) return this.literal(at, at + 1);
      this.pieces.push(this.rendering.reference(text2.slice(at, REFERENCE.lastIndex)));
      return REFERENCE.lastIndex;
    }
    if (code === BANG) return this.literal(at, at + 1);
    return this.delimiterRun(at);
  }
  literal(from, to) {
    this.pieces.push(this.text.slice(from, to));
    return to;
  }
  codeSpan(at) {
    const { text: text2 } = this;
    let runEnd = at;
    while (runEnd < text2.length && text2.charCodeAt(runEnd) === BACKTICK) runEnd++;
    this.backticks ??= new BacktickRuns(text2, at, text2.length);
    const closer = this.backticks.closerFrom(runEnd, runEnd - at);
    if (closer === -1) return this.literal(at, runEnd);
    this.pieces.push(codeSpanText(text2.slice(runEnd, closer)));
    return closer + runEnd - at;
  }
  /** An autolink (its address is its text), raw HTML, or a literal `<`. */
  angle(at) {
    const autolink = autolinkEnd(this.text, at, this.text.length);
    if (autolink !== -1) return this.literal(at + 1, autolink - 1) + 1;
    const html = this.html.endAt(at);
    if (html === -1) return this.literal(at, at + 1);
    this.pieces.push(this.rendering.html(this.text.slice(at, html)));
    return html;
  }
  delimiterRun(at) {
    const { text: text2 } = this;
    const char = text2.charCodeAt(at);
    let end = at;
    while (end < text2.length && text2.charCodeAt(end) === char) end++;
    const previous = at === 0 ? " " : characterBefore(text2, at);
    const next = end >= text2.length ? " " : String.fromCodePoint(text2.codePointAt(end) ?? 32);
    const left = flanking(next, previous);
    const right = flanking(previous, next);
    const length = end - at;
    let canOpen = left;
    let canClose = right;
    if (char === UNDERSCORE) {
      canOpen = left && (!right || PUNCTUATION.test(previous));
      canClose = right && (!left || PUNCTUATION.test(next));
    }
    if (char === TILDE && length > 2) return this.literal(at, end);
    const delimiter = { char, count: length, length, canOpen, canClose };
    this.pieces.push(delimiter);
    if (canOpen || canClose) this.delimiters.push(delimiter);
    return end;
  }
  /** A `]`: a link or image with the nearest open bracket when its destination or reference follows, else text. */
  closeBracket(close) {
    const opener = this.brackets.pop();
    if (opener === void 0 || !opener.active) return this.literal(close, close + 1);
    const next = this.linkTailEnd(close + 1);
    if (next === -1) return this.literal(close, close + 1);
    this.pieces[opener.piece] = "";
    this.processEmphasis(opener.delimiters);
    if (!opener.image) {
      for (const bracket of this.brackets) if (!bracket.image) bracket.active = false;
    }
    return next;
  }
  /**
   * Where `(destination "title")`, or a full or collapsed reference's `[label]`, at `at` ends; -1 for none. Which
   * labels are defined is not known here: a full or collapsed reference is taken for a link, a shortcut (`[WIP]`) is not.
   */
  linkTailEnd(at) {
    const { text: text2 } = this;
    const end = text2.length;
    if (text2.charCodeAt(at) === OPEN_PARENTHESIS) {
      const start = skipSpaces(text2, at + 1, end);
      const destination = linkDestinationEnd(text2, start, end);
      if (destination !== void 0) {
        let position = skipSpaces(text2, destination.end, end);
        if (isWhitespace(text2.charCodeAt(position - 1))) {
          const title = linkTitleEnd(text2, position, end);
          if (title !== -1) position = title;
        }
        position = skipSpaces(text2, position, end);
        if (text2.charCodeAt(position) === CLOSE_PARENTHESIS) return position + 1;
      }
    }
    const label = linkLabelLength(text2, at, end);
    return label >= 2 ? at + label : -1;
  }
  /** CommonMark's "process emphasis" over the delimiters above `bottom`: those that pair stop being text. */
  processEmphasis(bottom) {
    const stack = this.delimiters;
    let closerIndex = bottom;
    while (closerIndex < stack.length) {
      const closer = stack[closerIndex];
      if (!closer.canClose) {
        closerIndex++;
        continue;
      }
      let openerIndex = closerIndex - 1;
      while (openerIndex >= bottom && !pairs(stack[openerIndex], closer)) openerIndex--;
      if (openerIndex < bottom) {
        if (closer.canOpen) closerIndex++;
        else stack.splice(closerIndex, 1);
        continue;
      }
      const opener = stack[openerIndex];
      const used = closer.char === TILDE ? closer.count : Math.min(2, opener.count, closer.count);
      opener.count -= used;
      closer.count -= used;
      stack.splice(openerIndex + 1, closerIndex - openerIndex - 1);
      closerIndex = openerIndex + 1;
      if (opener.count === 0) {
        stack.splice(openerIndex, 1);
        closerIndex--;
      }
      if (closer.count === 0) stack.splice(closerIndex, 1);
    }
    stack.length = bottom;
  }
};
function pairs(opener, closer) {
  if (opener.char !== closer.char || !opener.canOpen) return false;
  if (closer.char === TILDE) return opener.count === closer.count;
  const oddMatch = (closer.canOpen || opener.canClose) && closer.length % 3 !== 0 && (opener.length + closer.length) % 3 === 0;
  return !oddMatch;
}
function characterBefore(text2, at) {
  const low = text2.charCodeAt(at - 1);
  const pair = at >= 2 && low >= 56320 && low <= 57343;
  return String.fromCodePoint(text2.codePointAt(pair ? at - 2 : at - 1) ?? 32);
}
function flanking(toward, away) {
  if (UNICODE_WHITESPACE.test(toward)) return false;
  return !PUNCTUATION.test(toward) || UNICODE_WHITESPACE.test(away) || PUNCTUATION.test(away);
}
function codeSpanText(code) {
  const flat = code.replace(/\r?\n/g, " ");
  return /^ .*[^ ].* $/.test(flat) ? flat.slice(1, -1) : flat;
}

// src/core/links/rewrite/characterReferences.ts
var entities;
function decodeHTMLStrict(reference) {
  entities ??= require_decode();
  return entities.decodeHTMLStrict(reference);
}
var REFERENCE2 = String.raw`&(?:#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});`;
function characterOf(reference) {
  if (reference.startsWith("&#")) {
    const hex = reference[2] === "x" || reference[2] === "X";
    const code = Number.parseInt(reference.slice(hex ? 3 : 2, -1), hex ? 16 : 10);
    const valid = code !== 0 && code <= 1114111 && !(code >= 55296 && code <= 57343);
    return valid ? String.fromCodePoint(code) : "�";
  }
  return decodeHTMLStrict(reference);
}
var ESCAPE_OR_REFERENCE = new RegExp(String.raw`\\([!-/:-@[-\x60{-~])|${REFERENCE2}`, "g");
function unescapedDestination(destination) {
  if (!destination.includes("\\") && !destination.includes("&")) return destination;
  return destination.replace(ESCAPE_OR_REFERENCE, (match, escaped) => escaped ?? characterOf(match));
}

// src/core/links/rewrite/headingAnchors.ts
function headingPlainText(source2) {
  return readerText(source2, false).trim();
}
function githubHeadingText(source2) {
  return readerText(source2, true).trim().replaceAll(UNTRIMMED, "");
}
var AS_WRITTEN = { html: (written3) => written3, reference: (written3) => written3 };
var AS_GITHUB_RENDERS = {
  html: (written3) => TAGFILTERED.test(written3) ? written3 : UNTRIMMED,
  reference: (written3) => `${UNTRIMMED}${characterOf(written3)}${UNTRIMMED}`
};
var TAGFILTERED = /^<\/?(?:title|textarea|style|xmp|iframe|noembed|noframes|script|plaintext)(?=[\s/>])/i;
var UNTRIMMED = "\0";
function readerText(source2, asGitHubRenders) {
  return inlineText2(source2, asGitHubRenders ? AS_GITHUB_RENDERS : AS_WRITTEN);
}
function markdownHeadingSlug(text2) {
  return githubHeadingText(text2).toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "").replace(/ /g, "-");
}
function markdownHeadingSlugs(headings) {
  const occurrences2 = /* @__PURE__ */ new Map();
  return headings.map((heading) => {
    const base = markdownHeadingSlug(heading);
    let slug = base;
    while (occurrences2.has(slug)) {
      const count = (occurrences2.get(base) ?? 0) + 1;
      occurrences2.set(base, count);
      slug = `${base}-${count}`;
    }
    occurrences2.set(slug, 0);
    return slug;
  });
}
function wikiHeadingAnchor(pageTitle, headingText, style = "current") {
  const words = (text2) => text2.split(/\s+/).filter((word) => word !== "");
  const heading = words(headingPlainText(headingText));
  return style === "legacy" ? `${words(pageTitle).join("")}-${heading.join("")}` : heading.join("-");
}
function wikiHeadingAnchors(pageTitle, headings, style = "current") {
  const seen = /* @__PURE__ */ new Map();
  return headings.map((heading) => {
    const anchor = wikiHeadingAnchor(pageTitle, heading, style);
    const count = seen.get(anchor) ?? 0;
    seen.set(anchor, count + 1);
    return count === 0 ? anchor : `${anchor}.${count}`;
  });
}
function headingMatcher(page, style = "current") {
  const slugs = markdownHeadingSlugs(page.headings);
  const anchors = wikiHeadingAnchors(page.title, page.headings, style);
  return (anchor) => {
    const wanted = safeDecode(anchor);
    let index = slugs.indexOf(wanted);
    if (index === -1) index = anchors.indexOf(wanted);
    if (index === -1) index = slugs.indexOf(wanted.toLowerCase());
    return index === -1 ? void 0 : anchors[index];
  };
}
function safeDecode(text2) {
  try {
    return decodeURIComponent(text2);
  } catch {
    return text2;
  }
}

// src/core/links/rewrite/keepStructure.ts
var MAY_END_A_CONSTRUCT = /[\s"'()<>\\\x00-\x1f\x7f]/;
var BLANK_LINE = /(?:\r\n|\r(?!\n)|\n)[ \t]*(?=[\r\n])/g;
var LINK_OR_LABEL_END = /\][(:]/g;
function withStructureKept(markdown, rewritten, replacements) {
  const suspects = suspectLinks(markdown, replacements);
  if (suspects.length === 0) return rewritten;
  const definitionStarts = mapped2(scanMarkdown(markdown).definitions.map((definition) => definition.destination.start).sort((a, b) => a - b), replacements);
  const linkStarts = mapped2(suspects, replacements);
  let text2 = rewritten;
  for (let fixes = rewritten.split("]").length; fixes > 0; fixes--) {
    const at = escapeAt(text2, scanMarkdown(text2), definitionStarts, linkStarts);
    if (at === void 0) break;
    text2 = `${text2.slice(0, at)}\\${text2.slice(at)}`;
    shifted(definitionStarts, at);
    shifted(linkStarts, at);
  }
  return text2;
}
function suspectLinks(markdown, replacements) {
  const suspects = [];
  let starts;
  let blanks;
  let nextStart;
  let nextBlank;
  let lastStart = -1;
  let lastBlank = -1;
  for (const { start, end } of replacements) {
    const written3 = markdown.slice(start, end);
    const angle = written3.startsWith("<");
    const inner = angle ? written3.slice(1, -1) : written3;
    if (!MAY_END_A_CONSTRUCT.test(inner)) continue;
    const open3 = linkParenthesis(markdown, start);
    if (open3 === void 0) continue;
    if (destinationRunsUpTo(markdown, open3)) {
      suspects.push(start);
      continue;
    }
    const openers = [...new Set(inner.match(angle ? /["']/g : /["'<>]/g) ?? [])].map((found) => found === ">" ? "<" : found);
    if (openers.length === 0) continue;
    starts ??= markdown.matchAll(LINK_OR_LABEL_END);
    blanks ??= markdown.matchAll(BLANK_LINE);
    nextStart ??= starts.next();
    nextBlank ??= blanks.next();
    while (!nextStart.done && (nextStart.value.index ?? 0) < open3 - 1) {
      lastStart = nextStart.value.index ?? 0;
      nextStart = starts.next();
    }
    while (!nextBlank.done && (nextBlank.value.index ?? 0) < open3) {
      lastBlank = nextBlank.value.index ?? 0;
      nextBlank = blanks.next();
    }
    if (lastStart <= lastBlank) continue;
    const paragraph = markdown.slice(lastBlank + 1, open3);
    if (openers.some((opener) => paragraph.includes(opener))) suspects.push(start);
  }
  return suspects;
}
function destinationRunsUpTo(text2, open3) {
  let at = open3 - 2;
  for (; at >= 0 && !isWhitespace(text2.charCodeAt(at)); at--) if (startsDestination(text2, at)) return true;
  while (at >= 0 && isGap(text2.charCodeAt(at))) at--;
  return startsDestination(text2, at);
}
function startsDestination(text2, at) {
  const code = text2.charCodeAt(at);
  return (code === OPEN_PARENTHESIS || code === COLON) && text2.charCodeAt(at - 1) === CLOSE_BRACKET;
}
function linkParenthesis(text2, start) {
  let at = start - 1;
  while (at >= 0 && isGap(text2.charCodeAt(at))) at--;
  return text2.charCodeAt(at) === OPEN_PARENTHESIS && text2.charCodeAt(at - 1) === CLOSE_BRACKET ? at : void 0;
}
function isGap(code) {
  return isSpaceOrTab(code) || code === LINE_FEED || code === CARRIAGE_RETURN || code === GREATER_THAN;
}
function escapeAt(text2, scanned, definitionStarts, linkStarts) {
  const known = new Set(definitionStarts);
  for (const definition of scanned.definitions) if (!known.has(definition.destination.start)) return labelColon(text2, definition.destination);
  const destinations = /* @__PURE__ */ new Set();
  for (const link of scanned.links) if (link.destination !== void 0) destinations.add(link.destination.start);
  for (const definition of scanned.definitions) destinations.add(definition.destination.start);
  for (const start of linkStarts) {
    if (destinations.has(start)) continue;
    const at = takerEscape(text2, scanned, start);
    if (at !== void 0) return at;
  }
  return void 0;
}
function takerEscape(text2, scanned, start) {
  let taker;
  let definition = false;
  for (const link of scanned.links) {
    const destination = link.kind === "autolink" ? void 0 : link.destination;
    if (destination !== void 0 && destination.start < start && (taker === void 0 || destination.start > taker.start)) taker = destination;
  }
  for (const { destination } of scanned.definitions) {
    if (destination.start < start && (taker === void 0 || destination.start > taker.start)) [taker, definition] = [destination, true];
  }
  if (taker === void 0) return void 0;
  if (start < taker.end) return definition ? void 0 : linkParenthesis(text2, taker.start);
  const opener = titleOpener(text2, taker.end, start, definition);
  if (opener === void 0 || titleClose(text2, opener) <= start) return void 0;
  return definition ? opener : linkParenthesis(text2, taker.start);
}
function labelColon(text2, destination) {
  const close = text2.lastIndexOf("]:", destination.start - 2);
  return close === -1 ? void 0 : close + 1;
}
function titleOpener(text2, from, limit2, laterLine) {
  let at = from;
  let lineEnded = false;
  for (; at < limit2 && isGap(text2.charCodeAt(at)); at++) {
    const code2 = text2.charCodeAt(at);
    if (code2 === LINE_FEED || code2 === CARRIAGE_RETURN) lineEnded = true;
  }
  const code = text2.charCodeAt(at);
  const opens = code === DOUBLE_QUOTE || code === SINGLE_QUOTE || code === OPEN_PARENTHESIS;
  return at < limit2 && opens && (lineEnded || !laterLine) ? at : void 0;
}
function titleClose(text2, opener) {
  const open3 = text2.charCodeAt(opener);
  const close = open3 === OPEN_PARENTHESIS ? CLOSE_PARENTHESIS : open3;
  for (let at = opener + 1; at < text2.length; at++) {
    const code = text2.charCodeAt(at);
    if (code === BACKSLASH) at++;
    else if (code === close) return at;
  }
  return text2.length;
}
function mapped2(offsets, replacements) {
  const result = [];
  let index = 0;
  let shift = 0;
  for (const offset of offsets) {
    let replacement = replacements[index];
    while (replacement !== void 0 && replacement.end <= offset) {
      shift += replacement.text.length - (replacement.end - replacement.start);
      replacement = replacements[++index];
    }
    result.push(replacement !== void 0 && replacement.start <= offset ? replacement.start + shift : offset + shift);
  }
  return result;
}
function shifted(offsets, at) {
  for (let index = 0; index < offsets.length; index++) {
    const offset = offsets[index];
    if (offset !== void 0 && offset >= at) offsets[index] = offset + 1;
  }
}

// src/core/links/rewrite/linkTarget.ts
var SCHEME2 = /^[a-z][a-z0-9+.-]*:/i;
var MARKDOWN_FILE2 = /\.(?:md|markdown|mdown|mkd)$/i;
function linkTarget2(destination, fromFile, rootInRepository) {
  const text2 = unescapedDestination(destination);
  if (text2 === "" || text2.startsWith("#") || text2.startsWith("//") || text2.includes(":") && SCHEME2.test(text2)) return { kind: "web" };
  const hash2 = text2.indexOf("#");
  const beforeHash = hash2 === -1 ? text2 : text2.slice(0, hash2);
  const anchor = hash2 === -1 ? void 0 : text2.slice(hash2 + 1);
  const queryAt = beforeHash.indexOf("?");
  const written3 = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  if (written3 === "") return { kind: "web" };
  const decoded = written3.includes("%") ? percentDecoded(written3) : written3;
  const query = queryAt === -1 || queryAt === beforeHash.length - 1 ? {} : { query: beforeHash.slice(queryAt + 1) };
  if (isFolderLink(decoded)) {
    const folder = resolvedPath(decoded, fromFile, rootInRepository);
    return { kind: "file", path: folder === void 0 || folder === "" ? folder : `${folder}/`, markdown: false, folder: true, anchor, ...query };
  }
  return { kind: "file", path: resolvedPath(decoded, fromFile, rootInRepository), markdown: MARKDOWN_FILE2.test(decoded), folder: false, anchor, ...query };
}
function ownHeadingAnchor(destination) {
  const text2 = unescapedDestination(destination);
  return text2.startsWith("#") && text2.length > 1 ? text2.slice(1) : void 0;
}
function pagePath(target) {
  return target.path === void 0 || target.markdown || target.folder ? target.path : `${target.path}/`;
}
function isFolderLink(path) {
  return path.endsWith("/") || path === "." || path === ".." || path.endsWith("/.") || path.endsWith("/..");
}
function resolvedPath(relative8, fromFile, rootInRepository) {
  if (relative8.startsWith("/")) return fromRepositoryRoot(relative8, rootInRepository);
  if (relative8 !== "" && relative8 !== "." && relative8 !== ".." && !relative8.includes("/")) {
    const slash = fromFile.lastIndexOf("/");
    return slash === -1 ? relative8 : `${fromFile.slice(0, slash)}/${relative8}`;
  }
  let folderEnd = fromFile.lastIndexOf("/");
  let rest = 0;
  while (relative8.startsWith("../", rest) && folderEnd !== -1) {
    folderEnd = fromFile.lastIndexOf("/", folderEnd - 1);
    rest += 3;
  }
  if (!relative8.startsWith("../", rest) && isPlainPath(relative8, rest)) {
    return folderEnd === -1 ? relative8.slice(rest) : `${fromFile.slice(0, folderEnd)}/${relative8.slice(rest)}`;
  }
  const segments = fromFile.split("/").slice(0, -1);
  for (const segment of relative8.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment !== "..") segments.push(segment);
    else if (segments.pop() === void 0) return climbedAboveRoot(relative8, fromFile, rootInRepository);
  }
  return segments.join("/");
}
function climbedAboveRoot(relative8, fromFile, rootInRepository) {
  if (rootInRepository === void 0) return void 0;
  return fromRepositoryRoot(`/${rootInRepository}${fromFile.slice(0, fromFile.lastIndexOf("/") + 1)}${relative8}`, rootInRepository);
}
function fromRepositoryRoot(fromRoot, rootInRepository) {
  if (rootInRepository === void 0) return void 0;
  const inRepository = resolvedPath(fromRoot.replace(/^\/+/, ""), "", void 0);
  if (inRepository === void 0) return void 0;
  if (rootInRepository === "") return inRepository;
  return inRepository.startsWith(rootInRepository) ? inRepository.slice(rootInRepository.length) : void 0;
}
function isPlainPath(path, start) {
  if (start >= path.length) return false;
  for (let at = start; at < path.length; ) {
    let end = path.indexOf("/", at);
    if (end === -1) end = path.length;
    const length = end - at;
    if (length === 0 || path[at] === "." && (length === 1 || length === 2 && path[at + 1] === ".")) return false;
    if (end === path.length) return true;
    at = end + 1;
    if (at === path.length) return false;
  }
  return true;
}
function percentDecoded(text2) {
  try {
    return decodeURIComponent(text2);
  } catch {
    return text2;
  }
}

// src/core/links/rewrite/rewriteLinks.ts
function rewriteLinks(markdown, context, found) {
  const result = { markdown, rewritten: 0, cautions: [], needsSecondPass: false, unaddressed: 0 };
  if (found === void 0 && !mayHoldLinks(markdown)) return result;
  const anchorIn = anchorMatcher(context);
  const ownAnchorIn = ownAnchorMatcher(context, () => markdownHeadings(markdown));
  const pieces = [];
  const replacements = [];
  let copied = 0;
  const unaddressed = [];
  for (const link of found ?? findLinkDestinations(markdown)) {
    const decision = decide(link.text, context, anchorIn, ownAnchorIn);
    if (decision.kind === "pending") result.needsSecondPass = true;
    if (decision === KEEP_UNADDRESSED) addOnce(unaddressed, link.text);
    else if (decision.kind !== "ownAnchor" && decision.caution) addCaution(result.cautions, { target: link.text, reason: decision.caution });
    if (decision.kind !== "rewrite" && decision.kind !== "ownAnchor") continue;
    if (decision.kind === "rewrite") result.rewritten++;
    if (decision.destination === link.text) continue;
    const text2 = written2(decision.destination, link);
    pieces.push(markdown.slice(copied, link.start), text2);
    replacements.push({ start: link.start, end: link.end, text: text2 });
    copied = link.end;
  }
  if (replacements.length > 0) result.markdown = withStructureKept(markdown, pieces.join("") + markdown.slice(copied), replacements);
  result.unaddressed = unaddressed.length;
  return result;
}
function linkDestinationTexts(markdown, found) {
  if (found === void 0 && !mayHoldLinks(markdown)) return [];
  const links = found ?? findLinkDestinations(markdown);
  const seen = links.length > 32 ? /* @__PURE__ */ new Set() : void 0;
  const texts = [];
  for (const { text: text2 } of links) {
    if (seen ? seen.has(text2) : texts.includes(text2)) continue;
    seen?.add(text2);
    texts.push(text2);
  }
  return texts;
}
function foreseeRewrite(destinations, context) {
  const result = { cautions: [], needsSecondPass: false, unaddressed: 0 };
  if (destinations.length === 0) return result;
  const anchorIn = anchorMatcher(context);
  const ownAnchorIn = ownAnchorMatcher(context, void 0);
  for (const destination of destinations) {
    const decision = decide(destination, context, anchorIn, ownAnchorIn);
    if (decision.kind === "pending") result.needsSecondPass = true;
    if (decision === KEEP_UNADDRESSED) result.unaddressed++;
    else if (decision.kind !== "ownAnchor" && decision.caution) addCaution(result.cautions, { target: destination, reason: decision.caution });
  }
  return result;
}
function ownAnchorMatcher(context, headingsOfText) {
  let matcher;
  return (anchor) => {
    if (matcher) return matcher(anchor);
    const headings = context.ownPage?.headings ?? headingsOfText?.();
    if (headings === void 0) return "unchecked";
    matcher = headingMatcher({ title: context.ownPage?.title ?? "", headings }, context.anchorStyle);
    return matcher(anchor);
  };
}
function anchorMatcher(context) {
  const matchers = context.anchorMatchers ?? /* @__PURE__ */ new Map();
  return (page, anchor) => {
    let matcher = matchers.get(page.url);
    if (!matcher) matchers.set(page.url, matcher = headingMatcher(page, context.anchorStyle));
    return matcher(anchor);
  };
}
var KEEP = Object.freeze({ kind: "keep" });
var PENDING = Object.freeze({ kind: "pending" });
var PENDING_WITHOUT_QUERY = Object.freeze({ kind: "pending", caution: "queryDropped" });
var keepBecause = (caution) => Object.freeze({ kind: "keep", caution });
var KEEP_BECAUSE = {
  outsideRun: keepBecause("outsideRun"),
  unknownPage: keepBecause("unknownPage"),
  refusedPage: keepBecause("refusedPage"),
  noFile: keepBecause("noFile"),
  noPageYet: keepBecause("noPageYet"),
  folderWithoutPage: keepBecause("folderWithoutPage"),
  notMarkdown: keepBecause("notMarkdown"),
  backslashPath: keepBecause("backslashPath"),
  unknownOwnAnchor: keepBecause("unknownOwnAnchor")
};
var KEEP_UNADDRESSED = Object.freeze({ kind: "keep" });
function decide(destination, context, anchorIn, ownAnchorIn) {
  const ownAnchor = ownHeadingAnchor(destination);
  if (ownAnchor !== void 0) {
    const anchor2 = ownAnchorIn(ownAnchor);
    if (anchor2 === "unchecked") return KEEP;
    return anchor2 === void 0 ? KEEP_BECAUSE.unknownOwnAnchor : { kind: "ownAnchor", destination: `#${fragment(anchor2)}` };
  }
  const target = linkTarget2(destination, context.filePath, context.rootInRepository);
  if (target.kind === "web") return KEEP;
  const path = pagePath(target);
  const outside = path === void 0 ? context.resolveOutside?.(destination) : void 0;
  const page = path === void 0 ? outside : context.resolvePage(path, target);
  if (page === "pagelessFolder") return KEEP_BECAUSE.folderWithoutPage;
  if ((page === void 0 || page === "noFile") && path?.includes("\\")) return KEEP_BECAUSE.backslashPath;
  if (!target.markdown && !target.folder && page === void 0) return KEEP_BECAUSE.notMarkdown;
  if (path === void 0 && outside === void 0) return KEEP_BECAUSE.outsideRun;
  if (page === "pending") return target.query === void 0 ? PENDING : PENDING_WITHOUT_QUERY;
  if (page === "noAddress") return KEEP_UNADDRESSED;
  if (page === "notYet") return KEEP_BECAUSE.noPageYet;
  if (page === "noFile") return KEEP_BECAUSE.noFile;
  if (page === "refused") return KEEP_BECAUSE.refusedPage;
  if (page === void 0) return KEEP_BECAUSE.unknownPage;
  const dropped = target.query === void 0 ? void 0 : "queryDropped";
  if (target.anchor === void 0 || target.anchor === "") return dropped ? { kind: "rewrite", destination: page.url, caution: dropped } : { kind: "rewrite", destination: page.url };
  const anchor = anchorIn(page, target.anchor);
  return anchor === void 0 ? { kind: "rewrite", destination: `${page.url}#${writtenFragment(target.anchor)}`, caution: dropped ?? "unknownAnchor" } : { kind: "rewrite", destination: `${page.url}#${fragment(anchor)}`, ...dropped ? { caution: dropped } : {} };
}
function fragment(anchor) {
  const wellFormed = anchor.replace(new RegExp("\\p{Surrogate}", "gu"), "�");
  return encodeURIComponent(wellFormed).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}
function writtenFragment(anchor) {
  return anchor.replace(/%(?![0-9A-Fa-f]{2})|[^%]+/g, fragment);
}
var DESTINATION_SYNTAX = /[\\<>]|&(?=#[0-9]{1,7};|#[xX][0-9a-fA-F]{1,6};|[A-Za-z][A-Za-z0-9]{1,31};)/g;
function written2(destination, link) {
  const escaped = destination.replace(DESTINATION_SYNTAX, "\\$&");
  return link.angle || /[\s\x00-\x1f\x7f<>()]/.test(destination) ? `<${escaped}>` : escaped;
}
var KEYS_PAST = 32;
var keysOfList = /* @__PURE__ */ new WeakMap();
function newToLongList(list, key, keyOf) {
  let keys = keysOfList.get(list);
  if (keys === void 0) keysOfList.set(list, keys = new Set(list.map(keyOf)));
  if (keys.has(key)) return false;
  keys.add(key);
  return true;
}
function addOnce(texts, text2) {
  if (texts.length < KEYS_PAST ? !texts.includes(text2) : newToLongList(texts, text2, (each) => each)) texts.push(text2);
}
function cautionKey(caution) {
  return `${caution.reason}\0${caution.target}`;
}
function addCaution(cautions, caution) {
  if (cautions.length >= KEYS_PAST) {
    if (newToLongList(cautions, cautionKey(caution), cautionKey)) cautions.push(caution);
    return;
  }
  for (const known of cautions) if (known.target === caution.target && known.reason === caution.reason) return;
  cautions.push(caution);
}

// src/core/links/rewrite/linkCautions.ts
var REASONS = {
  outsideRun: (words) => words.linkOutsideRun(),
  unknownPage: (words) => words.linkUnknownPage(),
  refusedPage: (words) => words.linkRefusedPage(),
  noFile: (words) => words.linkNoFile(),
  noPageYet: (words) => words.linkNoPageYet(),
  folderWithoutPage: (words) => words.linkFolderWithoutPage(),
  notMarkdown: (words) => words.linkNotMarkdown(),
  backslashPath: (words) => words.linkBackslashPath(),
  unknownAnchor: (words) => words.linkUnknownAnchor(),
  unknownOwnAnchor: (words) => words.linkUnknownOwnAnchor(),
  queryDropped: (words) => words.linkQueryDropped()
};
function withLinkCautions(cautions, links, words) {
  if (links.length === 0 && !cautions.some((caution) => caution.code === "localLinks")) return cautions;
  const kept = cautions.filter((caution) => caution.code !== "localLinks");
  if (links.length === 0) return kept;
  let stay = 0;
  let toPage = 0;
  let withoutQuery = 0;
  let sharedReason;
  let mixed = false;
  const stayListed = [];
  const toPageListed = [];
  const withoutQueryListed = [];
  for (const link of links) {
    if (link.reason === "unknownAnchor") {
      if (++toPage <= 3) toPageListed.push(link.target);
      continue;
    }
    if (link.reason === "queryDropped") {
      if (++withoutQuery <= 3) withoutQueryListed.push(link.target);
      continue;
    }
    if (++stay <= 3) stayListed.push(link);
    if (sharedReason === void 0) sharedReason = link.reason;
    else if (link.reason !== sharedReason) mixed = true;
  }
  let staying;
  if (sharedReason !== void 0) {
    const message = mixed || stay === 1 ? words.linksStay(stay, stayListed.map((link) => words.linkWithReason(link.target, REASONS[link.reason](words))).join(", "), stay > 3) : words.linksStayBecause(stay, REASONS[sharedReason](words), stayListed.map((link) => link.target).join(", "), stay > 3);
    staying = { code: "localLinks", message: detached(message), targets: stayListed.map((link) => detached(link.target)) };
  }
  const missing = toPage > 0 ? { code: "localLinks", message: words.linksMissHeading(toPage, toPageListed.join(", "), toPage > 3), targets: toPageListed.map(detached) } : void 0;
  const queryless = withoutQuery > 0 ? { code: "localLinks", message: words.linksDropQuery(withoutQuery, withoutQueryListed.join(", "), withoutQuery > 3), targets: withoutQueryListed.map(detached) } : void 0;
  const added = queryless === void 0 ? staying && missing ? [staying, missing] : staying ? [staying] : missing ? [missing] : [] : [...staying ? [staying] : [], ...missing ? [missing] : [], queryless];
  return kept.length === 0 ? added : kept.concat(added);
}

// src/core/publish/pageAddress.ts
var PAGE_ID2 = /^\d{1,20}$/;
var SPACE_ID = /^\d+$/;
var SPACE_KEY = /^~?[A-Za-z0-9][A-Za-z0-9_.:-]{0,254}$/;
function pageAddress(baseUrl, spaceKey, pageId, title) {
  if (!PAGE_ID2.test(pageId) || !SPACE_KEY.test(spaceKey)) return void 0;
  const site = siteAddress(baseUrl);
  if (site === void 0) return void 0;
  if (SPACE_ID.test(spaceKey)) return `${site}/wiki/pages/viewpage.action?pageId=${pageId}`;
  const slug = title.split(/[^\p{L}\p{M}\p{N}._~-]+/u).filter((word) => word !== "").map(encodeURIComponent).join("+");
  return `${site}/wiki/spaces/${encodeURIComponent(spaceKey)}/pages/${pageId}${slug === "" ? "" : `/${slug}`}`;
}
function siteAddress(baseUrl) {
  let url;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    return void 0;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:" || url.username !== "" || url.password !== "") return void 0;
  const path = url.pathname.replace(/\/+$/, "").replace(/\/wiki$/i, "");
  if (/^\/(?:ex|gateway)(?:\/|$)/i.test(path)) return void 0;
  return `${url.origin}${path}`;
}

// src/core/links/linkTargets.ts
function linkTargetsDigest(destinations, filePath, pageIdOf, rootInRepository, anchorOf, outside) {
  const reached = /* @__PURE__ */ new Set();
  for (const destination of destinations) {
    const target = linkTarget2(destination, filePath, rootInRepository);
    const path = target.kind === "file" ? pagePath(target) : void 0;
    if (target.kind === "file" && path === void 0 && outside !== void 0) {
      const reachedOutside = outside(destination);
      if (reachedOutside !== void 0) reached.add(reachedOutside);
    }
    if (target.kind !== "file" || path === void 0) continue;
    const pageId = pageIdOf(path);
    if (pageId === void 0) continue;
    reached.add(pageId);
    const anchor = target.anchor ? anchorOf?.(path, target.anchor) : void 0;
    if (anchor !== void 0) reached.add(`${pageId}#${anchor}`);
  }
  return reached.size === 0 ? "" : sha256Hex([...reached].sort().join("\n"));
}
function wikiAnchorByPath(pageOf) {
  const matchers = /* @__PURE__ */ new Map();
  return (path, anchor) => {
    let matcher = matchers.get(path);
    if (matcher === void 0) {
      const page = pageOf(path);
      matcher = page === void 0 || page.headings.length === 0 ? () => void 0 : headingMatcher(page);
      matchers.set(path, matcher);
    }
    return matcher(anchor);
  };
}

// src/core/walk/entryAt.ts
var ABSENT = /* @__PURE__ */ Symbol("absent");
async function entryAt2(fs, folder, path) {
  const entry = await lookUpEntry(fs, folder, path);
  return entry === ABSENT ? void 0 : entry;
}
async function lookUpEntry(fs, folder, path) {
  const kind = path.endsWith("/") ? "directory" : "file";
  const names = (kind === "directory" ? path.slice(0, -1) : path).split("/");
  let location = folder;
  for (const [index, name] of names.entries()) {
    if (name === "" || name === "." || name === ".." || name.includes("\\")) return void 0;
    location = fs.child(location, name);
    const type = await fs.type(location);
    if (type === void 0) return ABSENT;
    if (type.kind !== (index === names.length - 1 ? kind : "directory")) return void 0;
  }
  return location;
}

// src/core/run/linkedFiles.ts
function selectedFile(source2, item) {
  const body = frontMatterBody(source2.text);
  let sent = item.content;
  return { item, body, sent: () => sent ??= deriveContent(body, item.recipe).content };
}
async function placeInRepository(linking, fs) {
  const found = /* @__PURE__ */ new Map();
  for (const { place, destinations } of linking) {
    if (!place || !destinations.some((destination) => destination.startsWith("/") && !destination.startsWith("//"))) continue;
    const key = fs.key(place.folder);
    if (!found.has(key)) found.set(key, folderInRepository(fs, place.folder).catch(() => void 0));
    const inRepository = await found.get(key);
    if (inRepository !== void 0) place.rootInRepository = inRepository;
  }
}
async function linkedFilesOf(linking, fs) {
  const plainKey = (folder, path) => `${fs.key(folder)}
${path}`;
  const folderContent = /* @__PURE__ */ new Map();
  const whereKey = (folder, path) => {
    const key = plainKey(folder, path);
    return folderContent.get(key) ?? key;
  };
  const linked = /* @__PURE__ */ new Map();
  const link = (folder, path, anchored) => {
    const key = plainKey(folder, path);
    const file = linked.get(key) ?? { folder, path, anchored: false };
    file.anchored ||= anchored;
    linked.set(key, file);
  };
  const folders = /* @__PURE__ */ new Map();
  for (const { destinations, place } of linking) {
    if (!place) continue;
    for (const destination of destinations) {
      const target = linkTarget2(destination, place.path, place.rootInRepository);
      const path = target.kind === "file" ? pagePath(target) : void 0;
      if (target.kind !== "file" || path === void 0) continue;
      const anchored = target.anchor !== void 0 && target.anchor !== "";
      if (target.markdown) link(place.folder, path, anchored);
      else if (path !== "") {
        const key = plainKey(place.folder, path);
        folders.set(key, { folder: place.folder, path, anchored: anchored || folders.get(key)?.anchored === true });
      }
    }
  }
  const pageless = /* @__PURE__ */ new Set();
  await Promise.all([...folders].map(async ([key, { folder, path, anchored }]) => {
    const location = await entryAt2(fs, folder, path);
    if (!location) return;
    const content = await folderContentFileAt(fs, folder, path);
    if (content === void 0) {
      if (await folderHoldsNoPage(fs, location)) pageless.add(key);
      link(folder, path, anchored);
      return;
    }
    folderContent.set(key, plainKey(folder, content));
    link(folder, content, anchored);
  }));
  return { linked, whereKey, pageless };
}
async function lookUpPages(linked, selection, refused2, pageless, ports) {
  const found = await Promise.all([...linked].map(async ([where, file]) => {
    const entry = await lookUpEntry(ports.fs, file.folder, file.path);
    return { where, file, folder: file.path.endsWith("/"), location: entry === ABSENT ? void 0 : entry, absent: entry === ABSENT };
  }));
  const missing = new Set(found.flatMap(({ where, absent }) => absent ? [where] : []));
  const located = found.flatMap(({ where, file, folder, location }) => location === void 0 ? [] : [{ where, file, folder, location, key: `${ports.fs.key(location)}${folder ? "/" : ""}` }]);
  const links = /* @__PURE__ */ new Map();
  for (const { key, folder } of located) links.set(key, selection.has(key) ? selectionLink(selection.get(key)?.item) : folder ? void 0 : await ports.linkOf(key));
  const unknown = located.filter(({ key }) => !selection.has(key) && links.get(key)?.pageId === void 0).map(({ key }) => key);
  if (unknown.length > 0) for (const [key, link] of (await ports.recordedLinks(unknown)).links) links.set(key, link);
  const spaceKeys = /* @__PURE__ */ new Map();
  const spaceKeyOf = (spaceId) => {
    if (!spaceKeys.has(spaceId)) spaceKeys.set(spaceId, ports.spaceKey(spaceId));
    return spaceKeys.get(spaceId);
  };
  const pages = /* @__PURE__ */ new Map();
  const pageIds = /* @__PURE__ */ new Map();
  const withoutPage = /* @__PURE__ */ new Set();
  const awaitedAt = /* @__PURE__ */ new Map();
  const refusedAt = /* @__PURE__ */ new Set();
  const selectionAt = /* @__PURE__ */ new Map();
  await Promise.all(located.map(async ({ where, file, folder, location, key }) => {
    const link = links.get(key);
    if (link === void 0 && pageless.has(where)) {
      pages.set(where, "pagelessFolder");
      return;
    }
    if (link?.pageId === void 0) {
      const ofSelection = selection.has(key);
      if (link === void 0 || ofSelection) withoutPage.add(where);
      if ((link === void 0 || ofSelection) && refused2.has(key)) refusedAt.add(where);
      else if (ofSelection) awaitedAt.set(where, key);
      return;
    }
    pageIds.set(where, link.pageId);
    if (selection.has(key)) selectionAt.set(where, key);
    const url = ports.siteBase === void 0 ? void 0 : pageAddress(ports.siteBase, await spaceKeyOf(link.spaceId), link.pageId, link.pageTitle);
    if (url === void 0) {
      pages.set(where, "noAddress");
      return;
    }
    const sent = !file.anchored || folder ? void 0 : await sentMarkdown(selection.get(key), location, link.pageTitle, ports);
    pages.set(where, { url, title: link.pageTitle, headings: sent === void 0 ? [] : markdownHeadings(sent) });
  }));
  return { pages, pageIds, withoutPage, awaitedAt, refusedAt, selectionAt, missing };
}
function refusedKeys(items) {
  const keys = /* @__PURE__ */ new Set();
  for (const item of items) if (item.state === "refused") keys.add(item.file.key);
  return keys;
}
async function sentMarkdown(selected, location, pageTitle, ports) {
  if (selected) return selected.sent();
  const text2 = await readText2(ports.fs, location);
  if (text2 === void 0) return void 0;
  const split = splitFrontMatter(text2);
  const leftOut = split.omitTitleHeading ?? ports.omitTitleHeading ?? false;
  return leftOut ? omitTitleHeading2(split.content, pageTitle) : split.content;
}
function selectionLink(item) {
  if (!item?.link) return void 0;
  return !item.complete || linkNames(item.link, item.complete) ? item.link : void 0;
}
async function folderContentFileAt(fs, folder, folderPath) {
  const name = nameOf(folderPath);
  for (const candidate of ["index.md", "README.md", "readme.md", "Readme.md", `${name}.md`]) {
    if (await entryAt2(fs, folder, `${folderPath}${candidate}`)) return `${folderPath}${candidate}`;
  }
  return void 0;
}
async function folderHoldsNoPage(fs, folder) {
  try {
    const entries = await fs.list(folder);
    return !entries.some((entry) => entry.kind === "directory" || entry.kind === "file" && isMarkdownFileName(entry.name));
  } catch {
    return false;
  }
}
async function readText2(fs, location) {
  try {
    const decoded = decodeText(await fs.read(location), fs.label(location));
    return decoded.ok ? decoded.text : void 0;
  } catch {
    return void 0;
  }
}

// src/core/run/outsideLinks.ts
var NO_OUTSIDE_LINKS = Object.freeze({ page: () => void 0, reached: () => void 0 });
async function outsideLinkedPages(linking, ports) {
  const entries = [];
  for (const { fileKey, destinations } of linking) {
    const found = destinations.length === 0 ? void 0 : ports.placeOf(fileKey);
    if (found) entries.push({ fileKey, place: { ...found }, destinations: [...destinations] });
  }
  if (entries.length === 0) return NO_OUTSIDE_LINKS;
  await placeInRepository(entries, ports.fs);
  const { linked, whereKey, pageless } = await linkedFilesOf(entries, ports.fs);
  if (linked.size === 0) return NO_OUTSIDE_LINKS;
  const { pages, pageIds, missing } = await lookUpPages(linked, /* @__PURE__ */ new Map(), /* @__PURE__ */ new Set(), pageless, ports);
  const placeOf = new Map(entries.map((entry) => [entry.fileKey, entry.place]));
  const anchorMatchers = /* @__PURE__ */ new Map();
  const located = (fileKey, destination) => {
    const place = placeOf.get(fileKey);
    if (!place) return void 0;
    const target = linkTarget2(destination, place.path, place.rootInRepository);
    const path = target.kind === "file" ? pagePath(target) : void 0;
    if (target.kind !== "file" || path === void 0) return void 0;
    return { where: whereKey(place.folder, path), path, anchor: target.anchor };
  };
  return {
    page: (fileKey, destination) => {
      const at = located(fileKey, destination);
      if (at !== void 0 && missing.has(at.where)) return "noFile";
      const page = at === void 0 ? void 0 : pages.get(at.where);
      return typeof page === "object" || page === "noAddress" || page === "pagelessFolder" ? page : void 0;
    },
    reached: (fileKey, destination) => {
      const at = located(fileKey, destination);
      const pageId = at === void 0 ? void 0 : pageIds.get(at.where);
      if (at === void 0 || pageId === void 0) return void 0;
      const page = pages.get(at.where);
      let anchor;
      if (typeof page === "object" && at.anchor) {
        let matcher = anchorMatchers.get(page.url);
        if (!matcher) anchorMatchers.set(page.url, matcher = headingMatcher(page));
        anchor = matcher(at.anchor);
      }
      return `outside:${at.path} ${pageId}${anchor === void 0 ? "" : ` #${anchor}`}`;
    }
  };
}

// src/core/run/fileLinks.ts
async function planFileLinks(sources, items, ports, findings) {
  const itemOf = new Map(items.map((item) => [item.file.key, item]));
  const selection = /* @__PURE__ */ new Map();
  const linking = [];
  for (const source2 of sources) {
    const item = itemOf.get(source2.key);
    if (!item || source2.readProblem !== void 0) continue;
    const selected = selectedFile(source2, item);
    selection.set(source2.key, selected);
    if (!mayHoldLinks(selected.body)) continue;
    const content = selected.sent();
    const found = findings ? findings.take(source2.key, content) : linkDestinationList(content);
    linking.push({ item, content, place: ports.placeOf(source2.key), destinations: linkDestinationTexts(content, found), found });
  }
  const linkingOf = new Map(linking.map((entry) => [entry.item.file.key, entry]));
  await placeInRepository(linking, ports.fs);
  const { linked, whereKey, pageless } = await linkedFilesOf(linking, ports.fs);
  const { pages, pageIds, withoutPage, awaitedAt, refusedAt, selectionAt, missing } = await lookUpPages(linked, selection, refusedKeys(items), pageless, ports);
  const anchorMatchers = /* @__PURE__ */ new Map();
  let secondPassFills = awaitedAt.size > 0 && ports.siteBase !== void 0 && await ports.pageAccess();
  const decide2 = ({ item, content, place, destinations, found }, filled, ids) => {
    const waitedOn = /* @__PURE__ */ new Set();
    const context = {
      filePath: place?.path ?? item.file.label,
      rootInRepository: place?.rootInRepository,
      resolvePage: (path) => {
        if (!place) return void 0;
        const where = whereKey(place.folder, path);
        const page = filled.get(where);
        if (page !== void 0) return page;
        if (missing.has(where)) return "noFile";
        if (!withoutPage.has(where)) return pages.get(where);
        if (ports.siteBase === void 0 && awaitedAt.has(where) && !refusedAt.has(where)) return "noAddress";
        waitedOn.add(where);
        if (refusedAt.has(where)) return "refused";
        return secondPassFills && awaitedAt.has(where) ? "pending" : "notYet";
      },
      anchorMatchers,
      // Its links to its own headings: the headings come from the text rewritten.
      ownPage: { title: item.complete?.pageTitle ?? "" }
    };
    const decided = rewriteLinks(content, context, found);
    const anchorOf = (path, anchor) => {
      const page = place ? filled.get(whereKey(place.folder, path)) ?? pages.get(whereKey(place.folder, path)) : void 0;
      if (typeof page !== "object") return void 0;
      let matcher = anchorMatchers.get(page.url);
      if (!matcher) anchorMatchers.set(page.url, matcher = headingMatcher(page));
      return matcher(anchor);
    };
    const linkTargets = place && ports.siteBase !== void 0 ? linkTargetsDigest(destinations, place.path, (path) => ids.get(whereKey(place.folder, path)), place.rootInRepository, anchorOf) : void 0;
    return { context, cautions: decided.cautions, rewritten: decided.rewritten, waitedOn, linkTargets, unaddressed: decided.unaddressed };
  };
  const decisions = /* @__PURE__ */ new Map();
  for (const entry of linking) decisions.set(entry.item.file.key, decide2(entry, /* @__PURE__ */ new Map(), pageIds));
  const treeWords = ports.messages ?? englishTreeMessages;
  const words = { ...treeWords, linkOutsideRun: treeWords.linkOutsideLookup };
  const apply = (item, decision) => {
    item.cautions = withLinkCautions(item.cautions, decision.cautions, words);
    if (decision.rewritten > 0) item.linksToPages = decision.rewritten;
    else delete item.linksToPages;
    if (decision.waitedOn.size > 0) item.linksWaitForPages = true;
    else delete item.linksWaitForPages;
    if (decision.linkTargets !== void 0) item.linkTargets = decision.linkTargets;
  };
  const sentInThisRun = (where) => {
    const key = awaitedAt.get(where);
    return key !== void 0 && selection.get(key)?.item.state === "send";
  };
  const annotate = (item) => {
    const decision = decisions.get(item.file.key);
    if (!decision) return;
    if (linksReachOtherPages(item, () => decision.linkTargets)) item.state = "send";
    else if (item.state === "unchanged" && [...decision.waitedOn].some((where) => sentInThisRun(where))) {
      item.state = "send";
      item.forced = true;
      item.secondPassOnly = true;
    }
    apply(item, decision);
  };
  for (const { item } of linking) annotate(item);
  const rewrite = (fileKey, markdown) => {
    const context = decisions.get(fileKey)?.context;
    return context ? rewriteLinks(markdown, context).markdown : markdown;
  };
  const spaceKeys = /* @__PURE__ */ new Map();
  const selectedPageAt = async (where, key, pageId, siteBase) => {
    const selected = selection.get(key);
    const target = selected?.item.complete;
    if (!selected || !target) return void 0;
    let spaceKey = spaceKeys.get(target.spaceId);
    if (spaceKey === void 0) spaceKeys.set(target.spaceId, spaceKey = ports.spaceKey(target.spaceId));
    const url = pageAddress(siteBase, await spaceKey, pageId, target.pageTitle);
    return url === void 0 ? void 0 : { url, title: target.pageTitle, headings: linked.get(where)?.anchored ? markdownHeadings(selected.sent()) : [] };
  };
  const relink = async (sent, learnt) => {
    const siteBase = ports.siteBase;
    if (siteBase === void 0) return [];
    const filled = /* @__PURE__ */ new Map();
    const ids = new Map(pageIds);
    for (const [where, key] of awaitedAt) {
      const pageId = learnt.get(key);
      const page = pageId === void 0 ? void 0 : await selectedPageAt(where, key, pageId, siteBase);
      if (pageId === void 0 || page === void 0) continue;
      filled.set(where, page);
      ids.set(where, pageId);
    }
    const again = [];
    for (const item of sent) {
      const entry = linkingOf.get(item.file.key);
      const before = decisions.get(item.file.key);
      if (!entry || !before || ![...before.waitedOn].some((where) => filled.has(where))) continue;
      const decision = decide2(entry, filled, ids);
      decisions.set(item.file.key, decision);
      const copy = { ...item, cautions: [...item.cautions] };
      apply(copy, decision);
      again.push(copy);
    }
    return again;
  };
  const decideAgainFor = (places) => {
    for (const entry of linking) {
      const decision = decide2(entry, /* @__PURE__ */ new Map(), pageIds);
      if (![...decision.waitedOn].some((where) => places.has(where))) continue;
      decisions.set(entry.item.file.key, decision);
      apply(entry.item, decision);
    }
  };
  const awaitRecreated = async (fileKeys) => {
    const gone = [...selectionAt].filter(([, key]) => fileKeys.has(key));
    if (gone.length === 0) return;
    for (const [where, key] of gone) {
      pages.delete(where);
      pageIds.delete(where);
      withoutPage.add(where);
      awaitedAt.set(where, key);
    }
    secondPassFills = ports.siteBase !== void 0 && await ports.pageAccess();
    decideAgainFor(new Set(gone.map(([where]) => where)));
  };
  const refusedSince = () => {
    const refusedNow = [...awaitedAt].filter(([, key]) => selection.get(key)?.item.state === "refused").map(([where]) => where);
    if (refusedNow.length === 0) return;
    for (const where of refusedNow) {
      awaitedAt.delete(where);
      refusedAt.add(where);
    }
    decideAgainFor(new Set(refusedNow));
  };
  const foundSince = async (found) => {
    const siteBase = ports.siteBase;
    if (siteBase === void 0) return [];
    let changed = false;
    for (const [where, key] of [...awaitedAt, ...selectionAt]) {
      const pageId = found.get(key);
      if (pageId === void 0 || pageIds.get(where) === pageId) continue;
      const page = await selectedPageAt(where, key, pageId, siteBase);
      if (page === void 0) continue;
      pages.set(where, page);
      pageIds.set(where, pageId);
      withoutPage.delete(where);
      awaitedAt.delete(where);
      selectionAt.set(where, key);
      changed = true;
    }
    if (!changed) return [];
    const again = [];
    for (const entry of linking) {
      const before = decisions.get(entry.item.file.key);
      const decision = decide2(entry, /* @__PURE__ */ new Map(), pageIds);
      if (before && before.linkTargets === decision.linkTargets && before.waitedOn.size === decision.waitedOn.size && before.rewritten === decision.rewritten) continue;
      decisions.set(entry.item.file.key, decision);
      apply(entry.item, decision);
      again.push(entry.item);
    }
    return again;
  };
  const awaitedBy = (fileKey) => {
    const waitedOn = secondPassFills ? decisions.get(fileKey)?.waitedOn : void 0;
    if (!waitedOn) return [];
    return [...waitedOn].flatMap((where) => {
      const key = awaitedAt.get(where);
      return key === void 0 ? [] : [{ where, key }];
    });
  };
  const stillWaitingFor = (fileKey) => awaitedBy(fileKey).flatMap(({ key }) => {
    const label = selection.get(key)?.item.file.label;
    return label === void 0 ? [] : [label];
  });
  const waitsFor = (fileKey) => awaitedBy(fileKey).flatMap(({ where, key }) => sentInThisRun(where) ? [key] : []);
  const linksWithoutAddress = () => {
    let count = 0;
    for (const decision of decisions.values()) count += decision.unaddressed;
    return count;
  };
  return {
    rewrite,
    annotate,
    relink,
    stillWaitingFor,
    waitsFor,
    linksWithoutAddress,
    linkCautions: (fileKey) => decisions.get(fileKey)?.cautions ?? [],
    // Read from the decisions as they are now: awaitRecreated adds to both.
    get awaited() {
      return new Set(awaitedAt.values());
    },
    get waiting() {
      return new Set([...decisions].filter(([, decision]) => decision.waitedOn.size > 0).map(([key]) => key));
    },
    awaitRecreated,
    refusedSince,
    foundSince,
    async content(item, messages) {
      const planned = await plannedContent(item, messages);
      if (!planned.ok) return planned;
      const held = linkingOf.get(item.file.key);
      const context = decisions.get(item.file.key)?.context;
      if (held === void 0 || context === void 0 || held.content !== planned.content) return { ok: true, content: rewrite(item.file.key, planned.content) };
      return { ok: true, content: rewriteLinks(held.content, context, held.found).markdown };
    }
  };
}

// src/core/run/linkFindings.ts
var LinkFindings = class {
  byFile = /* @__PURE__ */ new Map();
  /** Finds the links of `content`, the file's content to send, when it may hold any. */
  keep(fileKey, content) {
    if (mayHoldLinks(content)) this.byFile.set(fileKey, { content, found: linkDestinationList(content) });
    else this.byFile.delete(fileKey);
  }
  /**
   * The links of `content`: those kept for the file when they were found in this same text, found now otherwise (a
   * file planned again with other options, or read again and changed). Given once: the plan's links hold them after.
   */
  take(fileKey, content) {
    const kept = this.byFile.get(fileKey);
    this.byFile.delete(fileKey);
    return kept !== void 0 && kept.content === content ? kept.found : linkDestinationList(content);
  }
};

// src/core/run/publishedLink.ts
function linkAfterPublish(item, target, now, landed, proven) {
  const guarded = guardedPage(item.guard);
  const samePage = linkNames(item.link, target) && item.guard?.kind !== "deleted" && !pageElsewhere(item.guard);
  const pageId = proven?.pageId ?? (landed === "updated" ? guarded?.id : void 0) ?? (samePage ? item.link?.pageId : void 0);
  const url = proven?.url ?? (landed === "updated" ? guarded?.webUrl : void 0) ?? (samePage ? item.link?.url : void 0);
  const version = landed === "created" ? 1 : guarded ? guarded.version + 1 : void 0;
  return {
    spaceId: target.spaceId,
    parentId: target.parentId,
    pageTitle: target.pageTitle,
    ...pageId ? { pageId } : {},
    ...version !== void 0 ? { version } : {},
    ...url ? { url } : {},
    contentSha256: item.contentSha256,
    fileTitle: item.suggestedTitle,
    publishedAt: now
  };
}
function landedLink(result, now, pageId) {
  const target = result.item.complete;
  if (result.state !== "published" || !target) return void 0;
  const link = linkAfterPublish(result.item, target, now, result.outcome?.kind === "updated" ? "updated" : "created", result.proven);
  return withLinksReached(pageId ? { ...link, pageId } : link, result.item.linkTargets, result.item.linksWaitForPages === true);
}
function withLinksReached(link, linkTargets, wait) {
  if (linkTargets !== void 0) return { ...link, linkTargets };
  if (!wait) return link;
  const waiting = { ...link };
  delete waiting.contentSha256;
  return waiting;
}
function unconfirmedSendLink(result, kept) {
  const target = result.item.complete;
  if (result.state === "published" || !result.mayHaveLanded || !target) return void 0;
  if (!kept || isUnconfirmedCreate(kept)) return result.item.link === void 0 && mayHaveCreated(result.item) ? unconfirmedCreateLink(target) : void 0;
  if (!linkNames(kept, target)) return void 0;
  const marked = { ...result.item.guard?.kind === "deleted" ? withoutIdentity(kept) : kept, unconfirmedSend: true };
  delete marked.contentSha256;
  return marked;
}
function mayHaveCreated(item) {
  return item.complete?.overwrite === true || item.guard?.kind !== "exists";
}

// src/core/run/recordSend.ts
function foundLink(result, kept, now) {
  const { item } = result;
  const verdict = item.guard;
  const target = item.complete;
  if (result.state !== "skipped" || verdict?.kind !== "asLeft" || verdict.sameContent !== true || !target) return void 0;
  const page = verdict.page;
  if (kept && kept.unconfirmedSend === void 0 && kept.pageId === page.id && kept.version === page.version && kept.contentSha256 === item.contentSha256 && kept.spaceId === target.spaceId && kept.parentId === target.parentId && kept.pageTitle === target.pageTitle) return void 0;
  const link = {
    spaceId: target.spaceId,
    parentId: target.parentId,
    pageTitle: target.pageTitle,
    pageId: page.id,
    version: page.version,
    ...page.webUrl ? { url: page.webUrl } : {},
    contentSha256: item.contentSha256,
    fileTitle: item.suggestedTitle,
    publishedAt: now
  };
  return item.linkTargets !== void 0 ? { ...link, linkTargets: item.linkTargets } : link;
}
function linkToRecord(result, kept, now, landedOf = (landed, at) => landedLink(landed, at, landed.pageId)) {
  const landed = landedOf(result, now);
  if (landed) return { kind: "landed", link: landed };
  const found = foundLink(result, kept, now);
  if (found) return { kind: "found", link: found };
  const marked = unconfirmedSendLink(result, kept);
  return marked ? { kind: "unconfirmed", link: marked } : void 0;
}
async function recordSendEnd(store, result, now, landedOf) {
  const key = result.item.file.key;
  const decided = linkToRecord(result, await store.get(key), now, landedOf);
  if (decided?.kind === "found" && store.setLater) await store.setLater(key, decided.link);
  else if (decided) await store.set(key, decided.link);
  return decided;
}
function sendMarks(store) {
  const before = /* @__PURE__ */ new Map();
  return {
    async beforeSend(item) {
      const key = item.file.key;
      const kept = await store.get(key);
      const mark = unconfirmedSendLink({ item, state: "cancelled", mayHaveLanded: true }, kept);
      if (!mark) return;
      before.set(key, kept);
      await store.set(key, mark);
    },
    async end(result, now, landedOf) {
      const key = result.item.file.key;
      if (!before.has(key)) return recordSendEnd(store, result, now, landedOf);
      const kept = before.get(key);
      before.delete(key);
      const decided = linkToRecord(result, kept, now, landedOf);
      if ((decided?.kind === "landed" || decided?.kind === "found") && store.setLater) await store.setLater(key, decided.link);
      else if (decided) await store.set(key, decided.link);
      else if (kept) await store.set(key, kept);
      else await store.delete(key);
      return decided;
    }
  };
}

// src/core/util/callsAtMost.ts
function callsAtMost(limit2) {
  const bound = Math.max(1, limit2);
  const waiting = [];
  let running = 0;
  const next = () => {
    const wake = waiting.shift();
    if (wake) wake();
    else running--;
  };
  return async (call) => {
    if (running >= bound) await new Promise((resolve9) => waiting.push(resolve9));
    else running++;
    try {
      return await call();
    } finally {
      next();
    }
  };
}

// src/core/run/landedPage.ts
function linksLeftOf(lastResults, waitsFor) {
  return [...lastResults].flatMap((result) => {
    const waiting = result.state === "published" ? waitsFor(result) : [];
    return waiting.length > 0 ? [{ item: result.item, waitsFor: waiting }] : [];
  });
}
async function learnLandedPage(result, recorded, pages, signal) {
  const seen = guardedPage(result.item.guard);
  const complete = result.item.complete;
  if (result.proven === void 0 && result.outcome?.kind === "updated" && seen !== void 0 && complete !== void 0 && pages && !atPlace(seen, complete)) {
    const found = await lookUpLanded(pages, complete, signal);
    if (found) return found;
  }
  const updatedSeen = result.outcome?.kind === "updated" && seen !== void 0 && complete !== void 0 && atPlace(seen, complete) ? seen.id : void 0;
  const before = result.outcome?.kind === "created" || !result.item.linkedPage ? void 0 : recorded;
  const known = result.proven?.pageId ?? updatedSeen ?? before ?? (result.outcome?.kind === "updated" ? seen?.id : void 0);
  if (known || !pages || !complete) return known ? { pageId: known } : void 0;
  return lookUpLanded(pages, complete, signal);
}
async function lookUpLanded(pages, target, signal) {
  try {
    const identity = await identifyPage(pages, target, signal);
    return identity && { pageId: identity.pageId, ...identity.url ? { url: identity.url } : {} };
  } catch {
    return void 0;
  }
}
function atPlace(page, target) {
  return titleKey(page.title) === titleKey(target.pageTitle) && (page.parentId === void 0 || page.parentId === target.parentId);
}
function sentAgain(item, pageId, version) {
  const complete = item.complete ? { ...item.complete, overwrite: true } : void 0;
  const guard = pageId !== void 0 && version !== void 0 && complete ? { kind: "asLeft", page: { id: pageId, title: complete.pageTitle, version } } : void 0;
  return { ...item, state: "send", ...complete ? { complete } : {}, ...guard ? { guard } : {} };
}
function sentAgainAndLanded(results) {
  let landed = 0;
  for (const result of results) if (result.pass === 2 && result.state === "published") landed++;
  return landed;
}

// src/core/run/secondPassLeft.ts
function flatLinksLeft(results, counted2, sources) {
  const landed = new Set(counted2.filter((result) => result.state === "published").map((result) => result.item.file.label));
  const secondSends = new Map(results.filter((result) => result.pass === 2).map((result) => [result.item.file.key, result]));
  return counted2.flatMap((result) => {
    if (result.state !== "published") return [];
    const key = result.item.file.key;
    if (result.pass === 2 || result.relinked) {
      const waitsFor2 = sources.stillWaitingFor(key);
      return waitsFor2.length > 0 ? [{ item: result.item, waitsFor: waitsFor2 }] : [];
    }
    const waitsFor = sources.waitedBeforeSecondPass(key) ?? sources.stillWaitingFor(key);
    const filledLater = sources.stopped ? waitsFor.filter((label) => landed.has(label)) : [];
    const notLanded = waitsFor.filter((label) => !filledLater.includes(label));
    const left = [];
    if (notLanded.length > 0) left.push({ item: result.item, waitsFor: notLanded });
    if (filledLater.length > 0) left.push({ item: result.item, waitsFor: filledLater, stopped: secondSends.get(key)?.state === "cancelled" ? "cancelled" : "notStarted" });
    return left;
  });
}
function secondPassLeftOf(linksLeft) {
  const left = { cancelled: 0, notStarted: 0 };
  for (const { stopped } of linksLeft) if (stopped !== void 0) left[stopped]++;
  return left;
}

// src/core/run/flatOrder.ts
var MAX_WAVES = 8;
function flatOrderOf(keys, linksTo) {
  const indexOf = new Map(keys.map((key, index) => [key, index]));
  const linksItself = /* @__PURE__ */ new Set();
  const needs = keys.map((key, at) => [...new Set(linksTo(key))].flatMap((target) => {
    if (target === key) linksItself.add(at);
    const index = indexOf.get(target);
    return index === void 0 || target === key ? [] : [index];
  }));
  const rank = placedInOrder(needs);
  const waitsOn = /* @__PURE__ */ new Map();
  const wave = new Array(keys.length).fill(1);
  const byRank = keys.map((_, index) => index).sort((a, b) => rank[a] - rank[b]);
  for (const index of byRank) {
    const before = needs[index].filter((target) => rank[target] < rank[index] && wave[target] < MAX_WAVES);
    if (before.length === 0) continue;
    waitsOn.set(keys[index], before.map((target) => keys[target]));
    wave[index] = 1 + before.reduce((deepest, target) => Math.max(deepest, wave[target]), 0);
  }
  const sentTwice = /* @__PURE__ */ new Set();
  for (const [index, targets] of needs.entries()) {
    if (linksItself.has(index) || targets.some((target) => wave[target] >= wave[index])) sentTwice.add(keys[index]);
  }
  return { waitsOn, sentTwice };
}
function placedInOrder(needs) {
  const rank = new Array(needs.length).fill(-1);
  const open3 = new Array(needs.length).fill(false);
  let placed = 0;
  const stack = [];
  for (let start = 0; start < needs.length; start++) {
    if (rank[start] !== -1 || open3[start]) continue;
    stack.push({ index: start, next: 0 });
    open3[start] = true;
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      const targets = needs[top.index];
      if (top.next < targets.length) {
        const target = targets[top.next++];
        if (rank[target] === -1 && !open3[target]) {
          open3[target] = true;
          stack.push({ index: target, next: 0 });
        }
        continue;
      }
      stack.pop();
      open3[top.index] = false;
      rank[top.index] = placed++;
    }
  }
  return rank;
}

// src/core/run/flatRun.ts
async function foreseenRelinks(items, links) {
  const recreated = new Set(items.filter((item) => item.state === "send" && item.guard?.kind === "deleted").map((item) => item.file.key));
  if (recreated.size === 0) return /* @__PURE__ */ new Set();
  await links.awaitRecreated(recreated);
  const waiting = links.waiting;
  return new Set(items.filter((item) => item.state === "unchanged" && waiting.has(item.file.key)).map((item) => item.file.key));
}
function foreseenFlatSecondSends(items, links) {
  const sending = items.filter((item) => item.state === "send" && item.complete && !heldForSecondPass(item));
  return new Set(flatOrderOf(sending.map((item) => item.file.key), (key) => links.waitsFor(key)).sentTwice);
}
function heldForSecondPass(item) {
  return item.state === "send" && item.secondPassOnly === true && item.guard?.kind !== "deleted";
}
async function runFlat(items, options) {
  const { links } = options;
  const gate = options.gate ?? new ThrottleGate();
  const foreseen = options.relinking ?? await foreseenRelinks(items, links);
  const secondPassOnly = new Set(items.filter(heldForSecondPass).map((item) => item.file.key));
  const relinking = secondPassOnly.size === 0 ? foreseen : /* @__PURE__ */ new Set([...foreseen, ...secondPassOnly]);
  const firstItems = secondPassOnly.size === 0 ? items : items.map((item) => secondPassOnly.has(item.file.key) ? { ...item, state: "unchanged" } : item);
  const held = /* @__PURE__ */ new Map();
  const wanted = /* @__PURE__ */ new Set([...links.awaited, ...links.waiting]);
  let started = 0;
  const firstSending = firstItems.filter((item) => item.state === "send" && item.complete);
  let total = firstSending.length;
  const onStart = (item) => options.onStart?.(item, ++started, Math.max(total, started));
  let stopReported = false;
  const onStopped = (stopped2) => {
    if (!stopReported) options.onStopped?.(stopped2);
    stopReported = true;
  };
  const results = [];
  const report2 = (result) => {
    results.push(result);
    if (result.state === "skipped" && !result.relinked && relinking.has(result.item.file.key)) held.set(result.item.file.key, result);
    else options.onResult?.(result);
  };
  const releaseHeld = (sent) => {
    for (const [key, result] of held) {
      if (sent.has(key)) continue;
      held.delete(key);
      options.onResult?.(result);
    }
  };
  const run = { ...options, gate, onStart, onStopped, content: (item) => links.content(item, options.messages) };
  const learnt = /* @__PURE__ */ new Map();
  const learning = [];
  const lookUp = callsAtMost(DEFAULT_LOOKUPS_AT_ONCE);
  const onFirstResult = (result) => {
    if (result.state !== "published" || !wanted.has(result.item.file.key)) {
      report2({ ...result, pass: 1 });
      return;
    }
    learning.push(lookUp(() => learnLandedPage(result, result.item.link?.pageId, options.pages, options.signal)).then((landed) => {
      const pageId = landed?.pageId;
      if (pageId !== void 0) learnt.set(result.item.file.key, pageId);
      report2({ ...result, pass: 1, ...pageId !== void 0 ? { pageId } : {} });
    }));
  };
  const { waitsOn } = flatOrderOf(firstSending.map((item) => item.file.key), (key) => links.waitsFor(key));
  let firstStop;
  const settled = /* @__PURE__ */ new Set();
  const first = [];
  let pending = firstItems;
  while (pending.length > 0) {
    const ready = pending.filter((item) => (waitsOn.get(item.file.key) ?? []).every((key) => settled.has(key)));
    const wave = ready.length > 0 ? ready : pending.slice(0, 1);
    const inWave = new Set(wave.map((item) => item.file.key));
    pending = pending.filter((item) => !inWave.has(item.file.key));
    const filled = new Map((learnt.size > 0 ? await links.relink(wave, learnt) : []).map((item) => [item.file.key, item]));
    const results2 = await runPlan(wave.map((item) => filled.get(item.file.key) ?? item), { ...run, onResult: onFirstResult, onStopped: (stopped2) => firstStop ??= stopped2 });
    await Promise.all(learning.splice(0));
    for (const result of results2) settled.add(result.item.file.key);
    first.push(...results2);
  }
  const firstSends = firstSending.length;
  const firstFinished = firstSends - first.filter((result) => result.state === "notStarted").length;
  if (firstStop) onStopped({ ...firstStop, finished: firstFinished, total: firstSends });
  const stopped = () => options.signal?.aborted === true || gate.stoppedBy !== void 0;
  const secondPassSkipped = learnt.size === 0 || stopped();
  const waitedFor = new Map(secondPassSkipped ? [] : [...links.waiting].map((key) => [key, links.stillWaitingFor(key)]));
  const again = secondPassSkipped ? [] : await links.relink(first.filter((result) => result.state === "published" || result.state === "skipped").map((result) => result.item), learnt);
  const firstOf = new Map(first.map((result) => [result.item.file.key, result]));
  const entries = again.map((item) => {
    const firstResult = firstOf.get(item.file.key);
    const landed = firstResult ? landedLink(firstResult, 0, learnt.get(item.file.key)) : void 0;
    const page = landed ? { id: landed.pageId, version: landed.version } : item.pageFound ?? guardedPage(item.guard);
    return sentAgain(item, page?.id, page?.version);
  });
  releaseHeld(new Set(entries.map((item) => item.file.key)));
  const relinked = /* @__PURE__ */ new Set();
  if (entries.length > 0) {
    total += entries.length;
    await runPlan(entries, {
      ...run,
      onStopped: (stopped2) => onStopped({ ...stopped2, finished: firstFinished + stopped2.finished, total: firstSends + stopped2.total }),
      onResult: (result) => {
        const key = result.item.file.key;
        const pageId = learnt.get(key);
        const asRelinked = held.has(key) && !secondPassOnly.has(key);
        if (held.has(key)) relinked.add(key);
        report2({ ...result, pass: asRelinked ? 1 : 2, ...pageId !== void 0 ? { pageId } : {}, ...asRelinked ? { relinked: true } : {} });
      }
    });
  }
  if (relinked.size > 0) results.splice(0, results.length, ...results.filter((result) => !(result.state === "skipped" && !result.relinked && relinked.has(result.item.file.key))));
  releaseHeld(relinked);
  const counted2 = countedResults(results, (result) => result.item.file.key);
  const linksLeft = flatLinksLeft(results, counted2, {
    stillWaitingFor: (key) => links.stillWaitingFor(key),
    waitedBeforeSecondPass: (key) => waitedFor.get(key),
    stopped: stopped()
  });
  return { results, secondPass: sentAgainAndLanded(results), summary: summarise(counted2), linksLeft, secondPassLeft: secondPassLeftOf(linksLeft) };
}

// src/core/run/send.ts
async function sendPlanned(item, target, context, settings) {
  const hooks = settings.hooks ?? {};
  const notice = noticeFor(item, context.linkTargets ?? item.linkTargets, settings.notice);
  const outcome = await importPage({
    ...hooks,
    endpoint: settings.endpoint,
    token: settings.token,
    transport: settings.transport,
    deadlineMs: settings.deadlineMs,
    ...settings.messages ? { messages: settings.messages } : {},
    target,
    content: notice === void 0 ? context.content : [context.content, noticeAfter(context.content, notice, settings.messages, { closingLine: item.closingLine })],
    signal: context.signal,
    beforeAttempt: () => context.gate.wait(context.signal),
    // The wiki asked for a longer wait than a run waits: the whole run stops, no new file is sent into it.
    onRetryAfterTooLong: (retryAfterMs2, status) => {
      context.gate.stopFor(retryAfterMs2, status);
      hooks.onRetryAfterTooLong?.(retryAfterMs2, status);
    },
    onRetryWait: (delayMs, nextAttempt, previous) => {
      if (previous.kind === "response" && previous.status === 429) context.gate.pauseFor(delayMs);
      hooks.onRetryWait?.(delayMs, nextAttempt, previous);
    }
  });
  return otherRepositoryOutcome(titleHeldOutcome(unseenPageOutcome(outcome, item, target, settings.messages), item, target, settings.messages), item, target, settings.messages);
}
function unseenPageOutcome(outcome, item, target, messages = englishPublishMessages) {
  if (outcome.kind !== "alreadyExists" || item.guard?.kind !== "deleted") return outcome;
  const said = outcome.said ?? outcome.message;
  const taken = item.guard.placeTakenBy;
  if (taken !== void 0) return { ...outcome, actions: [], message: messages.existsPlaceTaken(said, target.pageTitle, item.guard.pageId, taken.id, taken.version, taken.versionAuthorId) };
  return { ...outcome, actions: [], message: messages.existsUnseen(said, target.pageTitle, item.guard.pageId) };
}
function titleHeldOutcome(outcome, item, target, messages = englishPublishMessages) {
  if (outcome.kind !== "alreadyExists") return outcome;
  const held = item.titleHeldElsewhere;
  if (held !== void 0 && held.parentId !== target.parentId) {
    return { ...outcome, actions: [], message: messages.titleHeldInSpace(outcome.said ?? outcome.message, target.pageTitle, held.id, held.url) };
  }
  if (held === void 0 && item.guard?.kind === "absent") return { ...outcome, actions: [], message: messages.titleHeldSomewhere(outcome.said ?? outcome.message, target.pageTitle) };
  return outcome;
}
function otherRepositoryOutcome(outcome, item, target, messages = englishPublishMessages) {
  if (outcome.kind !== "alreadyExists" || item.guard?.kind !== "exists") return outcome;
  if (item.guard.unknownRepository === true) return { ...outcome, message: messages.existsUnknownRepository(outcome.said ?? outcome.message, target.pageTitle, item.guard.page.id) };
  if (!fromAnotherRepository(item.guard.page.body?.marker)) return outcome;
  return { ...outcome, actions: [], message: messages.existsOtherRepository(outcome.said ?? outcome.message, target.pageTitle, item.guard.page.id) };
}

// src/core/apiToken/validate.ts
var JWT_SHAPE2 = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
function validateApiToken(raw, now, messages) {
  const token = raw.trim();
  if (token === "") return refuse("empty", messages.tokenEmpty());
  const decoded = decodePayload(token);
  switch (decoded.kind) {
    case "notJwt":
      return refuse("notJwt", decoded.reason === "shape" ? messages.notJwtShape() : decoded.reason === "payload" ? messages.notJwtPayload() : messages.notJwtObject());
    case "missingClaims":
      return refuse("missingClaims", messages.missingClaims());
    case "claims":
      if (decoded.claims.exp * 1e3 <= now) return refuse("expired", messages.tokenExpired(formatUtc(decoded.claims.exp * 1e3, messages)));
      return { ok: true, token, claims: decoded.claims };
  }
}
function decodePayload(token) {
  if (!JWT_SHAPE2.test(token)) {
    return { kind: "notJwt", reason: "shape" };
  }
  let payload;
  try {
    payload = jwtDecode(token);
  } catch {
    return { kind: "notJwt", reason: "payload" };
  }
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
    return { kind: "notJwt", reason: "object" };
  }
  const { exp, iat } = payload;
  if (!isFiniteNumber(exp) || !isFiniteNumber(iat)) return { kind: "missingClaims" };
  return { kind: "claims", claims: { exp, iat } };
}
function isFiniteNumber(value) {
  return typeof value === "number" && Number.isFinite(value);
}
function refuse(problem, message) {
  return { ok: false, problem, message };
}

// src/core/http/proxyEnvironment.ts
function proxyVariables(env) {
  const named = [["HTTPS_PROXY", env.HTTPS_PROXY], ["https_proxy", env.https_proxy], ["HTTP_PROXY", env.HTTP_PROXY], ["http_proxy", env.http_proxy]];
  return named.filter((entry) => Boolean(entry[1]?.trim()));
}
function proxyConfigured(settings, env) {
  return Boolean(settings.proxyUrl?.trim()) || proxyVariables(env).length > 0;
}

// src/cli/config.ts
var ENDPOINT_ENV_VAR = "WIKI_PUBLISHER_ENDPOINT";
function resolveEndpoint(flag, env, required) {
  const fromFlag = flag?.trim();
  const raw = fromFlag || env[ENDPOINT_ENV_VAR]?.trim();
  const name = fromFlag ? "--endpoint" : ENDPOINT_ENV_VAR;
  if (!raw) {
    if (!required) return { ok: true, value: void 0 };
    return { ok: false, message: `No import endpoint: pass --endpoint URL or set ${ENDPOINT_ENV_VAR}.` };
  }
  const checked = checkEndpoint(raw, name);
  return checked.ok ? { ok: true, value: checked.url } : { ok: false, message: checked.message };
}
function resolveToken(env, now) {
  const raw = env[API_TOKEN_ENV_VAR];
  if (!raw?.trim()) {
    return { ok: false, message: `No API token. Set ${API_TOKEN_ENV_VAR} (in CI, from a secret); it is never read from a flag.` };
  }
  const checked = validateApiToken(raw, now, englishTokenMessages);
  return checked.ok ? { ok: true, value: checked.token } : { ok: false, message: `${API_TOKEN_ENV_VAR} is refused. ${checked.message}` };
}
var DIAGRAMS_FLAG = "--diagrams (or WIKI_PUBLISHER_DIAGRAMS)";
function resolveDiagramRenderer(flag, env) {
  return flag ?? (env.WIKI_PUBLISHER_DIAGRAMS?.trim() || void 0);
}
function checkProxyVariables(env) {
  for (const [name, value] of proxyVariables(env)) {
    const raw = value.trim();
    let url;
    try {
      url = new URL(raw);
    } catch {
      url = void 0;
    }
    const notJustAnAddress = url !== void 0 && (url.pathname !== "/" || url.search !== "" || url.hash !== "" || raw.endsWith("?") || raw.endsWith("#"));
    if (url === void 0 || url.protocol !== "http:" && url.protocol !== "https:" || url.hostname === "" || notJustAnAddress) {
      return { ok: false, message: `${name} is not a proxy address such as http://proxy.example.com:3128 (its value is not shown: it may hold a password). Set it to the proxy's address, or unset it.` };
    }
  }
  return { ok: true, value: void 0 };
}

// src/cli/fileRecords.ts
function fileRecord(result, notStartedBecause2) {
  const { item, outcome } = result;
  const notStarted = result.notStartedBecause ?? notStartedBecause2;
  const record = {
    type: "file",
    file: item.file.label,
    status: result.state,
    ...outcome ? { outcome: outcome.kind, ...outcome.status !== void 0 ? { httpStatus: outcome.status } : {} } : {},
    ...targetFields(item),
    message: outcome ? outcomeText(result, outcome) : result.state === "notStarted" && notStarted ? notStarted : notSentMessage(result),
    ...outcome ? { attempts: outcome.attempts } : {},
    mayHaveLanded: result.mayHaveLanded,
    ...guardFields(item),
    cautions: result.state === "refused" || result.state === "skipped" ? [] : item.cautions.map((caution) => caution.message),
    ...result.state === "refused" || result.state === "skipped" ? {} : targetsOf(item.cautions)
  };
  if (result.relinked && result.state === "published") record.relinked = true;
  if (result.pass === 2 && record.overwrite === false) record.overwrite = true;
  return record;
}
function relinkedRecord(record) {
  record.status = "send";
  record.action = "update";
  record.relinked = true;
  return record;
}
function planRecord(item) {
  const refusals = refusalsOf(item);
  const status = refusals.length > 0 ? "refused" : item.state === "unchanged" || item.state === "edited" || item.state === "retitled" ? item.state : "send";
  const record = { type: "plan", file: item.file.label, status };
  if (status === "send") record.action = planAction(item);
  const { pageTitle, spaceId, parentId, overwrite } = item.target;
  if (pageTitle !== void 0) record.title = pageTitle;
  if (spaceId !== void 0) record.spaceId = spaceId;
  if (parentId !== void 0) record.parentId = parentId;
  if (overwrite !== void 0) record.overwrite = overwrite;
  record.refusals = refusals;
  const guard = guardFields(item);
  if (guard.wikiEdits) record.wikiEdits = guard.wikiEdits;
  if (guard.url !== void 0) record.url = guard.url;
  record.cautions = status === "send" || status === "edited" ? item.cautions.map((caution) => caution.message) : status === "unchanged" ? item.cautions.filter((caution) => caution.code === "titledBack").map((caution) => caution.message) : [];
  const targets = record.cautions.length > 0 ? targetsOf(item.cautions).cautionTargets : void 0;
  if (targets) record.cautionTargets = targets;
  if (status === "send" && item.linksToPages) record.linksToPages = item.linksToPages;
  return record;
}
function targetsOf(cautions) {
  if (!cautions.some((caution) => caution.targets !== void 0 && caution.targets.length > 0)) return {};
  return { cautionTargets: cautions.map((caution) => [...caution.targets ?? []]) };
}
function planAction(item) {
  const kind = sendKind(item);
  const looked = item.guard !== void 0 && item.guard.kind !== "unchecked" && item.guard.kind !== "notNeeded";
  if (kind === "replace" && !looked) return item.linkedPage ? "update" : "createOrUpdate";
  return kind;
}
function guardFields(item) {
  const verdict = item.guard;
  if (!verdict || verdict.kind === "notNeeded") return {};
  const page = guardedPage(verdict);
  const url = item.state === "refused" && verdict.kind === "notOurs" ? void 0 : page?.webUrl ?? item.link?.url;
  const wikiEdits = { checked: guardChecked(verdict), verdict: verdict.kind };
  if (verdict.kind === "unchecked") {
    wikiEdits.reason = verdict.reason;
    wikiEdits.detail = verdict.detail;
    if (verdict.cause !== void 0) wikiEdits.cause = verdict.cause;
    if (verdict.reason === "failed" && verdict.lasting === true) wikiEdits.lasting = true;
  }
  if (page) wikiEdits.version = page.version;
  if (verdict.kind === "asLeft" && verdict.adopted) wikiEdits.adopted = true;
  if (verdict.kind === "asLeft" && verdict.sameContent) wikiEdits.sameContent = true;
  if (verdict.kind === "exists" && fromAnotherRepository(verdict.page.body?.marker)) wikiEdits.otherRepository = true;
  if (verdict.kind === "exists" && verdict.unknownRepository === true) wikiEdits.unknownRepository = true;
  if (verdict.kind === "deleted" && verdict.placeTakenBy !== void 0) {
    const taken = verdict.placeTakenBy;
    wikiEdits.placeTakenBy = { pageId: taken.id, version: taken.version, ...taken.versionAuthorId ? { editedBy: taken.versionAuthorId } : {} };
  }
  if (verdict.kind === "edited") {
    if (page?.versionAuthorId) wikiEdits.editedBy = page.versionAuthorId;
    if (page?.versionCreatedAt) wikiEdits.editedAt = page.versionCreatedAt;
    if (verdict.knownVersion !== void 0) wikiEdits.publishedVersion = verdict.knownVersion;
    if (verdict.noNotice) wikiEdits.noNotice = true;
    if (verdict.movedUnder) wikiEdits.movedUnder = { ...verdict.movedUnder };
    else if (verdict.renamedTo !== void 0) wikiEdits.renamedTo = verdict.renamedTo;
    else if (item.state === "edited" && item.heldBelowNewPage !== void 0) wikiEdits.anewUnder = item.heldBelowNewPage;
  }
  const fields = { wikiEdits };
  if (url) fields.url = url;
  return fields;
}
function refusalsOf(item) {
  const reasons = item.refusals.map((refusal2) => refusal2.message);
  if (item.state === "retitled" && item.retitled) {
    reasons.push(`Its title is now "${item.retitled.fileTitle}" but it last published to "${item.retitled.pageTitle}": name the page in its front matter (wiki: pageTitle), or pass --retarget to publish it as a new page.`);
  }
  if (item.state === "incomplete" || !item.complete && reasons.length === 0) {
    const missing = [item.target.spaceId === void 0 ? "space" : "", item.target.parentId === void 0 ? "parent page" : ""].filter((part) => part !== "").join(" or ");
    reasons.push(`No ${missing || "complete target"}: give it in the front matter (wiki: spaceId, parentId) or with --space and --parent.`);
  }
  return reasons;
}
function notSentMessage(result) {
  switch (result.state) {
    case "skipped":
      return "same content and target as its last publish (--force sends it)";
    case "refused":
      return refusalsOf(result.item).join(" ");
    case "notStarted":
      return "not sent: the run stopped before it was sent";
    case "edited":
      if (movedUnderOf(result.item.guard)) return "not sent: its page is under another parent on the wiki now.";
      if (result.item.guard?.kind === "edited" && result.item.guard.renamedTo !== void 0) return "not sent: its page was renamed on the wiki.";
      if (unreadOnWiki(result.item.guard)) return "not sent: its page could not be checked for edits on the wiki.";
      return result.item.guard?.kind === "edited" && result.item.guard.noNotice ? "not sent: its page carries no publish notice, so an edit there cannot be told from a publish." : "not sent: its page was changed on the wiki since its last publish.";
    default:
      return "";
  }
}
function outcomeText(result, outcome) {
  const proven = result.proven;
  if (outcome.kind === "alreadyExists" && mayBeInterruptedCreate(result.item) && !guardChecked(result.item.guard)) {
    return `${forCommandLine(outcome.message)} ${INTERRUPTED_CREATE_UNCHECKED}`;
  }
  if (!proven || result.state !== "published" || outcome.kind !== "existsAfterRetry" && outcome.kind !== "alreadyExists") return forCommandLine(outcome.message);
  const title = result.item.complete?.pageTitle ?? result.item.target.pageTitle ?? result.item.file.label;
  if (outcome.kind === "alreadyExists") {
    return `A page titled "${title}" was there already, made by another run of this file at the same time: it carries this file's publish notice with what this send carried (page ${proven.pageId}, version ${proven.version}), so the wiki holds what this run publishes; it is linked to this file.`;
  }
  const found = `A page titled "${title}" exists now: proven to be this run's page (page ${proven.pageId}, version ${proven.version}, carrying the publish notice of this very send), created by an earlier attempt that seemed to fail; it is linked to this file.`;
  return outcome.said ? `${outcome.said} ${found}` : found;
}
var INTERRUPTED_CREATE_UNCHECKED = `An earlier run was stopped while creating this page (the --state record says so), so it may be this file's page; this run has no page access to check who wrote it. Set ${PLATFORM_TOKEN_ENV_VAR} or a service account's credentials (${CLIENT_ID_ENV_VAR}, ...): the next run then takes the page as this file's if this run's account wrote it, and updates it. --overwrite updates it without that check.`;
function forCommandLine(message) {
  return message.replace(/\b([Cc])hoos(e|ing) Overwrite\b/g, (_match, c, ending) => `${c === "C" ? "P" : "p"}ass${ending === "e" ? "" : "ing"} --overwrite`);
}
function targetFields(item) {
  const { pageTitle, spaceId, parentId, overwrite } = item.target;
  return {
    ...pageTitle !== void 0 ? { title: pageTitle } : {},
    ...spaceId !== void 0 ? { spaceId } : {},
    ...parentId !== void 0 ? { parentId } : {},
    ...overwrite !== void 0 ? { overwrite } : {}
  };
}

// src/cli/pageNames.ts
async function readPageNames(ids, sources) {
  const known = sources.known ?? /* @__PURE__ */ new Map();
  const wanted = [...new Set(ids)].filter((id) => !known.has(id));
  const asked = sources.pages && wanted.length > 0 ? await sources.pages.getPages(wanted, sources.signal).catch(() => void 0) : void 0;
  const missing = new Set(asked ? wanted.filter((id) => !asked.has(id)) : []);
  return pageNames(new Map([...known, ...asked ?? []]), missing, sources);
}
function pageNames(read, missing, sources) {
  const made = (pageId, spaceId, title) => {
    if (missing.has(pageId)) return void 0;
    if (sources.tree && spaceId === sources.tree.spaceId) return sources.tree.addressOf(pageId, title);
    return sources.baseUrl && spaceId !== void 0 ? pageAddress(sources.baseUrl, spaceId, pageId, title) : void 0;
  };
  const address2 = (pageId, spaceId, title) => read.get(pageId)?.webUrl ?? made(pageId, spaceId, title);
  return {
    address: address2,
    named(pageId, spaceId, title) {
      const name = title ?? read.get(pageId)?.title;
      const url = address2(pageId, spaceId, name ?? "");
      if (name === void 0 && url === void 0) return void 0;
      const page = {};
      if (name !== void 0) page.title = name;
      if (url !== void 0) page.url = url;
      return page;
    }
  };
}
function withNames(record, names, known = {}) {
  if (!names) return record;
  const parent = record.parentId === void 0 ? void 0 : names.named(record.parentId, record.spaceId, known.parentTitle);
  if (parent) record.parentPage = parent;
  const moved = record.wikiEdits?.movedUnder;
  if (moved && moved.url === void 0) {
    const url = names.address(moved.id, record.spaceId, moved.title ?? "");
    if (url !== void 0) moved.url = url;
  }
  if (record.url === void 0 && known.pageId !== void 0 && record.title !== void 0) {
    const url = names.address(known.pageId, record.spaceId, record.title);
    if (url !== void 0) record.url = url;
  }
  return record;
}
async function findLandedPages(landed, sources) {
  const pages = sources.pages;
  if (!pages || landed.length === 0) return [];
  const byParent = /* @__PURE__ */ new Map();
  for (const page of landed) byParent.set(page.parentId, [...byParent.get(page.parentId) ?? [], page]);
  const found = [];
  for (const [parentId, under] of byParent) {
    const children = await pages.listChildren(parentId, sources.signal).catch(() => void 0);
    for (const page of under) {
      const child = children?.find((each) => each.title === page.title);
      if (child) found.push({ page, pageId: child.id });
    }
  }
  const names = await readPageNames(found.map(({ pageId }) => pageId), sources);
  return found.map(({ page, pageId }) => {
    const url = names.address(pageId, page.spaceId, page.title);
    return url === void 0 ? { file: page.file, pageId } : { file: page.file, pageId, url };
  });
}

// src/cli/report.ts
var FILE_STATUS_WORDS = {
  published: "published",
  failed: "FAILED",
  existsUnproven: "EXISTS",
  edited: "LEFT OUT",
  skipped: "unchanged",
  refused: "REFUSED",
  notStarted: "not started",
  cancelled: "interrupted"
};
function fileLine(record, landingSaid = false) {
  const word = record.outcome === "created" || record.outcome === "updated" ? record.outcome : FILE_STATUS_WORDS[record.status];
  const sent = record.outcome === "created" || record.outcome === "updated";
  const guard = verdictFitsResult(record) ? guardText(record.wikiEdits, record.outcome === "updated" || record.status === "edited", record.status === "edited", false, sent) : "";
  const landed = record.status === "failed" && record.mayHaveLanded && !landingSaid ? "(it may have reached the wiki all the same: the next run finds out from the page)" : "";
  const message = record.status === "edited" && record.wikiEdits?.verdict === "edited" && guard !== "" ? "" : record.message;
  return escapeControlCharacters(joinLine(word, record.file, targetText(record), spaced(spaced(message, guard), landed), record.cautions));
}
var PLAN_STATUS_WORDS = {
  create: "would create",
  update: "would update",
  replace: "WOULD REPLACE",
  createOrUpdate: "would create or update",
  unchanged: "unchanged",
  refused: "WOULD REFUSE",
  edited: "WOULD LEAVE OUT",
  retitled: "WOULD ASK"
};
function planLine(record, saidBefore) {
  return escapeControlCharacters(planLineUnescaped(record, saidBefore));
}
function planLineUnescaped(record, saidBefore, ownRefusals = false) {
  const word = PLAN_STATUS_WORDS[record.action ?? record.status] ?? record.status;
  const fromRefusals = record.status !== "unchanged" && !record.relinked && (record.status === "retitled" || record.action !== "replace");
  const said = record.status === "unchanged" ? "same content and target as its last publish (--force sends it)" : record.relinked ? RELINKED_TEXT : record.status === "retitled" ? record.refusals.join(" ") : record.action === "replace" ? "a page with this title exists that this file did not publish; it would be replaced." : record.refusals.join(" ");
  const sayer = ownRefusals && fromRefusals ? void 0 : saidBefore;
  const linked = record.linksToPages ? `(${record.linksToPages === 1 ? "1 link to another file goes to its page" : `${record.linksToPages} links to other files go to their pages`})` : "";
  const guard = record.status === "refused" && !verdictFitsRefusal(record.wikiEdits) ? "" : guardText(record.wikiEdits, record.action !== "create" || record.status === "edited", record.status === "edited", true, record.status === "send");
  const cautions = saidBefore && record.cautions.length > 0 ? record.cautions.map((caution) => saidBefore.say(caution, record.file)) : record.cautions;
  return joinLine(word, record.file, targetText(record), spaced(spaced(sayer ? sayer.say(said, record.file) : said, guard), linked), cautions);
}
function guardText(wikiEdits, relevant, heldBack, planned, sent) {
  const elsewhere = elsewhereText(wikiEdits, heldBack ? "held" : !sent ? "notSent" : planned ? "wouldSend" : "sent");
  if (elsewhere !== void 0) return `(${elsewhere})`;
  if (!wikiEdits || !relevant && wikiEdits.verdict !== "deleted" && wikiEdits.verdict !== "exists") return "";
  switch (wikiEdits.verdict) {
    case "unchecked":
      if (heldBack && wikiEdits.reason === "failed") return `(${lookupFailedText(wikiEdits)}; ${lookupFailedFix(wikiEdits)})`;
      return `(wiki edits NOT checked: ${wikiEdits.detail ?? "no page access"})`;
    case "edited": {
      const fate = heldBack ? `; ${overwriteEditedText(wikiEdits)}` : planned ? ": would be replaced (--overwrite-edited)" : ": replaced (--overwrite-edited)";
      return `(${wikiEdits.noNotice ? noNoticeText(wikiEdits) : editedSinceText(wikiEdits)}${fate})`;
    }
    case "asLeft":
      return wikiEdits.adopted ? `(${adoptedText(wikiEdits, planned, sent)})` : `(wiki edits checked: version ${wikiEdits.version ?? "?"} is as last published)`;
    case "deleted":
      if (planned && wikiEdits.placeTakenBy) return `(${placeTakenText(wikiEdits.placeTakenBy)})`;
      return planned ? `(${PAGE_NOT_FOUND}: would be published as a new page)` : "(its page was deleted on the wiki: published as a new page)";
    case "absent":
      return "(wiki checked: no such page yet)";
    case "exists":
      return `(${existsText(wikiEdits, planned)})`;
    case "notOurs":
      return `(wiki checked: replaces version ${wikiEdits.version ?? "?"} of a page this file did not publish)`;
    default:
      return "";
  }
}
function runSummaryLine(summary, interrupted) {
  const parts = [`${summary.published} published`, `${summary.failed} failed`, `${summary.refused} refused`, `${summary.skipped} unchanged`];
  const noNotice = summary.noNotice ?? 0;
  const lookupFailed = summary.lookupFailed ?? 0;
  const moved = summary.movedOnWiki ?? 0;
  if (summary.edited > noNotice + lookupFailed + moved) parts.push(`${summary.edited - noNotice - lookupFailed - moved} left out (edited on the wiki)`);
  if (moved > 0) parts.push(`${moved} left out (moved or renamed on the wiki)`);
  if (noNotice > 0) parts.push(`${noNotice} left out (no publish notice: an edit cannot be told from a publish)`);
  if (lookupFailed > 0) parts.push(`${lookupFailed} left out (the wiki could not be read to check for edits)`);
  if (summary.existsUnproven) parts.push(`${summary.existsUnproven} found existing after a retry (not ours for sure; not recorded)`);
  if (summary.cancelled || summary.notStarted || interrupted) {
    parts.push(`${summary.cancelled} interrupted in flight (may have landed)`, `${summary.notStarted} not started`);
  }
  return `${interrupted ? "Interrupted: " : ""}${parts.join(", ")}`;
}
function planSummaryLine(counts) {
  const editedOnWiki = counts.edited - (counts.noNotice ?? 0) - (counts.lookupFailed ?? 0) - (counts.movedOnWiki ?? 0);
  const held = [
    ...editedOnWiki > 0 ? [`${editedOnWiki} edited on the wiki (left out)`] : [],
    ...counts.movedOnWiki ? [`${counts.movedOnWiki} moved or renamed on the wiki (left out)`] : [],
    ...counts.noNotice ? [`${counts.noNotice} without a publish notice, so an edit cannot be told from a publish (left out)`] : [],
    ...counts.lookupFailed ? [`${counts.lookupFailed} whose wiki could not be read to check for edits (left out)`] : [],
    ...counts.retitled ? [`${counts.retitled} with a changed title (left out)`] : [],
    ...counts.unchecked ? [`${counted(counts.unchecked, "update", "updates")} whose wiki edits could not be checked`] : []
  ];
  const besides = [
    ...counts.relinked ? [`${counted(counts.relinked, "unchanged page", "unchanged pages")} sent again so ${counts.relinked === 1 ? "its" : "their"} links reach a page made anew`] : [],
    ...counts.sentTwice ? [`${counted(counts.sentTwice, "page", "pages")} sent twice, ${counts.sentTwice === 1 ? "its" : "their"} links naming pages created after ${counts.sentTwice === 1 ? "it" : "them"}`] : [],
    ...counts.pulledAhead ? [`${counted(counts.pulledAhead, "new page", "new pages")} created out of name order, so that links find the pages they name (--sibling-order name keeps it)`] : []
  ];
  return `Dry run, nothing sent: ${counts.send} to send (${counts.newPages} new, ${counts.updates} updating the page the file published before, ${counts.replaces} overwriting a page it did not publish, if one exists${besides.length ? `; ${besides.join("; ")}` : ""}), ${counts.unchanged} unchanged, ${counts.refused + counts.incomplete} would be refused${held.length ? `, ${held.join(", ")}` : ""}`;
}
function targetText(record) {
  const title = record.title === void 0 ? "(no title)" : JSON.stringify(record.title);
  return `${title} in ${record.spaceId ?? "?"} under ${parentText(record)}`;
}
function spaced(first, second) {
  return first === "" ? second : second === "" ? first : `${first} ${second}`;
}
function joinLine(word, file, target, message, cautions) {
  let notes = "";
  for (const caution of cautions) notes += ` [caution: ${caution}]`;
  const said = message === "" ? "" : ` ${message}`.startsWith("(", 1) ? ` ${message}` : `: ${message}`;
  return `${word.padEnd(11)} ${file} -> ${target}${said}${notes}`;
}
function reportLinksLeft(linksLeft, json, output, results = []) {
  if (linksLeft.length === 0) return {};
  const listed2 = linksLeft.map(({ item, waitsFor, stopped }) => ({ file: item.file.label, waitsFor, ...stopped ? { stopped } : {} }));
  if (json) return { linksLeft: listed2 };
  const published = /* @__PURE__ */ new Set();
  for (const result of results) if (result.state === "published") published.add(result.item.file.label);
  output.lines(listed2.map((left) => linksLeftLine(left, published)));
  return { linksLeft: listed2 };
}
function linksLeftLine({ file, waitsFor, stopped }, published = /* @__PURE__ */ new Set()) {
  const pages = waitsFor.join(", ");
  if (stopped === "notStarted") return `links stay as written in ${file}: the run stopped before the second pass could fill in its links to ${pages} (the next run fills them in)`;
  if (stopped === "cancelled") return `links may stay as written in ${file}: the run stopped while the second pass was filling in its links to ${pages} (that send may have landed; the next run fills them in if not)`;
  const landed = waitsFor.filter((page) => published.has(page));
  const missing = waitsFor.filter((page) => !published.has(page));
  const why = [
    ...missing.length > 0 ? [`${missing.join(", ")} did not land in this run`] : [],
    ...landed.length > 0 ? [`${landed.join(", ")} landed, but the run could not look up ${landed.length === 1 ? "its page" : "their pages"} on the wiki afterwards`] : []
  ];
  return `links stay as written in ${file}: ${why.join("; ")} (the next run fills them in)`;
}
function secondPassLeftLine(left) {
  if (left.cancelled + left.notStarted === 0) return "";
  return `; second pass left by the stop: ${left.cancelled} interrupted in flight (may have landed), ${left.notStarted} not started (their links stay as written)`;
}

// src/cli/publishTree.ts
var import_promises7 = require("node:fs/promises");
var import_node_path10 = require("node:path");

// src/core/tree/manifest.ts
var ManifestStore = class _ManifestStore {
  constructor(port, path, manifest, options) {
    this.port = port;
    this.path = path;
    this.options = options;
    this.text = manifest.text;
    this.pagesRead = manifest.pages;
    this.setAside = manifest.setAside ?? [];
    this.root = manifest.root;
    this.pages = manifest.pages;
    this.onDisk = manifest;
  }
  port;
  path;
  options;
  root;
  pages;
  /**
   * The store's own copy of the pages, once it changed one: until then `pages` is the map read from the file (onDisk's),
   * not copied when opened, since most runs only read it (a dry run, an unchanged tree) and a manifest of 10,000 pages
   * took a while to copy.
   */
  ownedPages;
  /** Which key holds each ID in ownedPages, made with it: record() finds the key an ID is taken from without a scan. */
  keyOfId;
  /** The manifest as the file holds it (as read, then as last written): what pendingChanges compares against. */
  onDisk;
  /** onDisk as serializeManifest writes it, once asked (the last write's text): each write compares its text to it. */
  onDiskText;
  dirty = false;
  /** The file's text as read, for the lines of its entries (locate); undefined for a file that was not there. */
  text;
  /** The pages as read from `text`, which may know their lines in it (entryLocator). */
  pagesRead;
  locator;
  /** What reading set aside (PageManifest.setAside), each said: a later write leaves those entries out. */
  setAside;
  /** Each write replaces the file with the whole manifest as it is then. */
  writer = new CoalescingWriter(() => this.write());
  /** Reads the manifest at `path`; a missing file is an empty manifest, a malformed one is refused, never emptied. */
  static async open(port, path, options) {
    const name = options.label ?? path;
    let text2;
    try {
      text2 = await port.read(path);
    } catch (error) {
      if (isNotARegularFile(error)) return { ok: false, message: (options.messages ?? englishManifestMessages).notRegularFile(name, error.why) };
      return { ok: false, message: (options.messages ?? englishManifestMessages).cannotRead(name, error instanceof Error ? error.message : String(error)) };
    }
    if (text2 === void 0) return { ok: true, store: new _ManifestStore(port, path, { root: void 0, pages: /* @__PURE__ */ new Map() }, options) };
    const parsed = parseManifest(text2, name, options.messages);
    return parsed.ok ? { ok: true, store: new _ManifestStore(port, path, parsed.manifest, options) } : parsed;
  }
  /** How refusals name this file: the label given, else its path. */
  get label() {
    return this.options.label ?? this.path;
  }
  /** Where the file as read writes the entry `key` (`docs/.wiki-pages.json:7`): the file's name alone when it does not. */
  locate(key) {
    if (this.text === void 0) return this.label;
    this.locator ??= entryLocator(this.text, this.label, this.pagesRead);
    return this.locator(key);
  }
  get messages() {
    return this.options.messages ?? englishManifestMessages;
  }
  get writing() {
    return this.options.writing;
  }
  get(relPath) {
    return this.pages.get(relPath);
  }
  /** Every entry, sorted by key as in the file; the caller's own array of its own pairs. */
  entries() {
    const pairs2 = [...this.pages];
    for (let index = 1; index < pairs2.length; index++) {
      if (pairs2[index - 1][0] > pairs2[index][0]) return pairs2.sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
    }
    return pairs2;
  }
  /** The space and parent page the folder maps to, once recorded. */
  rootTarget() {
    return this.root;
  }
  /** The manifest as it stands in memory (written or not). */
  snapshot() {
    return { root: this.root, pages: new Map(this.pages) };
  }
  /** Records where the tree hangs, and writes it at once. */
  setRootTarget(root) {
    if (!root.space.trim() || !/^\d+$/.test(root.parent)) return Promise.reject(new Error(this.messages.notARootTarget(JSON.stringify(root))));
    this.root = { space: root.space, parent: root.parent };
    return this.changed();
  }
  /** Records a page's ID and writes it at once (coalesced with other records while a write is out). */
  record(relPath, entry) {
    const problem = manifestKeyProblem(relPath, this.messages) ?? (keyNamesNoPage(relPath) ? this.messages.keyNotAPage(PAGE_KEY_EXTENSIONS) : void 0) ?? (/^\d+$/.test(entry.id) ? void 0 : this.messages.idNotDigits(JSON.stringify(entry.id)));
    if (problem) return Promise.reject(new Error(this.messages.cannotRecord(relPath, problem)));
    const pages = this.ownPages();
    const keyOfId = this.keyOfId;
    const holder = keyOfId.get(entry.id);
    if (holder !== void 0 && holder !== relPath) pages.delete(holder);
    const previous = pages.get(relPath);
    if (previous !== void 0 && keyOfId.get(previous.id) === relPath) keyOfId.delete(previous.id);
    pages.set(relPath, { id: entry.id, title: entry.title });
    keyOfId.set(entry.id, relPath);
    return this.changed();
  }
  /** Drops a page's entry (its file is gone, or the page was deleted) and writes at once. */
  forget(relPath) {
    const previous = this.pages.get(relPath);
    if (previous === void 0) return Promise.resolve();
    this.ownPages().delete(relPath);
    if (this.keyOfId?.get(previous.id) === relPath) this.keyOfId.delete(previous.id);
    return this.changed();
  }
  /** What the store holds that the file does not: everything changed since reading while writing is off. */
  pendingChanges() {
    const changes = [];
    const before = this.onDisk;
    if (this.root && !sameRoot(this.root, before.root)) changes.push({ kind: "root", root: this.root, previous: before.root });
    for (const [path, entry] of this.entries()) {
      const previous = before.pages.get(path);
      if (!previous) changes.push({ kind: "added", path, entry });
      else if (previous.id !== entry.id || previous.title !== entry.title) changes.push({ kind: "changed", path, entry, previous });
    }
    for (const [path, previous] of before.pages) if (!this.pages.has(path)) changes.push({ kind: "removed", path, previous });
    return changes;
  }
  /** Resolves when every write asked for so far is done (rejects when the last of them failed). */
  settled() {
    return this.writer.settled();
  }
  /** The pages to change: the store's own copy (ownedPages), made at the first change. */
  ownPages() {
    if (this.ownedPages === void 0) {
      this.ownedPages = new Map(this.pages);
      this.pages = this.ownedPages;
      this.keyOfId = /* @__PURE__ */ new Map();
      for (const [key, entry] of this.ownedPages) this.keyOfId.set(entry.id, key);
    }
    return this.ownedPages;
  }
  changed() {
    this.dirty = true;
    return this.options.writing ? this.writer.request() : Promise.resolve();
  }
  async write() {
    if (!this.dirty) return;
    this.dirty = false;
    const manifest = this.snapshot();
    const text2 = serializeManifest(manifest);
    this.onDiskText ??= serializeManifest(this.onDisk);
    if (text2 === this.onDiskText) return;
    try {
      await this.port.write(this.path, text2);
      this.onDisk = manifest;
      this.onDiskText = text2;
    } catch (error) {
      this.dirty = true;
      throw error;
    }
  }
};
function sameRoot(a, b) {
  return b !== void 0 && a.space === b.space && a.parent === b.parent;
}

// src/core/tree/manifestNodeFs.ts
var import_node_fs4 = require("node:fs");
var import_node_path6 = require("node:path");
var nodeManifestReader = {
  async read(path) {
    try {
      if ((0, import_node_fs4.lstatSync)(path).isSymbolicLink()) throw new NotARegularFile("link");
      const { fd } = openRegularFileSync(path);
      try {
        return (0, import_node_fs4.readFileSync)(fd, "utf8");
      } finally {
        (0, import_node_fs4.closeSync)(fd);
      }
    } catch (error) {
      if (error.code === "ENOENT") return void 0;
      throw error;
    }
  }
};
function nodeManifestFiles(workingTree) {
  return {
    read: nodeManifestReader.read,
    write: (path, text2) => writeFileInTree(workingTree, (0, import_node_path6.resolve)(path), text2)
  };
}

// src/core/tree/pageManifest.ts
async function openManifest(port, location, options) {
  const opened = await ManifestStore.open(port, location, options);
  return opened.ok ? { ok: true, store: new TreeManifest(opened.store) } : opened;
}
async function openTreeManifest(port, own, ancestors, options, wanted, labelOf) {
  const labelled = (location) => labelOf ? { ...options, label: labelOf(location) } : options;
  const opened = await openManifest(port, own, labelled(own));
  if (!opened.ok || opened.store.holdsRecords()) return opened;
  const nearest = await nearestManifest(ancestors.filter((ancestor2) => ancestor2.relativePath !== ""), manifestReader(port));
  if (nearest === void 0 || "problem" in nearest) return opened;
  const { ancestor, manifest } = nearest;
  const key = ancestor.relativePath;
  const page = manifest.pages.get(key);
  const root = manifest.root;
  if (root === void 0 || page === void 0 || (wanted.space ?? root.space) !== root.space || (wanted.parent ?? page.id) !== page.id) return opened;
  const store = new ManifestStore(port, ancestor.manifestLocation, manifest, labelled(ancestor.manifestLocation));
  return { ok: true, store: new TreeManifest(store, { key, root: { space: root.space, parent: page.id } }) };
}
var TreeManifest = class {
  constructor(store, part) {
    this.store = store;
    this.part = part;
  }
  store;
  root;
  /**
   * The keys of the file this run recorded or dropped while writing is on: each counts as written once the file holds
   * it (recordedCount), so a write that failed is never counted as done.
   */
  touched = /* @__PURE__ */ new Set();
  /**
   * A new tree elsewhere (--retarget) whose first page has not been recorded yet: the recorded pages are no longer this
   * run's, but the file keeps them until a page of the new tree lands, so a run refused or stopped before that leaves
   * the repository's record of the old tree as it was.
   */
  replacing = false;
  /**
   * The part of a manifest further up (openTreeManifest): the published folder's key there, which every key of this
   * tree is prefixed with in that file, and the folder's recorded page, where this tree hangs. Undefined for a
   * folder's own manifest.
   */
  part;
  /** The file's entries no walk can give, set aside as read (PageManifest.setAside): each to be said, none used. */
  get setAside() {
    return this.store.setAside;
  }
  /** The manifest file this tree reads and records in: its folder's own, or the one further up it is part of. */
  get location() {
    return this.store.path;
  }
  /** The published folder's key in a manifest further up (openTreeManifest); undefined in its own. */
  get partKey() {
    return this.part?.key;
  }
  /** Whether the file records anything: a folder with none may be part of a tree published from further up. */
  holdsRecords() {
    return this.store.rootTarget() !== void 0 || this.store.entries().length > 0;
  }
  /** Where the tree hangs, as the repository records it. */
  rootTarget() {
    return this.part?.root ?? this.store.rootTarget();
  }
  get(key) {
    if (this.replacing) return void 0;
    return this.part === void 0 ? this.store.get(key) : key === "" ? void 0 : this.store.get(`${this.part.key}${key}`);
  }
  /** Where the file writes the entry of `key` (`docs/.wiki-pages.json:7`), for the refusals that name it. */
  locate(key) {
    return this.store.locate(this.fileKey(key));
  }
  entries() {
    if (this.replacing) return [];
    const part = this.part;
    if (part === void 0) return this.store.entries();
    const below = [];
    for (const [key, entry] of this.store.entries()) if (key.startsWith(part.key) && key !== part.key) below.push([key.slice(part.key.length), entry]);
    return below;
  }
  /** This manifest for a run under `root`; the root is written with the first page recorded. */
  withRoot(root) {
    this.root = root;
    return this;
  }
  /**
   * A new tree elsewhere (--retarget): the recorded pages stay on the wiki but no longer belong to this folder. They
   * are dropped from the file with the first page of the new tree recorded, not before (replacing).
   */
  async emptied(root) {
    this.replacing = true;
    this.root = root;
    return this;
  }
  async record(key, entry) {
    if (entry.id === (this.root ?? this.rootTarget())?.parent) return;
    if (this.replacing) {
      this.replacing = false;
      const dropping = this.entries().map(([old]) => this.store.forget(this.fileKey(old)));
      await Promise.all([...dropping, this.record(key, entry)]);
      return;
    }
    const recorded = this.rootTarget();
    const rooting = this.part === void 0 && this.root && (recorded?.space !== this.root.space || recorded.parent !== this.root.parent) ? this.store.setRootTarget(this.root) : void 0;
    if (this.store.writing) this.touched.add(this.fileKey(key));
    await Promise.all([rooting, this.store.record(this.fileKey(key), entry)]);
  }
  /** Drops a key: its page is recorded under another now (a file renamed in its folder; one that names its own page, renamed or moved). */
  async forget(key) {
    if (this.store.writing) this.touched.add(this.fileKey(key));
    await this.store.forget(this.fileKey(key));
  }
  /** A key of this tree as the file writes it. */
  fileKey(key) {
    return this.part === void 0 ? key : `${this.part.key}${key}`;
  }
  /**
   * How many page IDs this run wrote, for the summary ("commit it"): those the file holds now, not those asked for, so
   * a file that could not be written (a folder the job's user cannot write in) is never said to record them.
   */
  recordedCount() {
    if (this.touched.size === 0) return 0;
    const unwritten = new Set(this.store.pendingChanges().flatMap((change) => change.kind === "root" ? [] : [change.path]));
    let written3 = 0;
    for (const key of this.touched) if (!unwritten.has(key)) written3++;
    return written3;
  }
  /**
   * The page IDs the file does not hold, by their keys in it: all this run learnt with writing off, or those its
   * writes could not put there.
   */
  pendingChanges() {
    return this.store.pendingChanges().flatMap((change) => change.kind === "added" || change.kind === "changed" ? [[change.path, change.entry]] : []);
  }
  settled() {
    return this.store.settled();
  }
};

// src/core/tree/recordedRoot.ts
var NUMERIC = /^\d+$/;
async function matchRecordedRoot(recorded, wanted, pages, signal) {
  if (recorded.parent !== wanted.parent) return { kind: "elsewhere", recorded };
  const recordedSpace = recorded.space.trim();
  const wantedSpace = wanted.space.trim();
  if (recordedSpace === wantedSpace) return { kind: "same", root: recorded };
  if (NUMERIC.test(recordedSpace) === NUMERIC.test(wantedSpace)) return { kind: "elsewhere", recorded };
  if (pages === void 0) return { kind: "spellings", recorded, why: "noAccess" };
  const idOf = (space) => pages.resolveSpace(space, signal).then((found) => found?.id, (error) => {
    if (signal?.aborted) throw error;
    return void 0;
  });
  const [recordedId, wantedId] = await Promise.all([idOf(recordedSpace), idOf(wantedSpace)]);
  if (recordedId === void 0 || wantedId === void 0) return { kind: "spellings", recorded, why: "notResolved" };
  return recordedId === wantedId ? { kind: "same", root: recorded } : { kind: "elsewhere", recorded };
}

// src/core/tree/spaceAddresses.ts
async function spaceAddresses(siteBase, spaceId, pages, signal) {
  const keys = /* @__PURE__ */ new Map();
  const inSpace = async (space) => {
    let key = keys.get(space);
    if (key === void 0) keys.set(space, key = addressSpaceKey(space, pages, signal));
    const spaceKey = await key;
    return (pageId, title) => siteBase === void 0 ? void 0 : pageAddress(siteBase, spaceKey, pageId, title);
  };
  return { addressOf: await inSpace(spaceId), inSpace };
}
async function addressSpaceKey(spaceId, pages, signal) {
  if (!pages || !/^\d+$/.test(spaceId)) return spaceId;
  const space = await pages.resolveSpace(spaceId, signal).catch(() => void 0);
  return space?.key ?? spaceId;
}

// src/core/tree/runSchedule.ts
var TOP = "";
function createsPage(item) {
  const kind = item.guard?.kind;
  return item.complete?.overwrite === false || kind === "absent" || kind === "deleted" || kind === "notNeeded";
}
function nextToSend(queue, state2, nothingOut) {
  const firstCreate = /* @__PURE__ */ new Map();
  for (const entry of queue) {
    if (!createsPage(entry.item)) continue;
    const parent = entry.page.node.parent ?? TOP;
    const at = state2.order.get(entry.page.key) ?? 0;
    if (at < (firstCreate.get(parent) ?? Infinity)) firstCreate.set(parent, at);
  }
  const siblingsAllow = (entry) => {
    if (!createsPage(entry.item)) return true;
    const parent = entry.page.node.parent ?? TOP;
    return !state2.outCreatesUnder.has(parent) && firstCreate.get(parent) === (state2.order.get(entry.page.key) ?? 0);
  };
  let first;
  for (const entry of queue) {
    if (!siblingsAllow(entry)) continue;
    first ??= entry;
    const own = rankOf(state2, entry.page.key);
    if (state2.waitsOn(entry.page).every((key) => state2.done.has(key) || rankOf(state2, key) > own)) return entry;
  }
  return nothingOut ? first : void 0;
}
function rankOf(state2, key) {
  return state2.rank.get(key) ?? Infinity;
}
function sendingOrder(state2) {
  const at = (page) => state2.order.get(page.key) ?? 0;
  return (a, b) => rankOf(state2, a.page.key) - rankOf(state2, b.page.key) || at(a.page) - at(b.page);
}

// src/core/tree/shape.ts
function shapeTree(files, rootPath) {
  const root = folderKey(rootPath);
  const folders = /* @__PURE__ */ new Map([[root, { files: [], subfolders: /* @__PURE__ */ new Set(), publishable: false }]]);
  const seen = /* @__PURE__ */ new Set();
  const outside = [];
  const refused2 = [];
  let lastKey;
  let lastFolder;
  for (const file of files) {
    if (seen.has(file.path)) continue;
    seen.add(file.path);
    if (!isBelow(file.path, root) || file.path.endsWith("/")) {
      outside.push(file.path);
      continue;
    }
    if (file.refused) refused2.push(file.path);
    const key = parentFolderOf(file.path);
    const folder = key === lastKey && lastFolder !== void 0 ? lastFolder : folderAt(folders, key);
    lastKey = key;
    lastFolder = folder;
    folder.files.push(file);
    if (!file.refused && !folder.publishable) markPublishable(folders, key, root);
  }
  const nodes = [];
  const top = addChildren(folders, root, { parent: void 0, depth: 0, content: void 0 }, nodes);
  const byPath = /* @__PURE__ */ new Map();
  for (const node of nodes) byPath.set(node.path, node);
  return { rootPath: root, nodes, byPath, top, refused: refused2.sort(compareRelativePaths), outside };
}
function nodeOfFile(tree, filePath) {
  const own = tree.byPath.get(filePath);
  if (own) return own;
  const folder = tree.byPath.get(parentFolderOf(filePath));
  return folder !== void 0 && (folder.contentFrom === filePath || folder.titleFrom === filePath) ? folder : void 0;
}
function topContentFile(tree) {
  const files = tree.top.flatMap((path) => tree.byPath.get(path)?.kind === "file" ? [{ path }] : []);
  return folderContentFile(files, nameOf(tree.rootPath))?.path;
}
function folderAt(folders, key) {
  const existing = folders.get(key);
  if (existing) return existing;
  const created = { files: [], subfolders: /* @__PURE__ */ new Set(), publishable: false };
  folders.set(key, created);
  folderAt(folders, parentFolderOf(key)).subfolders.add(key);
  return created;
}
function markPublishable(folders, key, root) {
  for (let at = key; ; at = parentFolderOf(at)) {
    const folder = folders.get(at);
    if (!folder || folder.publishable) return;
    folder.publishable = true;
    if (at === root) return;
  }
}
var NO_CHILDREN = Object.freeze([]);
function addChildren(folders, key, place, nodes) {
  const folder = folders.get(key);
  if (!folder) return [];
  const { parent, depth } = place;
  const paths = [];
  const files = folder.files.filter((file) => file !== place.content && !file.refused).sort((a, b) => compareRelativePaths(a.path, b.path));
  for (const file of files) {
    nodes.push(parent !== void 0 ? { kind: "file", path: file.path, title: file.title, parent, children: NO_CHILDREN, depth } : { kind: "file", path: file.path, title: file.title, children: NO_CHILDREN, depth });
    paths.push(file.path);
  }
  const subfolders = [...folder.subfolders].filter((sub) => folders.get(sub)?.publishable).sort(compareRelativePaths);
  for (const sub of subfolders) {
    const content = folderContentFile(folders.get(sub)?.files ?? [], nameOf(sub));
    const at = nodes.length;
    const node = folderNode(sub, content, parent, depth);
    nodes.push(node);
    node.children = addChildren(folders, sub, { parent: sub, depth: depth + 1, content }, nodes);
    if (node.titleFrom !== void 0 && node.children.length === 0 && content) nodes[at] = folderNode(sub, { ...content, titleOnly: false }, parent, depth);
    paths.push(sub);
  }
  return paths;
}
function folderNode(key, content, parent, depth) {
  const base = { kind: "folder", path: key, ...parent !== void 0 ? { parent } : {}, children: [], depth };
  if (content && !content.refused) {
    const title = content.titleFromName ? readableFolderName(nameOf(key)) : content.title;
    return content.titleOnly ? { ...base, title, generated: true, titleFrom: content.path } : { ...base, title, contentFrom: content.path };
  }
  return { ...base, title: readableFolderName(nameOf(key)), generated: true, ...content ? { contentRefused: content.path } : {} };
}

// src/core/tree/linkTargets.ts
function treeHeadingsByPath(tree, headingsOfKey, headingsOutside) {
  const root = tree.rootPath;
  const top = topContentFile(tree);
  return (path) => {
    const node = nodeOfFile(tree, path === "" && top !== void 0 ? top : `${root}${path}`);
    if (!node) return path === "" ? void 0 : headingsOutside(path);
    const headings = headingsOfKey(node.path.slice(root.length));
    return headings === void 0 ? void 0 : { title: node.title, headings };
  };
}
function treePageIdByPath(tree, idOfKey, recordedIdOf) {
  const root = tree.rootPath;
  return treePageIdByNodePath(tree, (nodePath) => idOfKey(nodePath.slice(root.length)), recordedIdOf);
}
function treePageIdByNodePath(tree, idOfNodePath, recordedIdOf) {
  const root = tree.rootPath;
  const top = topContentFile(tree);
  return (path) => {
    const node = nodeOfFile(tree, path === "" && top !== void 0 ? top : `${root}${path}`);
    return node ? idOfNodePath(node.path) : recordedIdOf(path);
  };
}
function pinnedLinkedPages(pinned, rootPath, recorded) {
  const linked = /* @__PURE__ */ new Map();
  for (const item of pinned) {
    const pageId = item.linkedPage ? item.link?.pageId : void 0;
    if (pageId === void 0 || !isBelow(item.file.label, rootPath)) continue;
    const key = item.file.label.slice(rootPath.length);
    if (recorded.get(key) === void 0) linked.set(key, { id: pageId, title: item.complete?.pageTitle ?? item.link?.pageTitle ?? "" });
  }
  return linked;
}
function renamedAwayKeys(renamed, rootPath) {
  const keys = /* @__PURE__ */ new Set();
  for (const { oldPath } of renamed) if (isBelow(oldPath, rootPath)) keys.add(oldPath.slice(rootPath.length));
  return keys;
}
function linkingFileOf(node, rootPath) {
  const source2 = node.kind === "file" ? node.path : node.contentFrom ?? `${node.path}index.md`;
  return source2.slice(rootPath.length);
}

// src/core/tree/linkWaits.ts
function linkedPagesWithoutId(page, plan, withoutId) {
  return treePagesNamedBy(page, plan).filter(withoutId);
}
var linksByPage = /* @__PURE__ */ new WeakMap();
function linksOf(page, plan) {
  const known = linksByPage.get(page);
  if (known !== void 0) return known;
  const rootPath = plan.tree.rootPath;
  const from = linkingFileOf(page.node, rootPath);
  const keys = /* @__PURE__ */ new Set();
  const outside = /* @__PURE__ */ new Set();
  let itself = false;
  for (const destination of page.linkFacts.destinations) {
    const target = linkTarget2(destination, from, plan.rootInRepository);
    if (target.kind !== "file" || target.path === void 0) continue;
    const key = nodeOfFile(plan.tree, `${rootPath}${target.path}`)?.path.slice(rootPath.length);
    if (key === page.key) itself = true;
    else if (key !== void 0) keys.add(key);
    else outside.add(target.path);
  }
  const links = { pages: [...keys], itself, outside: [...outside] };
  linksByPage.set(page, links);
  return links;
}
function treePagesNamedBy(page, plan) {
  return linksOf(page, plan).pages;
}
function namesAnyOf(page, plan, paths) {
  return paths.size > 0 && linksOf(page, plan).outside.some((path) => paths.has(path));
}
function namesItself(page, plan) {
  return linksOf(page, plan).itself;
}

// src/core/tree/foreseenSends.ts
function foreseenSecondSends(plan, addressable) {
  const twice = /* @__PURE__ */ new Set();
  if (!addressable) return twice;
  const rootPath = plan.tree.rootPath;
  const sending = new Set(plan.pages.filter((page) => page.item.state === "send").map((page) => page.key));
  const creating = new Set(plan.pages.filter((page) => sending.has(page.key) && createsPage(page.item)).map((page) => page.key));
  const knownId = (page) => {
    if (creating.has(page.key)) return void 0;
    return page.titledBackTo ?? (page.retitledFrom === void 0 ? page.pageId : void 0) ?? page.linkedPageId;
  };
  const byKey = new Map(plan.pages.map((page) => [page.key, page]));
  const pinnedWithoutId = new Set(plan.pinned.filter((item) => item.state === "send" && item.link?.pageId === void 0 && isBelow(item.file.label, rootPath)).map((item) => item.file.label.slice(rootPath.length)));
  const waitsOn = new Map(plan.pages.map((page) => [page.key, linkedPagesWithoutId(page, plan, (key) => {
    const linked = byKey.get(key);
    return linked !== void 0 && sending.has(key) && knownId(linked) === void 0;
  })]));
  const done = /* @__PURE__ */ new Set();
  const placed = /* @__PURE__ */ new Set();
  const order = new Map(plan.pages.map((page, index) => [page.key, index]));
  const state2 = {
    done,
    outCreatesUnder: /* @__PURE__ */ new Set(),
    order,
    rank: plan.sendRank ?? order,
    waitsOn: (page) => waitsOn.get(page.key) ?? []
  };
  const parentDone = (page) => {
    if (page.node.parent === void 0) return true;
    const parentKey = page.node.parent.slice(rootPath.length);
    return done.has(parentKey) || placed.has(parentKey);
  };
  let waiting = [...plan.pages];
  const queue = [];
  for (; ; ) {
    const wave = waiting.filter(parentDone);
    if (wave.length > 0) {
      waiting = waiting.filter((page) => !wave.includes(page));
      for (const page of wave) {
        if (!sending.has(page.key)) done.add(page.key);
        else {
          queue.push(page);
          if (!creating.has(page.key) && knownId(page) !== void 0) placed.add(page.key);
        }
      }
      continue;
    }
    const entries = queue.map((page) => ({ page, item: page.item })).sort(sendingOrder(state2));
    const next = nextToSend(entries, state2, true);
    if (next === void 0) break;
    queue.splice(queue.indexOf(next.page), 1);
    const ownIdLater = knownId(next.page) === void 0 && namesItself(next.page, plan);
    if (ownIdLater || namesAnyOf(next.page, plan, pinnedWithoutId) || state2.waitsOn(next.page).some((key) => !done.has(key))) twice.add(next.page.key);
    done.add(next.page.key);
  }
  return twice;
}

// src/core/run/gonePages.ts
async function sendGonePages(entries, options) {
  if (!options.pages) return [];
  const unchanged = [];
  for (const { item, pageId } of entries) {
    if (item.state !== "unchanged" || pageId === void 0) continue;
    if (item.link?.pageId !== pageId && item.link !== void 0) continue;
    if (item.link === void 0) item.link = { spaceId: item.complete?.spaceId ?? "", parentId: item.complete?.parentId ?? "", pageTitle: item.complete?.pageTitle ?? "", pageId, publishedAt: 0 };
    unchanged.push(item);
  }
  if (unchanged.length === 0) return [];
  await guardPlan(unchanged, { ...options, lookUpUnchanged: true, titlesCheckedByTree: true });
  return unchanged.filter((item) => item.state === "send");
}

// src/core/tree/goneTreePages.ts
async function sendGoneTreePages(plan, options) {
  if (!options.pages) return [];
  const entries = [
    // The repository's record names a tree page's page; this machine's link, when the record was not written.
    ...plan.pages.map((page) => ({ item: page.item, pageId: page.pageId ?? page.item.link?.pageId })),
    ...plan.pinned.map((item) => ({ item, pageId: item.link?.pageId }))
  ];
  return sendGonePages(entries, options);
}

// src/core/tree/folderMarkdown.ts
var NEEDS_ANGLE_BRACKETS = /[\s()<>]/;
var READ_BACK = /[%\\\r\n#?]/;
var READ_BACK_ALL = new RegExp(READ_BACK.source, "g");
var percentEncoded = (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`;
function generatedFolderPage(node, tree, refused2 = () => false) {
  let markdown = "";
  const destinations = [];
  for (const path of node.children) {
    const child = tree.byPath.get(path);
    if (!child) continue;
    const title = escapeMarkdownText(child.title);
    if (refused2(child)) {
      markdown += `- ${title}
`;
      continue;
    }
    const target = isFolderPath(child.path) ? child.contentFrom ?? child.path : child.path;
    const relative8 = relativeTo(node.path, target);
    const destination = READ_BACK.test(relative8) ? relative8.replace(READ_BACK_ALL, percentEncoded) : relative8;
    if (NEEDS_ANGLE_BRACKETS.test(destination)) {
      const inBrackets = destination.replace(/</g, "%3C").replace(/>/g, "%3E");
      markdown += `- [${title}](<${inBrackets}>)
`;
      destinations.push(inBrackets);
    } else {
      markdown += `- [${title}](${destination})
`;
      destinations.push(destination);
    }
  }
  return { markdown, destinations };
}
function relativeTo(folder, file) {
  return file.startsWith(folder) ? file.slice(folder.length) : file;
}
var NEEDS_ESCAPING = /[!-/:-@[-`{-~\r\n]/;
function escapeMarkdownText(text2) {
  if (!NEEDS_ESCAPING.test(text2)) return text2;
  return text2.replace(/[!-/:-@[-`{-~]/g, (char) => `\\${char}`).replace(/[\r\n]+/g, " ");
}

// src/core/tree/treeSource.ts
var LINKS_NAMING_HEADINGS = 1;
var LINKS_MAY_LEAVE = 2;
var NO_HEADINGS = Object.freeze([]);
function occurrences(text2, part, from = 0) {
  let count = 0;
  for (let at = text2.indexOf(part, from); at !== -1; at = text2.indexOf(part, at + part.length)) count++;
  return count;
}
var TREE_INSPECTION = Object.freeze({ markdownLinks: false });
function digestTreeSource(source2, options, digest = {}) {
  const prepared = prepareDocument(source2.text, options.messages, TREE_INSPECTION);
  const link = options.links.get(source2.key);
  const names = prepared.frontMatterTarget;
  const title = names.pageTitle?.trim() ? names.pageTitle : suggestTitle(prepared.frontMatterTitle, prepared.findings.firstHeading, source2.label);
  const titleFromName = !prepared.frontMatterTitle?.trim() && !names.pageTitle?.trim() && !prepared.findings.firstHeading?.trim();
  if (source2.readProblem !== void 0 || prepared.frontMatterProblems.length > 0) {
    const item2 = planFile(source2, link, { defaults: { spaceId: options.spaceId, parentId: options.parentId, pageTitle: title, overwrite: false }, ...messagesOf(options) }, prepared);
    return { file: item2.file, place: "refused", item: item2, title, titleFromName, linkFacts: { headings: [], destinations: [] }, linkReach: 0 };
  }
  if (names.spaceId !== void 0 || names.parentId !== void 0) {
    const defaults2 = { spaceId: options.spaceId, parentId: options.parentId, overwrite: options.overwrite };
    const pinnedLink = link ?? pinnedRecordedLink(source2, names.pageTitle, defaults2, options);
    const { item: item2, content: content2 } = planFileWithContent(source2, pinnedLink, { titleFromFile: true, defaults: defaults2, ...diagramOptions(options), ...messagesOf(options) }, prepared);
    const linkFacts2 = linkFactsOf(content2, digest.headingsLater === true);
    return { file: item2.file, place: "pinned", item: item2, title, titleFromName, linkFacts: linkFacts2, linkReach: linkReachOf(linkFacts2.destinations, source2.label, options.rootPath) };
  }
  const defaults = { spaceId: options.spaceId, parentId: options.parentId, pageTitle: title, overwrite: options.overwrite };
  const { item, content } = planFileWithContent(source2, link, treeItemOptions(options, defaults), prepared);
  const linkFacts = linkFactsOf(content, digest.headingsLater === true);
  const digested = { file: item.file, place: "tree", item, title, titleFromName, linkFacts, linkReach: linkReachOf(linkFacts.destinations, source2.label, options.rootPath) };
  if (holdsOnlyTitle(source2.label, item, content, title)) digested.titleOnly = true;
  return digested;
}
function holdsOnlyTitle(label, item, content, title) {
  if (!namedLikeContentFile(label) || folderContentRank(nameOf(label), nameOf(parentFolderOf(label))) === void 0) return false;
  if (item.refusals.length > 0) return item.refusals.every((refusal2) => refusal2.code === "emptyContent");
  const text2 = content.trim();
  const oneHeading = text2.startsWith("#") ? !/[\r\n]/.test(text2) : SETEXT_TITLE_ONLY.test(text2);
  return oneHeading && omitTitleHeading2(text2, title).trim() === "";
}
function namedLikeContentFile(label) {
  const slash = label.lastIndexOf("/");
  const dot = label.lastIndexOf(".");
  if (dot <= slash + 1) return false;
  const stem = dot - slash - 1;
  if (stem === 5 || stem === 6) return true;
  return slash > 0 && stem === slash - label.lastIndexOf("/", slash - 1) - 1;
}
var SETEXT_TITLE_ONLY = /^[^\r\n]+\r?\n {0,3}=+$/;
function pinnedRecordedLink(source2, pageTitle, defaults, options) {
  const root = folderKey(options.rootPath);
  if (!isBelow(source2.label, root)) return void 0;
  const recorded = options.identity.get(source2.label.slice(root.length));
  if (!recorded) return void 0;
  return { spaceId: defaults.spaceId, parentId: defaults.parentId, pageTitle: pageTitle ?? recorded.title, pageId: recorded.id, publishedAt: 0 };
}
function treeItemOptions(options, defaults) {
  const planOptions = { defaults, force: options.force ?? false, omitTitleHeading: options.omitTitleHeading ?? false, acceptTitleChange: true, placeDecidedLater: true };
  if (options.diagramRenderer) planOptions.diagramRenderer = options.diagramRenderer;
  if (options.diagramsSetting) planOptions.diagramsSetting = options.diagramsSetting;
  if (options.messages) planOptions.messages = options.messages;
  return planOptions;
}
function messagesOf(options) {
  return options.messages ? { messages: options.messages } : {};
}
function diagramOptions(options) {
  return {
    ...options.diagramRenderer ? { diagramRenderer: options.diagramRenderer } : {},
    ...options.diagramsSetting ? { diagramsSetting: options.diagramsSetting } : {}
  };
}
function linkReachOf(destinations, label, rootPath) {
  const root = folderKey(rootPath);
  if (destinations.length === 0 || !isBelow(label, root)) return 0;
  const depth = occurrences(label, "/", root.length);
  let reach = 0;
  for (const destination of destinations) {
    if (destination.indexOf("#") > 0) reach |= LINKS_NAMING_HEADINGS;
    if (occurrences(destination, "..") > depth || destination.startsWith("/") || destination.includes("%") || destination.includes("\\")) reach |= LINKS_MAY_LEAVE;
  }
  return reach;
}
function linkFactsOf(content, headingsLater = false) {
  const destinations = detachedAll(linkDestinationTexts(content));
  let ownAnchors = false;
  for (const destination of destinations) if (ownHeadingAnchor(destination) !== void 0) ownAnchors = true;
  return { headings: headingsLater && !ownAnchors ? NO_HEADINGS : detachedAll(markdownHeadings(content)), destinations };
}

// src/core/tree/treePages.ts
function pagesByLevel(pages) {
  const levels = /* @__PURE__ */ new Map();
  for (const page of pages) {
    const level = levels.get(page.node.depth);
    if (level) level.push(page);
    else levels.set(page.node.depth, [page]);
  }
  return [...levels].sort(([a], [b]) => a - b).map(([, level]) => level);
}
function generatedPageKey(folderPath) {
  return `tree:${folderPath}`;
}
async function treeLinks(files, rootPath, store) {
  const links = /* @__PURE__ */ new Map();
  if (!store) return links;
  const keys = [...files.map((file) => file.key), ...generatedPageKeys(files.map((file) => file.label), rootPath)];
  for (const key of keys) links.set(key, await store.get(key));
  return links;
}
function generatedPageKeys(labels, rootPath) {
  const root = folderKey(rootPath);
  const keys = /* @__PURE__ */ new Set();
  for (const label of labels) {
    if (!isBelow(label, root)) continue;
    for (let folder = parentFolderOf(label); folder.length > root.length && !keys.has(generatedPageKey(folder)); folder = parentFolderOf(folder)) {
      keys.add(generatedPageKey(folder));
    }
  }
  return [...keys];
}
function generatedPage(node, tree, defaults, options, refused2) {
  const page = generatedFolderPage(node, tree, refused2);
  const source2 = { key: generatedPageKey(node.path), label: node.path, text: page.markdown };
  const { item } = planFileWithContent(source2, options.links.get(source2.key), treeItemOptions(options, defaults), prepareDocument(source2.text, options.messages, TREE_INSPECTION));
  return { item, linkFacts: { headings: NO_HEADINGS, destinations: page.destinations } };
}
function nodeLink(node, links, linkOfFile, keyOfFile) {
  if (node.kind === "file") return linkOfFile(node.path);
  const own = node.contentFrom !== void 0 ? linkOfFile(node.contentFrom) : links.get(generatedPageKey(node.path));
  return newestFolderPageLink(node, own, links, keyOfFile);
}
function newestFolderPageLink(node, own, links, keyOfFile) {
  if (own?.pageId === void 0 || own.version === void 0) return own;
  const file = node.contentFrom ?? node.titleFrom;
  const fileKey = file === void 0 ? void 0 : keyOfFile(file);
  let newest = own;
  for (const key of [generatedPageKey(node.path), fileKey]) {
    const other = key === void 0 ? void 0 : links.get(key);
    if (other?.pageId === own.pageId && other.version !== void 0 && other.version > (newest.version ?? 0)) newest = other;
  }
  return newest;
}

// src/core/tree/newFolderPage.ts
function publishedAnew(page) {
  const { item } = page;
  if (page.pageId === void 0 || item.state !== "send" || item.linkedPage) return false;
  return page.retitledFrom !== void 0 || item.guard?.kind === "deleted" || movedUnderOf(item.guard) !== void 0;
}
function followsNewFolderPage(page) {
  return page.pageId !== void 0 && (page.item.state === "send" || page.item.state === "unchanged") && page.item.complete !== void 0;
}
function followNewFolderPage(page, folderTitle, words = englishTreeMessages, overwrite = false) {
  const { item } = page;
  if (!followsNewFolderPage(page) || !item.complete || page.pageId === void 0) return "no";
  const wasUnchanged = item.state === "unchanged";
  item.state = "send";
  item.complete = { ...item.complete, overwrite };
  item.linkedPage = false;
  const message = words.followsNewPage(folderTitle, page.pageId);
  if (!item.cautions.some((caution) => caution.code === "followsNewPage")) item.cautions = [...item.cautions, { code: "followsNewPage", message }];
  return wasUnchanged ? "followsUnchanged" : "follows";
}
async function holdEditedFollowers(candidates, options, tree) {
  const probes = candidates.flatMap((page) => {
    const probe = oldPageProbe(page);
    return probe ? [{ page, probe }] : [];
  });
  const held = /* @__PURE__ */ new Set();
  if (probes.length === 0) return held;
  await guardPlan(probes.map(({ probe }) => probe), { ...options, titlesCheckedByTree: true });
  for (const { page, probe } of probes) {
    if (probe.state === "edited") {
      page.item.state = "edited";
      page.item.guard = probe.guard;
      page.item.heldBelowNewPage = folderTitleOf(tree, page);
      held.add(page);
    } else if (page.item.state === "edited") {
      page.item.state = "send";
      delete page.item.heldBelowNewPage;
    }
  }
  return held;
}
function folderTitleOf(tree, page) {
  const parent = page.node.parent ?? "";
  return tree.byPath.get(parent)?.title ?? parent.slice(tree.rootPath.length);
}
function mayFollowNewFolderPage(page) {
  return followsNewFolderPage(page) || page.pageId !== void 0 && page.item.state === "edited" && page.item.complete !== void 0;
}
function oldPageProbe(page) {
  const { item, pageId } = page;
  if (pageId === void 0 || !item.complete) return void 0;
  const { spaceId, parentId, pageTitle } = item.complete;
  const link = item.link?.pageId === pageId ? item.link : { spaceId, parentId, pageTitle, pageId, publishedAt: 0 };
  return {
    ...item,
    state: "send",
    link,
    linkedPage: true,
    cautions: [],
    complete: { spaceId: link.spaceId, parentId: link.parentId, pageTitle: link.pageTitle, overwrite: true }
  };
}
async function followNewFolderPages(plan, options) {
  const words = options.messages ?? englishTreeMessages;
  const anew = /* @__PURE__ */ new Set();
  const anewIfOverwritten = /* @__PURE__ */ new Set();
  for (const level of pagesByLevel(plan.pages)) {
    const candidates = level.filter((page) => page.node.parent !== void 0 && anew.has(page.node.parent) && mayFollowNewFolderPage(page));
    await holdEditedFollowers(candidates, options, plan.tree);
    for (const page of level) {
      const parent = page.node.parent;
      const underNewPage = parent !== void 0 && anew.has(parent);
      if (underNewPage && followNewFolderPage(page, folderTitleOf(plan.tree, page), words) !== "no") {
        page.parentKnown = false;
        page.item.guard = { kind: "absent" };
        anew.add(page.node.path);
      } else if (underNewPage && leavesLinkedPlace(page)) {
        page.parentKnown = false;
        page.item.guard = { kind: "absent" };
        page.item.linkedPage = false;
        if (page.item.complete) page.item.complete = { ...page.item.complete, overwrite: false };
        if (page.item.state === "unchanged") page.item.state = "send";
        anew.add(page.node.path);
      } else if (page.pageId === void 0 && !atLinkedPlace(page) || publishedAnew(page) || titledBackIn(page)) {
        anew.add(page.node.path);
      } else if (movedUnderOf(page.item.guard) !== void 0 && page.item.state === "edited") {
        anewIfOverwritten.add(page.node.path);
      } else if (parent !== void 0 && (anew.has(parent) || anewIfOverwritten.has(parent)) && mayFollowNewFolderPage(page)) {
        if (page.item.state === "edited") page.item.heldBelowNewPage = folderTitleOf(plan.tree, page);
        anewIfOverwritten.add(page.node.path);
      }
    }
  }
}
function titledBackIn(page) {
  return page.titledBackTo !== void 0 && page.item.state === "send";
}
function atLinkedPlace(page) {
  return page.pageId === void 0 && page.parentKnown && page.item.linkedPage && page.item.state !== "refused";
}
function leavesLinkedPlace(page) {
  return atLinkedPlace(page) && page.node.parent !== void 0 && (page.item.state === "send" || page.item.state === "unchanged" || page.item.state === "edited");
}
function replacedPages(plan, idsNow) {
  return plan.pages.filter((page) => page.pageId !== void 0 && idsNow.has(page.key) && idsNow.get(page.key) !== page.pageId);
}
async function pagesLeftBehind(replaced, idsNow, pages) {
  if (!pages || replaced.length === 0) return [];
  const heldNow = new Set(idsNow.values());
  const left = replaced.filter((page) => !heldNow.has(page.pageId));
  if (left.length === 0) return [];
  const found = await pages.getPages(left.map((page) => page.pageId), AbortSignal.timeout(GUARD_TIMEOUT_MS), { withBody: true }).catch(() => void 0);
  if (!found) return [];
  const entries = [];
  for (const page of left) {
    const old = found.get(page.pageId);
    if (!old) continue;
    const marker = old.body?.marker;
    const entry = { path: page.node.path, pageId: old.id, title: old.title };
    if (marker === void 0 || fromAnotherRepository(marker)) entry.noNotice = true;
    entries.push(entry);
  }
  return entries;
}

// src/core/tree/titlesInSpace.ts
var LOOKUPS_AT_ONCE = 4;
function recordedPagesMadeAnew(plan) {
  const anew = /* @__PURE__ */ new Set();
  const retitled = /* @__PURE__ */ new Set();
  const following = /* @__PURE__ */ new Set();
  for (const page of plan.pages) {
    const parent = page.node.parent;
    const belowNew = parent !== void 0 && anew.has(parent);
    if (page.pageId === void 0) {
      if (page.item.state === "send") anew.add(page.node.path);
      continue;
    }
    const state2 = page.item.state;
    if (belowNew && (state2 === "send" || state2 === "unchanged")) {
      anew.add(page.node.path);
      following.add(page);
    } else if (page.retitledFrom !== void 0 && state2 === "send" || publishedAnew(page)) {
      anew.add(page.node.path);
      retitled.add(page);
    }
  }
  return { retitled, following };
}
function createsPinnedPage(item) {
  return item.state === "send" && item.complete !== void 0 && !item.linkedPage;
}
async function checkTitlesInSpace(plan, pages, spaceId, signal, messages = englishTreeMessages) {
  const madeAnew = recordedPagesMadeAnew(plan);
  const oldPageOf = new Map((plan.moves?.moves ?? []).map((move) => [move.path, move.pageId]));
  const queue = [];
  for (const page of plan.pages) {
    if (spaceId === void 0 || page.item.titleLookedUp === true) continue;
    if (!(page.pageId === void 0 && page.item.state === "send" || madeAnew.retitled.has(page) || madeAnew.following.has(page))) continue;
    const parentKnown = page.parentKnown && !madeAnew.following.has(page);
    const lookup = { item: page.item, spaceId, title: page.node.title, parentId: parentKnown ? page.item.complete?.parentId : void 0 };
    const oldPageId = oldPageOf.get(page.node.path);
    if (oldPageId !== void 0) lookup.oldPageId = oldPageId;
    queue.push(lookup);
  }
  for (const item of plan.pinned) {
    if (item.titleLookedUp === true || !createsPinnedPage(item)) continue;
    queue.push({ item, spaceId: item.complete.spaceId, title: item.complete.pageTitle, parentId: item.complete.parentId });
  }
  const pagesTitled = spaceTitleFinder(pages, queue, signal);
  const worker = async () => {
    for (let lookup = queue.shift(); lookup; lookup = queue.shift()) {
      const { item } = lookup;
      item.titleLookedUp = true;
      let found;
      try {
        found = await pagesTitled(lookup.spaceId, lookup.title);
      } catch (error) {
        if (signal?.aborted) throw error;
        item.cautions.push({ code: "titleInSpace", message: messages.titleUncheckable(lookup.title, readFailureText(error, messages)) });
        continue;
      }
      const elsewhere = found.filter((other) => lookup.parentId === void 0 || other.parentId !== lookup.parentId);
      const oldPage = lookup.oldPageId === void 0 ? void 0 : elsewhere.find((other) => other.id === lookup.oldPageId);
      const first = oldPage ?? elsewhere[0];
      if (!first) continue;
      const message = oldPage ? messages.titleHeldByOldPage(first.title, first.id, first.webUrl) : messages.titleElsewhere(first.title, first.id, first.webUrl);
      item.cautions.push({ code: "titleInSpace", message });
      if (elsewhere.length === found.length) item.titleHeldElsewhere = { id: first.id, parentId: first.parentId, url: first.webUrl };
    }
  };
  await Promise.all(Array.from({ length: Math.min(LOOKUPS_AT_ONCE, Math.max(1, queue.length)) }, worker));
}

// src/core/tree/unconfirmedFolders.ts
function refuseCreatesUnderUnconfirmedFolders(plan, words = englishTreeMessages) {
  let byPath;
  for (const page of plan.pages) {
    const parentPath = page.node.parent;
    if (parentPath === void 0 || page.pageId !== void 0 || page.linkedPageId !== void 0 || page.item.state !== "send") continue;
    byPath ??= new Map(plan.pages.map((each) => [each.node.path, each]));
    const parent = byPath.get(parentPath);
    const held = parent?.item.guard;
    const unconfirmed = parent !== void 0 && parent.item.state === "edited" && held?.kind === "edited" && held.noNotice === true;
    const refusedAbove = parent !== void 0 && parent.item.state === "refused" && parent.item.refusals.some((refusal2) => refusal2.code === "recordedEntry");
    if (!unconfirmed && !refusedAbove) continue;
    refuseItem(page.item, { code: "recordedEntry", message: unconfirmed && held?.kind === "edited" ? words.underUnconfirmedFolder(parent.node.title, held.page.id) : words.parentRefused(parent.node.title), fix: void 0 });
  }
}

// src/core/tree/followedPages.ts
async function checkFollowedPages(plan, pages, signal, messages = englishTreeMessages) {
  const follows = plan.followsToCheck;
  if (follows === void 0) return;
  delete plan.followsToCheck;
  const left = [];
  for (const follow of follows) {
    let parentId;
    try {
      parentId = (await pages.getPage(follow.move.pageId, signal))?.parentId;
    } catch (error) {
      if (signal?.aborted) throw error;
      continue;
    }
    if (parentId !== void 0 && parentId !== follow.item.complete?.parentId) left.push(follow);
  }
  if (left.length === 0) return;
  for (const follow of left) {
    const { item, before, move } = follow;
    delete item.link;
    item.target = before.target;
    if (before.complete) item.complete = before.complete;
    else delete item.complete;
    item.linkedPage = before.linkedPage;
    item.cautions.push({ code: "leavesPage", message: messages.leavesRecordedPage(follow.title, move.pageId, move.oldPath) });
    plan.moves.orphans.push({ path: move.oldPath, pageId: move.pageId, title: follow.title });
  }
  plan.moves.renamed = plan.moves.renamed.filter((move) => !left.some((follow) => follow.move === move));
  plan.moves.orphans.sort((a, b) => compareRelativePaths(a.path, b.path));
}

// src/core/tree/plannedTreeLinks.ts
function countLinksWithoutAddress(plan, unaddressed) {
  if (unaddressed > 0) plan.linksWithoutAddress = unaddressed;
  else delete plan.linksWithoutAddress;
}
async function sayMissingLinkFiles(plan, options, disk) {
  const looked = [...plan.unknownLinkPaths ?? []];
  const found = await mapBounded(looked, LOOKUPS_AT_ONCE2, async (path) => ({ path, entry: await lookUpEntry(disk.fs, disk.root, path) }));
  const missing = /* @__PURE__ */ new Set();
  const pageless = /* @__PURE__ */ new Set();
  let refused2;
  const recorded = recordedForLinks(plan, options.identity);
  const unrecordedFolder = (path, entry) => isLocation(entry) && recorded.get(path) === void 0 && !(refused2 ??= refusedLinkPaths(plan)).has(path);
  for (const { path, entry } of found) {
    if (entry === ABSENT) missing.add(path);
    else if (path.endsWith("/") && unrecordedFolder(path, entry)) pageless.add(path);
  }
  const dotted = [...plan.dottedLinkPaths ?? []];
  const folders = await mapBounded(dotted, LOOKUPS_AT_ONCE2, async (path) => unrecordedFolder(path, await lookUpEntry(disk.fs, disk.root, path)) ? [path] : []);
  for (const path of folders.flat()) pageless.add(path);
  if (missing.size === 0 && pageless.size === 0) return;
  if (missing.size > 0) plan.missingFiles = missing;
  if (pageless.size > 0) plan.pagelessFolders = pageless;
  const recordedGone = [...missing].some((path) => options.identity.get(path) !== void 0);
  const cautioned = (item) => recordedGone || item.cautions.some((caution) => caution.code === "localLinks");
  const { unaddressed } = foreseeTreeLinks(plan, plan.pinned.filter((item) => isBelow(item.file.label, plan.tree.rootPath)), options, { missing, pageless }, cautioned);
  countLinksWithoutAddress(plan, unaddressed);
}
function recordedForLinks(plan, identity) {
  const renamedAway = renamedAwayKeys(plan.moves.renamed, plan.tree.rootPath);
  return renamedAway.size === 0 ? identity : { get: (key) => renamedAway.has(key) ? void 0 : identity.get(key) };
}
function isLocation(found) {
  return found !== void 0 && found !== ABSENT;
}
var LOOKUPS_AT_ONCE2 = 8;
function foreseeTreeLinks(plan, pinned, options, onDisk = { missing: /* @__PURE__ */ new Set(), pageless: /* @__PURE__ */ new Set() }, only = () => true) {
  const rootPath = plan.tree.rootPath;
  let headings;
  const headingsOf = (key) => {
    if (headings === void 0) {
      headings = /* @__PURE__ */ new Map();
      for (const page of plan.pages) headings.set(page.key, page.linkFacts.headings);
      for (const [pinnedKey, facts] of plan.pinnedLinkFacts) headings.set(pinnedKey, facts.headings);
    }
    return headings.get(key);
  };
  const pinnedTitles = new Map(pinned.flatMap((item) => item.complete && item.state !== "refused" ? [[item.file.label.slice(rootPath.length), item.complete.pageTitle]] : []));
  const refused2 = refusedLinkPaths({ tree: plan.tree, pages: plan.pages, refused: plan.refused, pinned });
  const known = {
    headingsOf,
    anchorMatchers: /* @__PURE__ */ new Map(),
    addressable: options.pageAddresses !== false,
    pinnedTitles,
    rootInRepository: options.rootInRepository,
    unknown: /* @__PURE__ */ new Set(),
    dotted: /* @__PURE__ */ new Set(),
    missing: onDisk.missing,
    pageless: onDisk.pageless,
    refused: refused2,
    outside: options.outsideLinks
  };
  const resolvePage = treePageLookup(known, plan.tree, recordedForLinks(plan, options.identity), plan.partContent);
  const words = options.treeMessages ?? englishTreeMessages;
  const checked = known.addressable ? only : () => true;
  let unaddressed = 0;
  for (const page of plan.pages) if (checked(page.item)) unaddressed += foreseeLinks(page.item, linkingFileOf(page.node, rootPath), page.linkFacts, known, resolvePage, words);
  for (const item of pinned) {
    const key = item.file.label.slice(rootPath.length);
    const linkFacts = plan.pinnedLinkFacts.get(key);
    if (linkFacts && checked(item)) unaddressed += foreseeLinks(item, key, linkFacts, known, resolvePage, words);
  }
  return { unknown: known.unknown, dotted: known.dotted, unaddressed };
}
function foreseeLinks(item, filePath, linkFacts, known, resolvePage, words) {
  const outside = known.outside;
  const context = {
    filePath,
    rootInRepository: known.rootInRepository,
    resolvePage,
    anchorMatchers: known.anchorMatchers,
    ownPage: { title: item.complete?.pageTitle ?? "", headings: linkFacts.headings }
  };
  if (outside) context.resolveOutside = (destination) => outside.page(item.file.key, destination);
  const result = foreseeRewrite(linkFacts.destinations, context);
  item.cautions = withLinkCautions(item.cautions, result.cautions, words);
  return result.unaddressed;
}
function refusedLinkPaths(plan) {
  const root = plan.tree.rootPath;
  const paths = /* @__PURE__ */ new Set();
  for (const page of plan.pages) if (page.item.state === "refused" && page.pageId === void 0) paths.add(page.key);
  for (const item of [...plan.refused, ...plan.pinned]) {
    if (item.state !== "refused" || !isBelow(item.file.label, root)) continue;
    paths.add(item.file.label.slice(root.length));
    const folder = parentFolderOf(item.file.label);
    if (isBelow(folder, root) && !plan.tree.byPath.has(folder) && folderContentRank(nameOf(item.file.label), nameOf(folder)) !== void 0) paths.add(folder.slice(root.length));
  }
  return paths;
}
var NO_PAGE = () => void 0;
var CHOSEN_PAGE = Object.freeze({ url: "page:", title: "", headings: Object.freeze([]) });
function treePageLookup(known, tree, identity, partContent) {
  const root = tree.rootPath;
  const top = topContentFile(tree);
  const lookUp = (path, link) => {
    if (path === partContent) return lookUp("");
    if (path === "") return top !== void 0 ? lookUp(top.slice(root.length)) : known.addressable ? CHOSEN_PAGE : "noAddress";
    const node = nodeOfFile(tree, `${root}${path}`);
    const pinnedTitle = node ? void 0 : known.pinnedTitles.get(path);
    const recordedOnly = node === void 0 && pinnedTitle === void 0 ? identity.get(path)?.title : void 0;
    if (node === void 0 && pinnedTitle === void 0) {
      if (recordedOnly === void 0 && known.refused.has(path)) return "refused";
      if (known.missing.has(path)) return "noFile";
      if (known.pageless.has(path)) return "pagelessFolder";
      if (!link || link.markdown || link.folder || !nameOf(path).includes(".")) known.unknown.add(path);
      else known.dotted.add(path);
      if (recordedOnly === void 0) return void 0;
    }
    const title = node?.title ?? pinnedTitle ?? recordedOnly;
    if (title === void 0) return void 0;
    if (!known.addressable) return "noAddress";
    if (node !== void 0 && known.refused.has(node.path.slice(root.length))) return "refused";
    const key = node ? node.path.slice(root.length) : path;
    return { url: `page:${key}`, title, headings: known.headingsOf(key) ?? [] };
  };
  return lookUp;
}

// src/core/tree/runLinks.ts
async function runLinks(plan, options) {
  const rootPath = plan.tree.rootPath;
  const ids = /* @__PURE__ */ new Map();
  const urls = /* @__PURE__ */ new Map();
  const recordedIds = /* @__PURE__ */ new Map();
  for (const page of plan.pages) if (page.pageId) recordedIds.set(page.key, page.pageId);
  for (const page of plan.pages) if (page.pageId && page.retitledFrom === void 0) ids.set(page.key, page.pageId);
  const linkedIds = /* @__PURE__ */ new Map();
  for (const page of plan.pages) if (page.linkedPageId !== void 0) linkedIds.set(page.key, page.linkedPageId);
  const titledBackIds = /* @__PURE__ */ new Map();
  for (const page of plan.pages) if (page.titledBackTo !== void 0) titledBackIds.set(page.key, page.titledBackTo);
  const idForLinks = (key) => titledBackIds.get(key) ?? ids.get(key) ?? linkedIds.get(key);
  const headings = new Map(plan.pages.map((page) => [page.key, page.linkFacts.headings]));
  for (const [key, facts] of plan.pinnedLinkFacts) headings.set(key, facts.headings);
  const sending = new Set(plan.pages.filter((page) => page.item.state === "send").map((page) => page.key));
  const pinnedKeyOf = (item) => isBelow(item.file.label, rootPath) ? item.file.label.slice(rootPath.length) : void 0;
  const pinnedSending = /* @__PURE__ */ new Set();
  const pinnedLanded = /* @__PURE__ */ new Map();
  const renamedTo = new Map(plan.moves.renamed.map((rename2) => [rename2.path, rename2]));
  const pinnedFollowed = /* @__PURE__ */ new Map();
  const pinnedAddressOf = /* @__PURE__ */ new Map();
  for (const item of plan.pinned) {
    const key = pinnedKeyOf(item);
    if (key === void 0) continue;
    if (item.state === "send") pinnedSending.add(key);
    const rename2 = renamedTo.get(item.file.label);
    if (rename2) pinnedFollowed.set(key, { id: rename2.pageId, title: item.complete?.pageTitle ?? "", oldKey: rename2.oldPath.slice(rootPath.length) });
    if (item.complete) pinnedAddressOf.set(key, await options.addressInSpace(item.complete.spaceId));
  }
  const pinnedLinked = pinnedLinkedPages(plan.pinned, rootPath, { get: (key) => options.recorded(key) ?? pinnedFollowed.get(key) });
  const renamedAway = renamedAwayKeys(plan.moves.renamed, rootPath);
  const recordedNow = (path) => renamedAway.has(path) ? void 0 : options.recorded(path);
  const recordedOutside = (path) => recordedNow(path) ?? pinnedFollowed.get(path) ?? pinnedLinked.get(path);
  const { addressable } = options;
  let sendsOver = false;
  const ended = /* @__PURE__ */ new Set();
  const refusedPaths = refusedLinkPaths(plan);
  const topFile = topContentFile(plan.tree);
  const resolvePage = (path) => {
    if (path === plan.partContent) return resolvePage("");
    if (path === "") {
      if (topFile !== void 0) return resolvePage(topFile.slice(rootPath.length));
      if (!addressable) return "noAddress";
      const url2 = plan.parentId === void 0 ? void 0 : options.addressOf(plan.parentId, "");
      return url2 ? { url: url2, title: "", headings: [] } : void 0;
    }
    const node = nodeOfFile(plan.tree, `${rootPath}${path}`);
    if (!node) {
      if (plan.missingFiles?.has(path)) return "noFile";
      if (plan.pagelessFolders?.has(path)) return "pagelessFolder";
      const recorded = pinnedLanded.get(path) ?? recordedOutside(path);
      if (recorded && !addressable) return "noAddress";
      const url2 = recorded ? (pinnedAddressOf.get(path) ?? options.addressOf)(recorded.id, recorded.title) : void 0;
      if (url2 && recorded) return { url: url2, title: recorded.title, headings: headings.get(path) ?? [] };
      if (!pinnedSending.has(path)) return refusedPaths.has(path) ? "refused" : void 0;
      if (!addressable) return "noAddress";
      return sendsOver ? "notYet" : "pending";
    }
    if (!addressable) return "noAddress";
    const key = node.path.slice(rootPath.length);
    const id = idForLinks(key);
    const url = urls.get(key) ?? (id ? options.addressOf(id, node.title) : void 0);
    if (url) return { url, title: node.title, headings: headings.get(key) ?? [] };
    if (sending.has(key)) return sendsOver || ended.has(key) ? "notYet" : "pending";
    return refusedPaths.has(key) ? "refused" : void 0;
  };
  const reachedPageOf = addressable ? treePageIdByPath(plan.tree, idForLinks, (path) => recordedOutside(path)?.id) : () => void 0;
  const pinnedTitles = new Map(plan.pinned.flatMap((item) => {
    const key = pinnedKeyOf(item);
    return key === void 0 ? [] : [[key, item.complete?.pageTitle ?? ""]];
  }));
  const anchorOf = wikiAnchorByPath(treeHeadingsByPath(plan.tree, (key) => headings.get(key), (path) => {
    const pinnedHeadings = pinnedTitles.has(path) ? headings.get(path) : void 0;
    return pinnedHeadings === void 0 ? void 0 : { title: pinnedTitles.get(path) ?? "", headings: pinnedHeadings };
  }));
  const outside = plan.outsideLinks;
  const outsideOf = (fileKey) => outside ? { resolveOutside: (destination) => outside.page(fileKey, destination) } : {};
  const outsideReached = (fileKey) => outside && addressable ? (destination) => outside.reached(fileKey, destination) : void 0;
  const reachedNow = (page) => linkTargetsDigest(page.linkFacts.destinations, linkingFileOf(page.node, rootPath), reachedPageOf, plan.rootInRepository, anchorOf, outsideReached(page.item.file.key));
  const rewriting = /* @__PURE__ */ new Map();
  const reachedWhenSent = /* @__PURE__ */ new Map();
  const waitedFor = /* @__PURE__ */ new Map();
  const pageKeyOfFile = new Map(plan.pages.map((page) => [page.item.file.key, page.key]));
  const pinnedLinks = (item) => {
    const key = pinnedKeyOf(item);
    const facts = key === void 0 ? void 0 : plan.pinnedLinkFacts.get(key);
    return key === void 0 || !facts ? void 0 : { key, destinations: facts.destinations, headings: facts.headings };
  };
  const pinnedLinkTargets = (item) => {
    const links = pinnedLinks(item);
    return links ? linkTargetsDigest(links.destinations, links.key, reachedPageOf, plan.rootInRepository, anchorOf, outsideReached(item.file.key)) : void 0;
  };
  return {
    ids,
    urls,
    linkedIds,
    titledBackIds,
    ended,
    recordedIds,
    sending,
    pinnedLanded,
    pinnedFollowed,
    pinnedKeyOf,
    pinnedLinkTargets,
    idForLinks,
    resolvePage,
    reachedNow,
    waitedFor,
    reachedWhenSent,
    addressable,
    /** Every tree page has been sent: a link to one without an address now stays as written. */
    sendsAreOver() {
      sendsOver = true;
    },
    /** Decides a tree page's links for the send about to go. */
    decide(page) {
      const waiting = /* @__PURE__ */ new Set();
      const context = {
        filePath: linkingFileOf(page.node, rootPath),
        rootInRepository: plan.rootInRepository,
        resolvePage: decidedOnce((path) => {
          const found = resolvePage(path);
          if (found === "pending") waiting.add(path);
          return found;
        }),
        ...outsideOf(page.item.file.key),
        ownPage: { title: page.node.title, headings: page.linkFacts.headings }
      };
      const foreseen = foreseeRewrite(page.linkFacts.destinations, context);
      rewriting.set(page.item.file.key, context);
      reachedWhenSent.set(page.key, reachedNow(page));
      if (waiting.size > 0) waitedFor.set(page.key, waiting);
      else waitedFor.delete(page.key);
      return { cautions: foreseen.cautions, pending: foreseen.needsSecondPass };
    },
    /** Decides the links of a file that names its own page, sent after the tree's pages; its link cautions. */
    decidePinned(item) {
      const links = pinnedLinks(item);
      if (!links || item.state !== "send") return void 0;
      const context = {
        filePath: links.key,
        rootInRepository: plan.rootInRepository,
        resolvePage: decidedOnce(resolvePage),
        ...outsideOf(item.file.key),
        ownPage: { title: item.complete?.pageTitle ?? "", headings: links.headings }
      };
      rewriting.set(item.file.key, context);
      return foreseeRewrite(links.destinations, context).cautions;
    },
    /** The text to send: the plan's, read again and checked, with its links rewritten as decided. */
    async content(item) {
      const planned = await plannedContent(item, options.messages);
      const context = rewriting.get(item.file.key);
      return planned.ok && context ? { ok: true, content: rewriteLinks(planned.content, context).markdown } : planned;
    },
    /** What a sent item's links reached, for its notice's digest (pageNotice.ts). */
    linkTargetsWhenSent(item) {
      const key = pageKeyOfFile.get(item.file.key);
      if (key !== void 0) return reachedWhenSent.get(key);
      return addressable ? pinnedLinkTargets(item) : void 0;
    },
    /** What a landed page's link records of the pages its links reached. */
    reached(page, result) {
      const sent = reachedWhenSent.get(page.key);
      return result.state === "published" && sent !== void 0 ? { linkTargets: sent } : {};
    },
    /**
     * The pages of this run a tree page's links name that have no ID yet: what it waits for to go once (runSchedule.ts).
     * Pages that are not sent, or that have an ID, are not waited for.
     */
    waitsOn(page) {
      if (!addressable) return [];
      return linkedPagesWithoutId(page, plan, (key) => sending.has(key) && idForLinks(key) === void 0);
    }
  };
}
function decidedOnce(resolve9) {
  const decided = /* @__PURE__ */ new Map();
  return (path) => {
    if (!decided.has(path)) decided.set(path, resolve9(path));
    return decided.get(path);
  };
}

// src/core/tree/runPrepare.ts
async function guardTreePages(entries, options) {
  const looked = [];
  for (const entry of entries) {
    if (!options.underNewPage(entry.page)) looked.push(entry.item);
    else if (entry.item.state === "send") entry.item.guard = { kind: "absent" };
  }
  await guardPlan(looked, { ...options, titlesCheckedByTree: true });
}
async function prepareWave(wave, context) {
  const { plan, ids, recordedIds, created } = context;
  const rootPath = plan.tree.rootPath;
  const words = context.messages ?? englishTreeMessages;
  const prepared = wave.map((page) => ({ page, ...withParent(page, ids, plan, words) }));
  for (const { page } of prepared) if (!page.item.linkedPage) context.forgetLinked(page.key);
  context.expectMore(prepared.filter((entry) => entry.sentAnew === true).length);
  const parentCreated = (page) => page.node.parent !== void 0 && created.has(page.node.parent.slice(rootPath.length));
  const parentReplaced = (page) => {
    const parentKey = page.node.parent?.slice(rootPath.length);
    return parentKey !== void 0 && !created.has(parentKey) && recordedIds.has(parentKey) && ids.get(parentKey) !== recordedIds.get(parentKey);
  };
  const parentAnew = (page) => parentCreated(page) || parentReplaced(page);
  await holdEditedFollowers(prepared.filter(({ page, parentMissing }) => !parentMissing && parentAnew(page) && mayFollowNewFolderPage(page)).map(({ page }) => page), context.guard, plan.tree);
  const entries = prepared.map(({ page, parentMissing }) => {
    if (!parentMissing && parentAnew(page)) {
      const overwrite = plan.overwrite === true && !parentCreated(page);
      if (followNewFolderPage(page, folderTitleOf(plan.tree, page), context.messages, overwrite) === "followsUnchanged") context.expectMore(1);
    }
    const unconfirmedParent = unconfirmedParentOf(page, context);
    if (unconfirmedParent !== void 0) {
      const refused2 = { ...page.item, state: "refused", refusals: [{ code: "recordedEntry", message: words.underUnconfirmedFolder(unconfirmedParent.title, unconfirmedParent.id), fix: void 0 }] };
      return { page, item: refused2, cautions: [], pending: false };
    }
    if (parentMissing && page.item.state === "send") {
      const target = { ...page.item.target };
      delete target.parentId;
      const refused2 = { ...page.item, target, state: "refused", refusals: [{ code: "duplicatePage", message: parentMissing.message, fix: void 0 }] };
      return { page, item: refused2, cautions: [], pending: false, underUnsentPage: parentMissing.parent };
    }
    if (parentMissing && page.item.state === "refused") {
      const target = { ...page.item.target };
      delete target.parentId;
      return { page, item: { ...page.item, target }, cautions: [], pending: false, underUnsentPage: parentMissing.parent };
    }
    return { page, item: { ...page.item }, cautions: [], pending: false };
  });
  await guardTreePages(entries, { ...context.guard, underNewPage: parentCreated });
  for (const entry of entries) {
    const verdict = entry.item.guard;
    if (entry.item.state === "edited" && verdict?.kind === "edited" && verdict.noNotice === true) context.unconfirmedFolders?.add(entry.page.key);
  }
  return entries;
}
function unconfirmedParentOf(page, context) {
  const parentPath = page.node.parent;
  if (parentPath === void 0 || page.pageId !== void 0 || page.linkedPageId !== void 0 || page.item.state !== "send") return void 0;
  const parentKey = parentPath.slice(context.plan.tree.rootPath.length);
  const id = context.ids.get(parentKey);
  if (id === void 0 || context.unconfirmedFolders?.has(parentKey) !== true) return void 0;
  return { title: context.plan.tree.byPath.get(parentPath)?.title ?? parentKey, id };
}
function withParent(page, ids, plan, words) {
  const complete = page.item.complete;
  const rootPath = plan.tree.rootPath;
  if (!complete || page.node.parent === void 0) return {};
  const parentKey = page.node.parent.slice(rootPath.length);
  const parentId = ids.get(parentKey);
  if (parentId === void 0) {
    const title = plan.tree.byPath.get(page.node.parent)?.title ?? page.node.parent;
    return { parentMissing: { message: words.parentNotPublished(title), parent: { key: parentKey, title } } };
  }
  const linkedHere = !page.retitledFrom && linkNames(page.item.link, { ...complete, parentId });
  const movedFromLinked = page.pageId === void 0 && parentId !== complete.parentId && page.item.linkedPage;
  const overwrite = movedFromLinked ? plan.overwrite === true || linkedHere : complete.overwrite || linkedHere;
  page.item.complete = { ...complete, parentId, overwrite };
  page.item.target = { ...page.item.target, parentId, overwrite };
  if (movedFromLinked) {
    page.item.linkedPage = linkedHere;
    if (!linkedHere && page.item.state === "unchanged") {
      page.item.state = "send";
      return { sentAnew: true };
    }
  } else if (overwrite && !complete.overwrite) page.item.linkedPage = true;
  return {};
}

// src/core/tree/runPasses.ts
function waitsForPages(pending, cautions) {
  return pending || cautions.some((caution) => caution.reason === "unknownPage" || caution.reason === "refusedPage" || caution.reason === "noPageYet" || caution.reason === "folderWithoutPage");
}
function pagesLinkingAnew(plan, results, knownBefore, ids) {
  const skipped = new Set(results.filter((result) => result.state === "skipped").map((result) => result.key));
  const before = treePageIdByPath(plan.tree, knownBefore, () => void 0);
  const now = treePageIdByPath(plan.tree, (key) => ids.get(key), () => void 0);
  const root = plan.tree.rootPath;
  return plan.pages.filter((page) => {
    if (!skipped.has(page.key)) return false;
    const file = linkingFileOf(page.node, root);
    return linkTargetsDigest(page.linkFacts.destinations, file, before, plan.rootInRepository) !== linkTargetsDigest(page.linkFacts.destinations, file, now, plan.rootInRepository);
  });
}
async function relinkUnchanged(pages, context) {
  if (pages.length === 0 || context.signal?.aborted || context.gate.stoppedBy) return;
  const entries = pages.map((page) => ({ page, ...context.links.decide(page), item: { ...page.item, state: "send", linkTargets: context.links.reachedNow(page) } }));
  await guardTreePages(entries, {
    ...context.guard,
    pages: context.pages,
    ...context.signal ? { signal: context.signal } : {},
    underNewPage: () => false
  });
  await sendAgain(entries, context, true);
  const sent = new Set(context.results.filter((result) => result.relinked).map((result) => result.key));
  const kept = context.results.filter((result) => result.relinked === true || !(result.pass === 1 && result.state === "skipped" && sent.has(result.key)));
  context.results.splice(0, context.results.length, ...kept);
}
function holdsUnchangedResults(plan) {
  const linking = plan.pages.some((page) => page.item.state === "send") ? new Set(plan.pages.filter((page) => page.linkFacts.destinations.length > 0).map((page) => page.key)) : void 0;
  const held = /* @__PURE__ */ new Map();
  return {
    hold(result) {
      if (linking === void 0 || result.state !== "skipped" || !linking.has(result.key)) return false;
      held.set(result.key, result);
      return true;
    },
    release(onResult, going) {
      for (const [key, result] of held) {
        if (going?.has(key)) continue;
        held.delete(key);
        onResult?.(result);
      }
    }
  };
}
async function secondPass(pending, context) {
  if (pending.length === 0 || context.signal?.aborted || context.gate.stoppedBy) return;
  const entries = pending.map(({ page, version }) => ({ page, ...context.links.decide(page), item: sentAgain({ ...page.item }, context.links.ids.get(page.key), version) }));
  await sendAgain(entries, context);
}
async function sendAgain(entries, context, relinked = false) {
  const { links } = context;
  const results = await runPlan(entries.map((entry) => entry.item), {
    ...context,
    onResult: void 0,
    content: (item) => links.content(item),
    linkTargetsOf: (item) => links.linkTargetsWhenSent(item)
  });
  for (const [index, result] of results.entries()) {
    const entry = entries[index];
    const pageId = links.ids.get(entry.page.key);
    const treeResult = {
      ...result,
      pass: relinked ? 1 : 2,
      key: entry.page.key,
      depth: entry.page.node.depth,
      ...pageId ? { pageId } : {},
      linkCautions: entry.cautions,
      linksToFillIn: waitsForPages(entry.pending, entry.cautions),
      ...links.reached(entry.page, result),
      ...relinked ? { relinked: true } : {}
    };
    context.results.push(treeResult);
    context.onResult?.(treeResult);
  }
}

// src/core/tree/runPinned.ts
async function sendPinnedFiles(context) {
  const { plan, links } = context;
  const reachedNow = (item) => links.addressable ? links.pinnedLinkTargets(item) : void 0;
  const resent = plan.pinned.map((item) => linksReachOtherPages(item, () => reachedNow(item)));
  context.expectMore(resent.filter((again) => again).length);
  const pinned = plan.pinned.map((item, index) => {
    const now = reachedNow(item);
    const linkTargets = now === void 0 ? {} : { linkTargets: now };
    return resent[index] ? { ...item, ...linkTargets, state: "send" } : { ...item, ...linkTargets };
  });
  const loose = [...plan.refused, ...pinned];
  if (loose.length === 0) return;
  const linkCautionsOf = /* @__PURE__ */ new Map();
  for (const item of pinned) {
    const cautions = links.decidePinned(item);
    if (cautions) linkCautionsOf.set(item, cautions);
  }
  if (context.stoppedBy === void 0) await guardPlan(pinned, { ...context.guardOptions, titlesCheckedByTree: true });
  const notSending = context.stoppedBy !== void 0 || context.stopsOnRefusal(pinned);
  const stopped = new AbortController();
  stopped.abort();
  const looseResults = await runPlan(loose, {
    ...context,
    ...notSending ? { signal: stopped.signal } : {},
    onResult: void 0,
    content: (item) => links.content(item),
    linkTargetsOf: (item) => links.linkTargetsWhenSent(item)
  });
  const learning = await Promise.all(looseResults.map(async (result) => {
    const key = result.state === "published" ? links.pinnedKeyOf(result.item) : void 0;
    const learnt = key === void 0 ? void 0 : await context.lookUp(() => learnLandedPage(result, result.item.link?.pageId, context.pages, context.signal));
    if (key !== void 0 && learnt && context.identity.get?.(key)?.id !== learnt.pageId) {
      const followed = links.pinnedFollowed.get(key);
      await context.identity.record(key, { id: learnt.pageId, title: result.item.complete?.pageTitle ?? "" }).then(async () => {
        if (followed?.id === learnt.pageId) await context.identity.forget?.(followed.oldKey);
      }).catch(() => void 0);
    }
    if (key !== void 0 && learnt) links.pinnedLanded.set(key, { id: learnt.pageId, title: result.item.complete?.pageTitle ?? "" });
    return learnt;
  }));
  for (const [index, result] of looseResults.entries()) {
    const learnt = learning[index];
    const linkCautions = linkCautionsOf.get(loose[index]) ?? [];
    const linkTargets = result.state === "published" ? links.pinnedLinkTargets(result.item) : void 0;
    const treeResult = {
      ...result,
      pass: 1,
      key: result.item.file.label,
      depth: 0,
      linkCautions,
      linksToFillIn: waitsForPages(false, linkCautions),
      ...learnt ? { pageId: learnt.pageId } : {},
      ...linkTargets !== void 0 ? { linkTargets } : {}
    };
    context.results.push(treeResult);
    context.onResult?.(treeResult);
  }
}

// src/core/tree/retitledSuccessors.ts
function retitledSuccessors(retitled, arrivals, gone) {
  if (retitled.length === 0 || arrivals.length === 0) return [];
  const arrivalsAt = /* @__PURE__ */ new Map();
  for (const node of arrivals) {
    const key = placeKey(node.path, node.title);
    const nodes = arrivalsAt.get(key);
    if (nodes === void 0) arrivalsAt.set(key, [node]);
    else if (nodes.length < 2) nodes.push(node);
  }
  const recordsAt = /* @__PURE__ */ new Map();
  for (const page of retitled) {
    const key = placeKey(page.path, page.title);
    recordsAt.set(key, (recordsAt.get(key) ?? 0) + 1);
  }
  const goneTitles = new Set(gone.map((each) => kindTitleKey(each.path, each.title)));
  const found = [];
  for (const page of retitled) {
    const key = placeKey(page.path, page.title);
    const nodes = arrivalsAt.get(key);
    const node = nodes?.length === 1 ? nodes[0] : void 0;
    if (node !== void 0 && recordsAt.get(key) === 1 && !goneTitles.has(kindTitleKey(page.path, page.title))) found.push({ retitled: page, node });
  }
  return found;
}
function succeededPaths(moves, tree) {
  const paths = /* @__PURE__ */ new Set();
  for (const rename2 of moves.renamed) if (tree.byPath.has(rename2.oldPath)) paths.add(rename2.oldPath);
  return paths;
}
function placeKey(path, title) {
  return `${isFolderPath(path) ? "d" : "f"}\0${parentFolderOf(path)}\0${titleKey(title)}`;
}
function kindTitleKey(path, title) {
  return `${isFolderPath(path) ? "d" : "f"}\0${titleKey(title)}`;
}

// src/core/tree/treeRecords.ts
function treeRecords(plan, identity) {
  const rootPath = plan.tree.rootPath;
  const successorOf = /* @__PURE__ */ new Map();
  const succeeded = succeededPaths(plan.moves, plan.tree);
  for (const rename2 of plan.moves.renamed) if (succeeded.has(rename2.oldPath)) successorOf.set(rename2.oldPath.slice(rootPath.length), rename2.path.slice(rootPath.length));
  const successorsLanded = /* @__PURE__ */ new Set();
  const waiting = /* @__PURE__ */ new Map();
  return {
    async landed(page, pageId) {
      const entry = { id: pageId, title: page.item.complete?.pageTitle ?? page.node.title };
      const successor = successorOf.get(page.key);
      if (successor !== void 0 && !successorsLanded.has(successor)) {
        waiting.set(successor, () => identity.record(page.key, entry));
        return;
      }
      await identity.record(page.key, entry);
      const oldKey = page.renamedFrom;
      if (oldKey === void 0) return;
      if (pageId === page.pageId) await identity.forget?.(oldKey);
      if (successorOf.get(oldKey) !== page.key) return;
      successorsLanded.add(page.key);
      const later = waiting.get(page.key);
      waiting.delete(page.key);
      await later?.();
    }
  };
}

// src/core/tree/treeRun.ts
function treeLandedLink(result, now) {
  const link = landedLink(result, now, result.pageId);
  return link && withLinksReached(link, result.linkTargets, result.linksToFillIn);
}
function treePageAddresses(pageAccess, addressOf) {
  return pageAccess || addressOf("1", "Page") !== void 0;
}
async function runTree(options) {
  const { plan } = options;
  const rootPath = plan.tree.rootPath;
  const guardOptions = { ...options.guard, pages: options.pages, ...options.signal ? { signal: options.signal } : {}, ...plan.read ? { read: plan.read } : {}, lookUpUnchanged: false };
  await sendGoneTreePages(plan, guardOptions);
  if (options.pages) await checkFollowedPages(plan, options.pages, options.signal, options.guard.messages);
  const byMarkerOnly = new Set(plan.pages.filter((page) => page.item.foundOnWiki === "byMarkerOnly").map((page) => page.key));
  await Promise.all([...plan.foundOnWiki ?? []].filter(([key]) => !byMarkerOnly.has(key)).map(([key, entry]) => options.identity.record(key, entry).catch(() => void 0)));
  const links = await runLinks(plan, {
    // An entry the wiki refused gives no page, not even to a link (TreePlan.refusedEntries).
    recorded: (key) => plan.refusedEntries?.has(key) ? void 0 : options.identity.get?.(key),
    addressOf: options.addressOf,
    addressInSpace: options.addressInSpace,
    addressable: treePageAddresses(options.pages !== void 0, options.addressOf),
    ...options.messages ? { messages: options.messages } : {}
  });
  const { ids, urls } = links;
  const relinking = holdsUnchangedResults(plan);
  let started = 0;
  let total = plan.pages.filter((page) => page.item.state === "send").length + plan.pinned.filter((item) => item.state === "send").length;
  const onStart = (item) => options.onStart?.(item, ++started, Math.max(total, started));
  const expectMore = (count) => {
    total += count;
  };
  const results = [];
  const records = treeRecords(plan, options.identity);
  const lookUp = callsAtMost(DEFAULT_LOOKUPS_AT_ONCE);
  const created = /* @__PURE__ */ new Set();
  const needSecond = [];
  let stop;
  let credentialRefused;
  const stopsOnRefusal = (guarded) => {
    if (options.stopOnRefusedCredential !== true) return false;
    const refused2 = guarded.find((item) => credentialRefusedOnWiki(item.guard))?.guard;
    if (refused2?.kind === "unchecked") credentialRefused = refused2.detail;
    return credentialRefused !== void 0;
  };
  const onStopped = (stopped) => {
    stop ??= stopped;
  };
  const sendEntries = async (entries, onAnswered) => {
    const indexOf = new Map(entries.map((entry, index) => [entry.item, index]));
    const learning = /* @__PURE__ */ new Map();
    const recording = [];
    const sent = await runPlan(entries.map((entry) => entry.item), {
      ...options,
      onStopped,
      onStart,
      content: (item) => links.content(item),
      linkTargetsOf: (item) => links.linkTargetsWhenSent(item),
      ...treePageMarks(options.beforeSend),
      onResult: (result) => {
        onAnswered?.();
        const index = indexOf.get(result.item);
        const entry = index === void 0 ? void 0 : entries[index];
        if (index === void 0 || !entry || result.state !== "published") return;
        const learnt = lookUp(() => learnLandedPage(result, entry.page.titledBackTo ?? entry.page.pageId, options.pages, options.signal));
        learning.set(index, learnt);
        recording.push(learnt.then(async (found) => {
          const titleNow = entry.item.complete?.pageTitle;
          const retitled = titleNow !== void 0 && options.identity.get?.(entry.page.key)?.title !== titleNow;
          if (found && (entry.page.pageId !== found.pageId || entry.page.renamedFrom !== void 0 || retitled)) await records.landed(entry.page, found.pageId);
        }).catch(() => void 0));
      }
    });
    await Promise.all(recording);
    for (const [index, result] of sent.entries()) {
      const entry = entries[index];
      const learnt = await learning.get(index);
      const landedElsewhere = result.state === "published" && !result.item.linkedPage;
      const foundAsLeft = result.item.guard?.kind === "asLeft" ? result.item.guard.page.id : void 0;
      const pageId = learnt?.pageId ?? (result.outcome?.kind === "created" || landedElsewhere ? void 0 : foundAsLeft ?? entry.page.pageId ?? entry.item.link?.pageId);
      links.ended.add(entry.page.key);
      links.linkedIds.delete(entry.page.key);
      links.titledBackIds.delete(entry.page.key);
      if (learnt?.url) urls.set(entry.page.key, learnt.url);
      if (pageId) {
        ids.set(entry.page.key, pageId);
        const takenFound = byMarkerOnly.has(entry.page.key) && pageId === foundAsLeft && (result.state === "published" || result.state === "skipped");
        if (!learnt && entry.page.pageId !== pageId || takenFound) await records.landed(entry.page, pageId);
      }
      const seen = guardedPage(entry.item.guard);
      if (seen?.webUrl && pageId !== void 0 && seen.id === pageId && !urls.has(entry.page.key)) urls.set(entry.page.key, seen.webUrl);
      if (result.outcome?.kind === "created") created.add(entry.page.key);
      const treeResult = {
        ...result,
        pass: 1,
        key: entry.page.key,
        depth: entry.page.node.depth,
        ...pageId ? { pageId } : {},
        linkCautions: entry.cautions,
        linksToFillIn: waitsForPages(entry.pending, entry.cautions),
        ...links.reached(entry.page, result),
        ...entry.underUnsentPage ? { underUnsentPage: entry.underUnsentPage } : {}
      };
      results.push(treeResult);
      if (!relinking.hold(treeResult)) options.onResult?.(treeResult);
      const landed = entry.pending ? landedLink(result, 0) : void 0;
      if (landed) needSecond.push({ page: entry.page, version: landed.version });
    }
  };
  const placed = /* @__PURE__ */ new Set();
  const order = new Map(plan.pages.map((page, index) => [page.key, index]));
  const state2 = {
    done: /* @__PURE__ */ new Set(),
    outCreatesUnder: /* @__PURE__ */ new Set(),
    order,
    rank: plan.sendRank ?? order,
    waitsOn: (page) => links.waitsOn(page)
  };
  const byRank = sendingOrder(state2);
  const prepareContext = {
    plan,
    ids,
    recordedIds: links.recordedIds,
    created,
    guard: guardOptions,
    ...options.guard.messages ? { messages: options.guard.messages } : {},
    forgetLinked: (key) => links.linkedIds.delete(key),
    expectMore,
    unconfirmedFolders: /* @__PURE__ */ new Set()
  };
  const parentDone = (page) => {
    if (page.node.parent === void 0) return true;
    const parentKey = page.node.parent.slice(rootPath.length);
    return state2.done.has(parentKey) || placed.has(parentKey);
  };
  let waiting = [...plan.pages];
  const queue = [];
  const out = /* @__PURE__ */ new Set();
  const lanes = /* @__PURE__ */ new Set();
  const passContext = { ...options, links, onStopped, onStart, results };
  const readyForSecond = () => {
    if (links.ended.size === endedAtLastMiss) return -1;
    const at = needSecond.findIndex(({ page }) => {
      const waited = links.waitedFor.get(page.key);
      return waited !== void 0 && waited.size > 0 && [...waited].every((path) => typeof links.resolvePage(path) === "object") && treePagesNamedBy(page, plan).every((key) => links.ended.has(key));
    });
    if (at === -1) endedAtLastMiss = links.ended.size;
    return at;
  };
  let endedAtLastMiss = -1;
  const start = (entry) => {
    Object.assign(entry, links.decide(entry.page));
    if (alreadyHolds(entry.item, links.reachedWhenSent.get(entry.page.key))) entry.item.state = "unchanged";
    const folder = entry.page.node.parent ?? "";
    const creates = createsPage(entry.item);
    if (creates) state2.outCreatesUnder.add(folder);
    let answered;
    const lane = new Promise((resolve9) => {
      let once = false;
      answered = () => {
        if (once) return;
        once = true;
        if (creates) state2.outCreatesUnder.delete(folder);
        lanes.delete(lane);
        resolve9();
      };
    });
    lanes.add(lane);
    const going = sendEntries([entry], answered).finally(() => {
      answered();
      state2.done.add(entry.page.key);
      out.delete(going);
    });
    out.add(going);
  };
  for (; ; ) {
    if (options.signal?.aborted || options.gate.stoppedBy || credentialRefused !== void 0) break;
    const wave = waiting.filter(parentDone);
    if (wave.length > 0) {
      const going = new Set(wave);
      waiting = waiting.filter((page) => !going.has(page));
      const entries = await prepareWave(wave, prepareContext);
      if (stopsOnRefusal(entries.map((entry) => entry.item))) break;
      const notSent = [];
      for (const entry of entries) {
        if (entry.item.state !== "send") notSent.push(entry);
        else {
          queue.push(entry);
          if (!createsPage(entry.item) && updatesInPlace(entry, ids)) placed.add(entry.page.key);
        }
      }
      queue.sort(byRank);
      if (notSent.length > 0) await sendEntries(notSent);
      for (const entry of notSent) state2.done.add(entry.page.key);
      continue;
    }
    while (lanes.size < Math.max(1, options.concurrency)) {
      const next = nextToSend(queue, state2, out.size === 0);
      if (next === void 0) break;
      queue.splice(queue.indexOf(next), 1);
      start(next);
    }
    while (lanes.size < Math.max(1, options.concurrency)) {
      const at = readyForSecond();
      if (at === -1) break;
      const second = needSecond.splice(at, 1);
      expectMore(1);
      const going = secondPass(second, passContext).finally(() => {
        out.delete(going);
        lanes.delete(going);
      });
      out.add(going);
      lanes.add(going);
    }
    if (out.size === 0) break;
    await Promise.race([...out, ...lanes]);
  }
  await Promise.all(out);
  const ended = new Set(results.map((result) => result.key));
  const rest = plan.pages.filter((page) => !ended.has(page.key));
  if (rest.length > 0) {
    const stopped = new AbortController();
    stopped.abort();
    const never = await runPlan(rest.map((page) => page.item), { ...options, signal: stopped.signal, onResult: void 0, onStopped: void 0 });
    for (const [index, result] of never.entries()) {
      const treeResult = { ...result, pass: 1, key: rest[index].key, depth: rest[index].node.depth, linkCautions: [], linksToFillIn: false };
      results.push(treeResult);
      options.onResult?.(treeResult);
    }
  }
  links.sendsAreOver();
  await sendPinnedFiles({ ...passContext, guardOptions, stoppedBy: credentialRefused, stopsOnRefusal, lookUp, expectMore });
  const { sentAgain: sentAgain2, leftAsSent, replaced } = secondPassOf(needSecond, links, plan, results);
  const pageOf = new Map(plan.pages.map((page) => [page.key, page]));
  const knownBefore = (key) => links.recordedIds.get(key) ?? pageOf.get(key)?.linkedPageId;
  const linkedReplaced = plan.pages.some((page) => page.linkedPageId !== void 0 && ids.has(page.key) && ids.get(page.key) !== page.linkedPageId);
  const newlyKnown = links.addressable && plan.pages.some((page) => knownBefore(page.key) === void 0 && ids.has(page.key));
  const linkingAnew = links.addressable && (replaced.length > 0 || linkedReplaced || newlyKnown) ? pagesLinkingAnew(plan, results, knownBefore, ids) : [];
  relinking.release(options.onResult, new Set(linkingAnew.map((page) => page.key)));
  expectMore(sentAgain2.length);
  await secondPass(sentAgain2, passContext);
  expectMore(linkingAnew.length);
  await relinkUnchanged(linkingAnew, passContext);
  relinking.release(options.onResult, new Set(results.filter((result) => result.relinked).map((result) => result.key)));
  const counted2 = countedResults(results, (result) => result.key);
  const linksLeft = linksLeftOf(counted2, (result) => {
    const left = leftAsSent.get(result.key);
    if (left && result.pass === 1) return left;
    const page = pageOf.get(result.key);
    if (!page) return [];
    const from = linkingFileOf(page.node, rootPath);
    const labelOf = (destination) => {
      const target = linkTarget2(destination, from, plan.rootInRepository);
      return target.kind === "file" && target.path !== void 0 ? `${rootPath}${target.path}` : destination;
    };
    return [...new Set(result.linkCautions.filter((caution) => caution.reason === "noPageYet").map((caution) => labelOf(caution.target)))];
  });
  if (stop) {
    const finished = new Set(results.filter((result) => result.outcome !== void 0 && result.state !== "notStarted").map((result) => result.item.file.key));
    const sending = new Set([...plan.pages.map((page) => page.item), ...plan.pinned].filter((item) => item.state === "send").map((item) => item.file.key));
    options.onStopped?.({ ...stop, finished: finished.size, total: (/* @__PURE__ */ new Set([...sending, ...finished])).size });
  }
  const leftBehind = await pagesLeftBehind(replaced, links.ids, options.pages);
  return { results, secondPass: sentAgainAndLanded(results), summary: summarise(counted2), linksLeft, leftBehind, ...credentialRefused !== void 0 ? { credentialRefused } : {} };
}
function updatesInPlace(entry, ids) {
  const id = ids.get(entry.page.key);
  const verdict = entry.item.guard;
  if (id === void 0 || verdict === void 0) return false;
  if (verdict.kind === "asLeft") return verdict.page.id === id;
  return verdict.kind === "unchecked";
}
function secondPassOf(needSecond, links, plan, results) {
  const rootPath = plan.tree.rootPath;
  const sentAgain2 = [];
  const leftAsSent = /* @__PURE__ */ new Map();
  for (const entry of needSecond) {
    const waited = [...links.waitedFor.get(entry.page.key) ?? []];
    if (waited.some((path) => typeof links.resolvePage(path) === "object")) sentAgain2.push(entry);
    else leftAsSent.set(entry.page.key, waited.map((path) => `${rootPath}${path}`));
  }
  const pageOf = new Map(plan.pages.map((page) => [page.key, page]));
  const replaced = replacedPages(plan, links.ids);
  const linkedReplaced = plan.pages.some((page) => page.linkedPageId !== void 0 && links.ids.has(page.key) && links.ids.get(page.key) !== page.linkedPageId);
  if (links.addressable && (replaced.length > 0 || linkedReplaced)) {
    const going = new Set(sentAgain2.map((entry) => entry.page.key));
    const latest = new Map(results.filter((result) => result.state === "published").map((result) => [result.key, result]));
    for (const result of results) {
      const page = result.pass === 1 && result.state === "published" && !going.has(result.key) ? pageOf.get(result.key) : void 0;
      const sent = page ? links.reachedWhenSent.get(page.key) : void 0;
      if (!page || sent === void 0 || links.reachedNow(page) === sent) continue;
      going.add(page.key);
      sentAgain2.push({ page, version: landedLink(latest.get(page.key) ?? result, 0)?.version });
    }
  }
  return { sentAgain: sentAgain2, leftAsSent, replaced };
}
function treePageMarks(beforeSend) {
  return beforeSend ? { beforeSend: (item) => item.link === void 0 ? Promise.resolve() : beforeSend(item) } : {};
}

// src/core/tree/treePlanGuard.ts
async function guardTreeAsPlanned(plan, given) {
  const options = plan.read !== void 0 && given.read === void 0 ? { ...given, read: plan.read } : given;
  await sendGoneTreePages(plan, options);
  const looked = { ...options, lookUpUnchanged: false };
  await guardTreePages(plan.pages.map((page) => ({ page, item: page.item })), { ...looked, underNewPage: (page) => !page.parentKnown });
  await followNewFolderPages(plan, looked);
  refuseCreatesUnderUnconfirmedFolders(plan, options.messages);
  if (plan.pinned.length > 0) await guardPlan([...plan.pinned], { ...looked, titlesCheckedByTree: true });
  const spaceId = plan.pages.find((page) => page.item.complete !== void 0)?.item.complete?.spaceId;
  if (options.pages) await checkTitlesInSpace(plan, options.pages, spaceId, options.signal, options.messages);
}
function copyTreePlan(plan) {
  const copy = (item) => ({ ...item });
  return { tree: plan.tree, refused: plan.refused.map(copy), pinned: plan.pinned.map(copy), pages: plan.pages.map((page) => ({ ...page, item: copy(page.item) })), ...plan.read ? { read: plan.read } : {} };
}
function treePlanItems(plan) {
  const items = [...plan.refused, ...plan.pinned];
  for (const page of plan.pages) items.push(page.item);
  return items;
}

// src/core/tree/treeSends.ts
function relinkedKeys(plan, addressable) {
  const relinked = /* @__PURE__ */ new Set();
  if (!addressable) return relinked;
  const knownBefore = /* @__PURE__ */ new Map();
  for (const page of plan.pages) {
    const id = page.pageId ?? page.linkedPageId;
    if (id !== void 0) knownBefore.set(page.key, id);
  }
  const madeAnew = new Set(plan.pages.filter((page) => knownBefore.has(page.key) && page.item.state === "send" && sendKind(page.item) === "create").map((page) => page.key));
  if (madeAnew.size === 0) return relinked;
  const before = treePageIdByPath(plan.tree, (key) => knownBefore.get(key), () => void 0);
  const after = treePageIdByPath(plan.tree, (key) => madeAnew.has(key) ? `new:${key}` : knownBefore.get(key), () => void 0);
  const changes = (destinations, file) => linkTargetsDigest(destinations, file, before, plan.rootInRepository) !== linkTargetsDigest(destinations, file, after, plan.rootInRepository);
  const root = plan.tree.rootPath;
  for (const page of plan.pages) {
    if (page.item.state === "unchanged" && changes(page.linkFacts.destinations, linkingFileOf(page.node, root))) relinked.add(page.key);
  }
  for (const item of plan.pinned) {
    const key = item.file.label.slice(root.length);
    const facts = item.state === "unchanged" && item.file.label.startsWith(root) ? plan.pinnedLinkFacts.get(key) : void 0;
    if (facts && changes(facts.destinations, key)) relinked.add(key);
  }
  return relinked;
}
function treePlanCounts(plan, addressable, relinked = relinkedKeys(plan, addressable)) {
  const counts = withRelinked(countPlan(treePlanItems(plan)), relinked.size);
  const sentTwice = foreseenSecondSends(plan, addressable).size;
  return { ...counts, ...sentTwice > 0 ? { sentTwice } : {}, ...plan.pulledAhead ? { pulledAhead: plan.pulledAhead } : {} };
}

// src/core/tree/chosenPage.ts
function namesChosenPageById(item, parentId, words) {
  if (item.prepared.frontMatterPageId === parentId) return { code: "treeParent", message: words.namesTreeParentById(item.file.label, parentId), fix: "editFile" };
  const complete = item.complete;
  if (item.linkedPage && item.link?.pageId === parentId && complete !== void 0) {
    return { code: "treeParent", message: words.namesTreeParentPlace(item.file.label, complete.pageTitle, complete.parentId, parentId), fix: "editFile" };
  }
  return void 0;
}
function refuseFilesAtChosenPage(pinned, chosen, words) {
  const grandparentId = chosen.parentId;
  if (grandparentId === void 0) return;
  const title = titleKey(chosen.title);
  for (const item of pinned) {
    const complete = item.complete;
    if (complete === void 0 || complete.parentId !== grandparentId || titleKey(complete.pageTitle) !== title || item.refusals.some((refusal2) => refusal2.code === "treeParent")) continue;
    refuseItem(item, { code: "treeParent", message: words.namesTreeParentPlace(item.file.label, complete.pageTitle, grandparentId, chosen.id), fix: "editFile" });
  }
}
function mayBeChosenPage(item, parentId) {
  const complete = item.complete;
  return item.state === "send" && complete !== void 0 && complete.parentId !== parentId && (complete.overwrite || item.linkedPage);
}
function cautionUncheckedChosenPage(pinned, parentId, detail, words) {
  for (const item of pinned) {
    if (mayBeChosenPage(item, parentId)) item.cautions.push({ code: "treeParentUnchecked", message: words.treeParentUnchecked(parentId, detail) });
  }
}

// src/core/tree/orphansOnWiki.ts
var LOOKUPS_AT_ONCE3 = 4;
async function checkOrphansOnWiki(plan, pages, signal) {
  const ids = [...new Set(plan.moves.orphans.map((orphan) => orphan.pageId).filter(isPageId))];
  if (ids.length === 0) return;
  const batches = [];
  for (let start = 0; start < ids.length; start += MAX_IDS_PER_REQUEST) batches.push(ids.slice(start, start + MAX_IDS_PER_REQUEST));
  const missing = /* @__PURE__ */ new Set();
  await mapBounded(batches, LOOKUPS_AT_ONCE3, async (batch) => {
    const found = await pages.getPages(batch, signal).catch((error) => {
      if (signal?.aborted) throw error;
      return void 0;
    });
    if (!found) return;
    for (const id of batch) if (!found.has(id)) missing.add(id);
  });
  for (const orphan of plan.moves.orphans) if (missing.has(orphan.pageId)) orphan.notOnWiki = true;
}

// src/core/tree/recordedEntries.ts
function readRecordedPages(entries, parentId, pages, signal) {
  const listed2 = entries.entries();
  if (listed2.length === 0) return void 0;
  return pages.getPages([parentId, ...listed2.map(([, entry]) => entry.id)], signal, { withBody: true });
}
async function checkRecordedEntries(entries, scope, pages, signal, messages = englishTreeMessages, readAhead) {
  const listed2 = entries.entries();
  const refused2 = /* @__PURE__ */ new Map();
  const at = (key) => entries.locate?.(key) ?? key;
  if (listed2.length === 0) return { refused: refused2, read: /* @__PURE__ */ new Map() };
  let read;
  try {
    read = await (readAhead ?? readRecordedPages(entries, scope.parentId, pages, signal) ?? /* @__PURE__ */ new Map());
  } catch (error) {
    if (signal?.aborted) throw error;
    const unread = failedLookupVerdict(error, false, messages);
    for (const [key] of listed2) refused2.set(key, messages.entriesUnreadable(manifestFileOf(at(key)), unread.cause ?? unread.detail));
    return { refused: refused2, read: /* @__PURE__ */ new Map(), unread };
  }
  const treeSpace = read.get(scope.parentId)?.spaceId;
  const spaceIds = await namedSpaceIds(scope.namedPlaces, pages, signal);
  const keys = listed2.map(([key]) => key).sort((a, b) => depthOf(a) - depthOf(b) || (a < b ? -1 : a > b ? 1 : 0));
  const wording = /* @__PURE__ */ new Map();
  const underOtherParent = /* @__PURE__ */ new Set();
  for (const key of keys) {
    const entry = entries.get(key);
    const folder = folderAbove(key);
    if (folder !== "" && wording.has(folder)) {
      wording.set(key, () => messages.entryBelowRefused(at(key), key, folder));
      continue;
    }
    const page = read.get(entry.id);
    if (page === void 0) continue;
    const named = scope.namedPlaces.get(key);
    const space = named === void 0 ? treeSpace : spaceIds.get(named.spaceId);
    const expectedParent = named !== void 0 ? named.parentId : folder === "" ? scope.parentId : entries.get(folder)?.id;
    const followedTo = scope.present === void 0 || scope.present.has(key) ? void 0 : scope.followed?.get(entry.title);
    if (followedTo !== void 0 && page.parentId !== void 0 && followedTo.includes(page.parentId)) continue;
    const reason = entryProblem2(page, entry, { space, expectedParent, folder, parentRead: expectedParent === void 0 ? void 0 : read.get(expectedParent), named: named !== void 0 }, messages) ?? anotherFilesPage(page, scope.filesOf?.(key), messages);
    if (reason === void 0) continue;
    wording.set(key, (parents2) => messages.entryRefused(at(key), key, entry.id, reason.word(parents2)));
    if (reason.underOtherParent) underOtherParent.add(key);
  }
  const parents = await pagesUnderWhich(wording.keys(), entries, read, pages, signal);
  for (const [key, word] of wording) {
    const parentId = read.get(entries.get(key)?.id ?? "")?.parentId;
    const folder = folderAbove(key);
    if (underOtherParent.has(key) && parents.complete && parentId !== void 0 && !parents.pages.has(parentId) && !(folder !== "" && refused2.has(folder))) continue;
    refused2.set(key, word(parents.pages));
  }
  return { refused: refused2, read };
}
async function pagesUnderWhich(keys, entries, read, pages, signal) {
  const wanted = /* @__PURE__ */ new Set();
  for (const key of keys) {
    const parentId = read.get(entries.get(key)?.id ?? "")?.parentId;
    if (parentId !== void 0 && !read.has(parentId)) wanted.add(parentId);
  }
  if (wanted.size === 0) return { pages: read, complete: true };
  try {
    return { pages: new Map([...read, ...await pages.getPages([...wanted], signal)]), complete: true };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { pages: read, complete: false };
  }
}
function entryProblem2(page, entry, expected, messages) {
  if (expected.space !== void 0 && page.spaceId !== void 0 && page.spaceId !== expected.space) return { word: () => messages.entryInOtherSpace(page.spaceId) };
  if (titleKey(page.title) !== titleKey(entry.title)) return { word: () => messages.entryTitledOtherwise(page.title, entry.title) };
  const expectedParent = expected.expectedParent;
  if (expectedParent === void 0) return { word: () => messages.entryFolderNotRecorded(expected.folder) };
  if (!expected.named && expected.parentRead === void 0 && expected.folder !== "") return void 0;
  const parentId = page.parentId;
  if (parentId === void 0 || parentId === expectedParent) return void 0;
  return { word: (parents) => messages.entryUnderOtherParent(parentId, parents.get(parentId)?.title, expectedParent, expected.parentRead?.title), underOtherParent: true };
}
function anotherFilesPage(page, files, messages) {
  const marker = page.body?.marker;
  if (files === void 0 || marker === void 0 || publishedFromThisFile(marker, files)) return void 0;
  return { word: () => messages.entryOfAnotherFile() };
}
async function namedSpaceIds(places, pages, signal) {
  const ids = /* @__PURE__ */ new Map();
  for (const { spaceId } of places.values()) {
    if (ids.has(spaceId)) continue;
    ids.set(spaceId, isPageId(spaceId) ? spaceId : (await pages.resolveSpace(spaceId, signal).catch((error) => {
      if (signal?.aborted) throw error;
      return void 0;
    }))?.id);
  }
  return ids;
}
function depthOf(key) {
  let depth = 0;
  for (let at = key.indexOf("/"); at !== -1 && at < key.length - 1; at = key.indexOf("/", at + 1)) depth++;
  return depth;
}
function folderAbove(key) {
  const body = key.endsWith("/") ? key.slice(0, -1) : key;
  const slash = body.lastIndexOf("/");
  return slash === -1 ? "" : body.slice(0, slash + 1);
}
function acceptedEntries(entries, refused2) {
  if (refused2.size === 0) return entries;
  return {
    get: (key) => refused2.has(key) ? void 0 : entries.get(key),
    entries: () => entries.entries().filter(([key]) => !refused2.has(key)),
    ...entries.locate ? { locate: (key) => entries.locate(key) } : {}
  };
}
function keyOfLabel(label, rootPath) {
  return isBelow(label, rootPath) ? label.slice(rootPath.length) : void 0;
}
function reliesOnRecord(item) {
  return isRepositoryLink(item.link) && item.link?.pageId !== void 0;
}

// src/core/tree/treeRefusals.ts
function refuseByRecord(pages, pinned, options, rootPath, words) {
  const refused2 = options.refusedEntries;
  const at = (key) => options.identity.locate?.(key) ?? key;
  const byRecord = (item, key, pageId) => {
    const reason = refused2?.get(key);
    if (reason !== void 0) {
      refuseItem(item, { code: "recordedEntry", message: reason, fix: void 0 });
      if (options.entriesUnread !== void 0) item.guard = options.entriesUnread;
    } else if (!options.pageAccess && pageId !== void 0 && item.state === "send") refuseItem(item, new UncheckedEntryRefusal(words, at, key, pageId));
  };
  for (const page of pages) byRecord(page.item, page.renamedFrom ?? page.key, page.pageId);
  for (const item of pinned) {
    const key = keyOfLabel(item.file.label, rootPath);
    if (key !== void 0) byRecord(item, key, reliesOnRecord(item) ? item.link?.pageId : void 0);
  }
}
var UncheckedEntryRefusal = class {
  constructor(words, at, key, pageId) {
    this.words = words;
    this.at = at;
    this.key = key;
    this.pageId = pageId;
  }
  words;
  at;
  key;
  pageId;
  code = "noPageAccess";
  fix = void 0;
  ownEntry = true;
  get message() {
    return this.words.entryUnchecked(this.at(this.key), this.key, this.pageId);
  }
};
function placesOfRefused(refused2, tree, parentRecordedId) {
  let places;
  for (const item of refused2) {
    const folder = parentFolderOf(item.file.label);
    if (!isBelow(folder, tree.rootPath)) continue;
    const place = { parentKey: folder.slice(tree.rootPath.length) };
    const node = tree.byPath.get(folder);
    if (node !== void 0) {
      place.parentTitle = node.title;
      const id = parentRecordedId(folder);
      if (id !== void 0) place.parentId = id;
    }
    (places ??= /* @__PURE__ */ new Map()).set(item.file.label, place);
  }
  return places;
}
function titleCollisions(tree, pinned, spaceId, words) {
  const titled = [];
  for (const node of tree.nodes) titled.push({ name: node.contentFrom ?? node.titleFrom ?? node.path, space: spaceId, title: node.title, node, pinned: void 0, generated: node.generated === true && node.titleFrom === void 0 });
  for (const item of pinned) {
    if (item.complete && item.state !== "refused") titled.push({ name: item.file.label, space: item.complete.spaceId, title: item.complete.pageTitle, node: void 0, pinned: item, generated: false });
  }
  const found = { ofNode: /* @__PURE__ */ new Map(), ofPinned: /* @__PURE__ */ new Map() };
  for (const group of groupByTitleInSpace(titled, (entry) => entry.title, (entry) => entry.space)) {
    for (const entry of group) {
      const others = otherNames(group, (other) => other !== entry, (other) => other.name);
      const message = entry.generated ? words.generatedTitleCollision(entry.title, others) : words.titleCollision(entry.title, others);
      const refusal2 = { code: "duplicatePage", message, fix: entry.generated ? void 0 : "editFile" };
      if (entry.node) found.ofNode.set(entry.node, refusal2);
      else if (entry.pinned) found.ofPinned.set(entry.pinned, refusal2);
    }
  }
  return found;
}
function refuse2(item, refusal2) {
  if (refusal2 === void 0) return;
  refuseItem(item, refusal2);
}
function refuseUnderRefusedFolders(pages, words) {
  const refusedFolders = /* @__PURE__ */ new Map();
  for (const page of pages) {
    const parent = page.node.parent === void 0 || page.parentKnown ? void 0 : refusedFolders.get(page.node.parent);
    if (parent !== void 0 && page.item.state !== "refused") {
      refuse2(page.item, { code: parent.accessOnly ? "noPageAccess" : "duplicatePage", message: words.parentRefused(parent.title), fix: void 0 });
    }
    if (page.node.kind === "folder" && page.item.state === "refused") {
      const accessOnly = refusedForWantOfWiki(page.item);
      refusedFolders.set(page.node.path, { title: page.node.title, accessOnly });
    }
  }
}
function refuseWithoutIds(pages, withoutId, words) {
  for (const page of pages) {
    if (!withoutId(page) || page.item.state === "refused") continue;
    refuseItem(page.item, { code: "noPageAccess", message: words.noPageAccess(), fix: void 0 });
  }
}

// src/core/tree/titlesAcrossSpaceNames.ts
async function checkTitlesAcrossSpaceNames(plan, pages, spaceId, signal, messages = englishTreeMessages) {
  const titled = [];
  for (const page of plan.pages) {
    if (page.item.state === "refused") continue;
    const { node } = page;
    titled.push({ name: node.contentFrom ?? node.titleFrom ?? node.path, spelling: spaceId, title: node.title, item: page.item, generated: node.generated === true && node.titleFrom === void 0 });
  }
  for (const item of plan.pinned) {
    if (item.complete && item.state !== "refused") titled.push({ name: item.file.label, spelling: item.complete.spaceId, title: item.complete.pageTitle, item, generated: false });
  }
  const spellings = new Set(titled.map((entry) => entry.spelling.trim()));
  if (spellings.size < 2) return;
  const spaceIdOf = await resolveSpaceSpellings(spellings, pages, signal);
  const resolved = (entry) => spaceIdOf(entry.spelling);
  let refusedAny = false;
  for (const group of groupByTitleInSpace(titled, (entry) => entry.title, resolved)) {
    for (const entry of group) {
      const others = otherNames(group, (other) => other.spelling !== entry.spelling, (other) => other.name);
      if (others === "") continue;
      const message = entry.generated ? messages.generatedTitleCollision(entry.title, others) : messages.titleCollision(entry.title, others);
      refuseItem(entry.item, { code: "duplicatePage", message, fix: entry.generated ? void 0 : "editFile" });
      refusedAny = true;
    }
  }
  if (refusedAny) refuseUnderRefusedFolders(plan.pages, messages);
}

// src/core/tree/treeParent.ts
async function checkTreeParent(plan, pages, choice, signal, messages = englishTreeMessages) {
  let reason;
  let chosenRead = false;
  try {
    const parent = choice.read?.get(choice.parentId) ?? await pages.getPage(choice.parentId, signal);
    if (!parent) reason = messages.treeParentMissing(choice.parentId, choice.recorded);
    else {
      refuseFilesAtChosenPage(plan.pinned, parent, messages);
      chosenRead = true;
      if (parent.spaceId !== void 0) {
        const space = await pages.resolveSpace(choice.spaceId, signal);
        if (space && space.id !== parent.spaceId) reason = messages.treeParentInOtherSpace(choice.parentId, space.key, choice.recorded);
      }
    }
  } catch (error) {
    if (signal?.aborted) throw error;
    if (!chosenRead) cautionUncheckedChosenPage(plan.pinned, choice.parentId, readFailureText(error, messages), messages);
    return;
  }
  if (reason === void 0) return;
  for (const page of plan.pages) {
    const state2 = page.item.state;
    if (state2 === "unchanged" || state2 === "refused" || state2 === "incomplete") continue;
    refuseItem(page.item, { code: "treeParent", message: reason, fix: void 0 });
  }
}
async function checkTreeOnWiki(plan, pages, choice, signal, messages = englishTreeMessages) {
  await checkFollowedPages(plan, pages, signal, messages);
  await checkTreeParent(plan, pages, choice, signal, messages);
  await checkTitlesAcrossSpaceNames(plan, pages, choice.spaceId, signal, messages);
  await checkTitlesInSpace(plan, pages, choice.spaceId, signal, messages);
  await checkOrphansOnWiki(plan, pages, signal);
}

// src/core/tree/caseOnlyTitles.ts
function retitledOnlyInCase(title, recorded, messages = englishPublishMessages) {
  if (recorded === void 0 || !changedOnlyInCase(recorded.title, title)) return void 0;
  return { code: "duplicatePage", message: messages.retitledOnlyInCase(title, recorded.title, recorded.pageId), fix: "editFile" };
}
function withTitlesRenamedOnWiki(previous, tree, read) {
  if (read === void 0 || read.size === 0) return previous;
  for (const [path, recorded] of previous) {
    const title = tree.byPath.get(path)?.title;
    const page = read.get(recorded.pageId);
    if (title !== void 0 && page !== void 0 && changedOnlyInCase(recorded.title, title) && sameTitle(page.title, title)) previous.set(path, { ...recorded, title: page.title });
  }
  return previous;
}
function recordsRenamedOnWikiInCase(identity, read) {
  if (read === void 0 || read.size === 0) return false;
  return identity.entries().some(([, entry]) => {
    const page = read.get(entry.id);
    return page !== void 0 && changedOnlyInCase(entry.title, page.title);
  });
}

// src/core/tree/moves.ts
var RANKS = [0, 1, 2, 3];
function rankKey(rank, path, title, folder = parentFolderOf(path)) {
  const kind = isFolderPath(path) ? "d" : "f";
  switch (rank) {
    case 0:
      return `${kind}\0${folder}\0${titleKey(title)}`;
    case 1:
      return `${kind}\0${nameOf(path).toLowerCase()}\0${titleKey(title)}`;
    case 2:
      return `${kind}\0${nameOf(path).toLowerCase()}`;
    case 3:
      return `${kind}\0${titleKey(title)}`;
  }
}
var ArrivalIndex = class {
  byRank = [];
  constructor(arrivals) {
    for (const rank of RANKS) {
      const byKey = /* @__PURE__ */ new Map();
      for (const node of arrivals) {
        const key = rankKey(rank, node.path, node.title);
        const nodes = byKey.get(key);
        if (nodes) nodes.add(node);
        else byKey.set(key, /* @__PURE__ */ new Set([node]));
      }
      this.byRank[rank] = byKey;
    }
  }
  /**
   * The arrivals that succeed `each` at this rank: none, one, or two when there are two or more (a tie, which matches
   * nothing). At rank 0 those in its folder, or in the folder its folder was found renamed to (`followedFolder`), with
   * its title; at ranks 1-3 those in another folder.
   */
  candidates(each, rank, followedFolder) {
    const byKey = this.byRank[rank];
    const folder = parentFolderOf(each.path);
    const found = [];
    const take = (nodes, otherFolderOnly) => {
      for (const node of nodes ?? []) {
        if (found.length === 2) return;
        if (!(otherFolderOnly && parentFolderOf(node.path) === folder)) found.push(node);
      }
    };
    if (rank !== 0) {
      take(byKey.get(rankKey(rank, each.path, each.page.title, folder)), true);
      return found;
    }
    take(byKey.get(rankKey(0, each.path, each.page.title, folder)), false);
    if (followedFolder !== void 0 && followedFolder !== folder) take(byKey.get(rankKey(0, each.path, each.page.title, followedFolder)), false);
    return found;
  }
  /** A node that succeeded a gone path: no candidate of any other any more. */
  take(node) {
    for (const rank of RANKS) this.byRank[rank]?.get(rankKey(rank, node.path, node.title))?.delete(node);
  }
};
var GoneIndex = class {
  constructor(level, rank, followedFolders) {
    this.rank = rank;
    for (const each of level) {
      const folder = parentFolderOf(each.path);
      this.add(rankKey(rank, each.path, each.page.title, folder), each);
      const followed = rank === 0 ? followedFolders.get(folder) : void 0;
      if (followed !== void 0 && followed !== folder) this.add(rankKey(0, each.path, each.page.title, followed), each);
    }
  }
  rank;
  byKey = /* @__PURE__ */ new Map();
  /**
   * How many of the level's gone paths have `node`, an arrival not taken, among their candidates, counted up to two:
   * those whose key it has, at ranks 1-3 only from another folder (ArrivalIndex.candidates, read from the node's side).
   */
  claiming(node) {
    const folder = parentFolderOf(node.path);
    let count = 0;
    for (const each of this.byKey.get(rankKey(this.rank, node.path, node.title)) ?? []) {
      if ((this.rank === 0 || parentFolderOf(each.path) !== folder) && ++count > 1) return count;
    }
    return count;
  }
  add(key, each) {
    const list = this.byKey.get(key);
    if (list) list.push(each);
    else this.byKey.set(key, [each]);
  }
};
function recordsByPath(tree, identity, entries, keysOfParent) {
  const root = tree.rootPath;
  const previous = /* @__PURE__ */ new Map();
  for (const node of tree.nodes) {
    const entry = identity.get(node.path.slice(root.length));
    if (entry !== void 0) previous.set(node.path, { pageId: entry.id, title: entry.title });
  }
  if (previous.size === entries.length - keysOfParent.size) return previous;
  for (const [key, entry] of entries) {
    const path = `${root}${key}`;
    if (!keysOfParent.has(key) && !previous.has(path)) previous.set(path, { pageId: entry.id, title: entry.title });
  }
  return previous;
}
function goneRecords(previous, tree, root, alsoThere, pinned) {
  const there = [...tree.refused, ...alsoThere, ...pinned.map((file) => file.path)];
  const thereFiles = new Set(there);
  const holdingThere = foldersHolding(there);
  const refusedFolders = new Set([...tree.refused, ...alsoThere].map((path) => isFolderPath(path) ? path : `${path}/`));
  const gone = [];
  for (const [path, page] of previous) {
    if (!isBelow(path, root) || tree.byPath.has(path) || (isFolderPath(path) ? holdingThere.has(path) : thereFiles.has(path))) continue;
    if (!isBelowAny(path, refusedFolders)) gone.push({ path, page });
  }
  return gone.sort((a, b) => compareRelativePaths(a.path, b.path));
}
function detectMoves(previous, tree, alsoThere = [], pinned = [], treeParentId) {
  const root = folderKey(tree.rootPath);
  const arrivals = [];
  const report2 = { moves: [], renamed: [], orphans: [], retitled: [], undecided: [] };
  let recordedNodes = 0;
  for (const node of tree.nodes) {
    const recorded = previous.get(node.path);
    if (!recorded) arrivals.push(node);
    else if (recorded.title !== node.title && titleKey(recorded.title) !== titleKey(node.title)) report2.retitled.push({ path: node.path, pageId: recorded.pageId, title: recorded.title, newTitle: node.title });
    if (recorded) recordedNodes++;
  }
  const gone = recordedNodes === previous.size ? [] : goneRecords(previous, tree, root, alsoThere, pinned);
  const matched = /* @__PURE__ */ new Set();
  const placeOf = (path) => {
    const folder = parentFolderOf(path);
    return folder === root ? treeParentId : previous.get(folder)?.pageId;
  };
  for (const { each, file } of followedPinnedPages(gone, pinned.filter((file2) => file2.inTreeSpace && isBelow(file2.path, root) && !previous.has(file2.path)))) {
    matched.add(each);
    const move = { path: file.path, oldPath: each.path, pageId: each.page.pageId };
    if (placeOf(each.path) === file.parentId) report2.renamed.push(move);
    else report2.undecided.push(move);
  }
  const settled = new Set(matched);
  const followedFolders = /* @__PURE__ */ new Map();
  const arrived = new ArrivalIndex(succeedRetitled(report2, arrivals, gone.filter((each) => !settled.has(each)), tree, previous, followedFolders));
  for (const rank of RANKS) {
    const levels = rank === 0 ? byDepth(gone.filter((each) => !settled.has(each))) : [gone.filter((each) => !settled.has(each))];
    for (const level of levels) {
      const pairs2 = [];
      for (const each of level) {
        const found = arrived.candidates(each, rank, followedFolders.get(parentFolderOf(each.path)));
        if (found.length > 0) pairs2.push({ each, found });
      }
      const claimed = /* @__PURE__ */ new Map();
      for (const { found } of pairs2) if (found.length === 1) claimed.set(found[0], 0);
      if (claimed.size > 0) {
        const inLevel = new GoneIndex(pairs2.map(({ each }) => each), rank, followedFolders);
        for (const node of claimed.keys()) claimed.set(node, inLevel.claiming(node));
      }
      for (const { each, found } of pairs2) {
        settled.add(each);
        const node = found.length === 1 ? found[0] : void 0;
        if (!node || (claimed.get(node) ?? 0) > 1) continue;
        arrived.take(node);
        matched.add(each);
        (rank === 0 ? report2.renamed : report2.moves).push({ path: node.path, oldPath: each.path, pageId: each.page.pageId });
        if (rank === 0 && isFolderPath(each.path)) followedFolders.set(each.path, node.path);
      }
    }
  }
  for (const each of gone) {
    if (!matched.has(each)) report2.orphans.push({ path: each.path, pageId: each.page.pageId, title: each.page.title });
  }
  for (const list of [report2.moves, report2.renamed, report2.undecided]) list.sort((a, b) => compareRelativePaths(a.path, b.path));
  return report2;
}
function succeedRetitled(report2, arrivals, gone, tree, previous, followedFolders) {
  const successions = retitledSuccessors(report2.retitled, arrivals, gone.map((each) => ({ path: each.path, title: each.page.title })));
  if (successions.length === 0) return arrivals;
  const succeeded = /* @__PURE__ */ new Set();
  const successors = /* @__PURE__ */ new Set();
  for (const { retitled, node } of successions) {
    succeeded.add(retitled);
    successors.add(node);
    report2.renamed.push({ path: node.path, oldPath: retitled.path, pageId: retitled.pageId });
    if (isFolderPath(retitled.path)) followedFolders.set(retitled.path, node.path);
  }
  report2.retitled = report2.retitled.filter((page) => !succeeded.has(page));
  const freed = new Set(successions.map(({ retitled }) => retitled.path));
  return tree.nodes.filter((node) => (freed.has(node.path) || !previous.has(node.path)) && !successors.has(node));
}
function followedPinnedPages(gone, arrivals) {
  const byTitle2 = (title, pageId) => pageId === void 0 ? titleKey(title) : `${titleKey(title)}\0${pageId}`;
  const gonePages = /* @__PURE__ */ new Map();
  for (const each of gone) {
    if (isFolderPath(each.path)) continue;
    for (const key of [byTitle2(each.page.title), byTitle2(each.page.title, each.page.pageId)]) {
      const list = gonePages.get(key);
      if (list) list.push(each);
      else gonePages.set(key, [each]);
    }
  }
  const files = /* @__PURE__ */ new Map();
  for (const file of arrivals) {
    const key = byTitle2(file.title, file.pageId);
    files.set(key, (files.get(key) ?? 0) + 1);
  }
  const fitting = (each) => (files.get(byTitle2(each.page.title)) ?? 0) + (files.get(byTitle2(each.page.title, each.page.pageId)) ?? 0);
  return arrivals.flatMap((file) => {
    const found = gonePages.get(byTitle2(file.title, file.pageId)) ?? [];
    const each = found.length === 1 ? found[0] : void 0;
    return each && fitting(each) === 1 ? [{ each, file }] : [];
  });
}
function byDepth(gone) {
  const levels = /* @__PURE__ */ new Map();
  for (const each of gone) {
    const depth = each.path.split("/").length - (isFolderPath(each.path) ? 1 : 0);
    const level = levels.get(depth);
    if (level) level.push(each);
    else levels.set(depth, [each]);
  }
  return [...levels.keys()].sort((a, b) => a - b).map((depth) => levels.get(depth));
}

// src/core/tree/titledBack.ts
function takeTitlesBack(input2) {
  const back = /* @__PURE__ */ new Map();
  const { tree, moves, spaceId } = input2;
  if (moves.retitled.length === 0) return back;
  const root = folderKey(tree.rootPath);
  const idOf = (folder) => back.get(folder)?.pageId ?? input2.recordedId(folder);
  const placeOfGone = (path) => {
    const folder = parentFolderOf(path);
    return folder === root ? input2.chosenParentId : input2.recordedId(folder);
  };
  const placeOfRetitled = (path) => {
    const parent = tree.byPath.get(path)?.parent;
    return parent === void 0 ? input2.chosenParentId : idOf(parent);
  };
  const takenOrphans = /* @__PURE__ */ new Set();
  const leftTitles = /* @__PURE__ */ new Map();
  for (const page of moves.retitled) {
    const key = titleKey(page.title);
    const pages = leftTitles.get(key);
    if (pages) pages.push(page);
    else leftTitles.set(key, [page]);
  }
  const takers = /* @__PURE__ */ new Map();
  for (const retitled of moves.retitled) {
    const node = tree.byPath.get(retitled.path);
    if (!node || node.kind === "folder" && !input2.pageAccess) continue;
    const parentId = node.parent === void 0 ? input2.chosenParentId : idOf(node.parent);
    if (parentId === void 0) continue;
    const left = { pageId: retitled.pageId, title: retitled.title };
    const target = { spaceId, parentId, pageTitle: node.title };
    const link = input2.linkOf(node);
    if (link?.pageId !== void 0 && link.pageId !== retitled.pageId && linkNames(link, target)) {
      back.set(node.path, { pageId: link.pageId, link, left });
      continue;
    }
    const found = moves.orphans.filter((orphan2) => !takenOrphans.has(orphan2.path) && titleKey(orphan2.title) === titleKey(node.title) && placeOfGone(orphan2.path) === parentId);
    const orphan = found.length === 1 ? found[0] : void 0;
    const given = orphan === void 0 && found.length === 0 ? leftTitles.get(titleKey(node.title)) : void 0;
    const leaving = given?.length === 1 && given[0] !== void 0 && given[0] !== retitled && !takers.has(given[0]) && placeOfRetitled(given[0].path) === parentId ? given[0] : void 0;
    const taken = orphan ?? leaving;
    if (taken === void 0 || taken.pageId === retitled.pageId) continue;
    if (orphan) takenOrphans.add(orphan.path);
    if (leaving) takers.set(leaving, node.path);
    back.set(node.path, { pageId: taken.pageId, link: { spaceId, parentId, pageTitle: node.title, pageId: taken.pageId, publishedAt: 0 }, left, from: taken.path, ...orphan ? { fromGone: true } : {} });
  }
  for (const [leaving, takerPath] of takers) {
    leaving.takenBy = takerPath;
    const own = back.get(leaving.path);
    if (own) own.leftTo = takerPath;
  }
  if (back.size > 0) moves.retitled = moves.retitled.filter((page) => !back.has(page.path));
  if (takenOrphans.size > 0) moves.orphans = moves.orphans.filter((orphan) => !takenOrphans.has(orphan.path));
  return back;
}

// src/core/tree/runAhead.ts
function needsOf(fixed, linked, goesFirst) {
  return fixed.map((own, index) => goesFirst.has(index) ? own : [...own, ...linked[index]]);
}
function longestChain(needs) {
  const count = needs.length;
  const length = new Array(count).fill(0);
  const next = new Array(count).fill(-1);
  for (const index of waitOrder(needs)) {
    for (const target of needs[index]) {
      if (length[target] + 1 > length[index]) {
        length[index] = length[target] + 1;
        next[index] = target;
      }
    }
  }
  let start = 0;
  for (let index = 1; index < count; index++) if (length[index] > length[start]) start = index;
  const chain = [];
  for (let index = start; index !== -1 && chain.length <= count; index = next[index]) chain.push(index);
  return chain;
}
function waitOrder(needs) {
  const count = needs.length;
  const waiting = needs.map((targets) => targets.length);
  const neededBy = needs.map(() => []);
  for (const [index, targets] of needs.entries()) for (const target of targets) neededBy[target].push(index);
  const order = [];
  for (let index = 0; index < count; index++) if (waiting[index] === 0) order.push(index);
  for (let head = 0; head < order.length; head++) {
    for (const source2 of neededBy[order[head]]) if (--waiting[source2] === 0) order.push(source2);
  }
  if (order.length === count) return order;
  for (let index = 0; index < count; index++) if (waiting[index] > 0) order.push(index);
  return Object.assign(order, { cyclic: true });
}
function playOut(fixed, linked, goesFirst, lanes, shape) {
  const { createsUnder, isBelow: isBelow3 } = shape;
  const count = fixed.length;
  const needs = needsOf(fixed, linked, goesFirst);
  const neededBy = needs.map(() => []);
  for (const [index, targets] of needs.entries()) for (const target of targets) neededBy[target].push(index);
  const height = new Array(count).fill(1);
  const order = waitOrder(needs);
  for (let position = order.length - 1; position >= 0; position--) {
    const index = order[position];
    for (const source2 of neededBy[index]) height[index] = Math.max(height[index], height[source2] + 1);
  }
  const linkedBehind = new Array(count).fill(1);
  for (const [index, targets] of needs.entries()) {
    for (const target of targets) if (!fixed[index].includes(target)) linkedBehind[target] = Math.max(linkedBehind[target], height[index] + 1);
  }
  const before = (a, b) => height[a] > height[b] || height[a] === height[b] && a < b;
  const siblingBefore = (a, b) => linkedBehind[a] > linkedBehind[b] || linkedBehind[a] === linkedBehind[b] && a < b;
  const groups = /* @__PURE__ */ new Map();
  const queue = new Heap(before);
  const entryOf = /* @__PURE__ */ new Map();
  let stamp = 0;
  const keyOf = (index) => createsUnder(index) ?? `#${index}`;
  const offer = (group) => {
    const top = group.ready.peek();
    if (top === void 0) return;
    group.entry = ++stamp;
    entryOf.set(top, { group, stamp });
    queue.push(top);
  };
  const makeReady = (index) => {
    const key = keyOf(index);
    let group = groups.get(key);
    if (group === void 0) {
      group = { ready: new Heap(siblingBefore), entry: 0 };
      groups.set(key, group);
    }
    const top = group.ready.peek();
    group.ready.push(index);
    if (top === void 0 || siblingBefore(index, top)) offer(group);
  };
  const waiting = needs.map((targets) => targets.length);
  const started = new Array(count).fill(false);
  const ended = new Array(count).fill(false);
  const rank = new Array(count).fill(-1);
  for (let index = 0; index < count; index++) if (waiting[index] === 0) makeReady(index);
  let next = 0;
  let rounds = 0;
  while (next < count) {
    rounds++;
    const thisRound = [];
    const busy = [];
    while (thisRound.length < lanes) {
      const top = queue.pop();
      if (top === void 0) break;
      const entry = entryOf.get(top);
      if (entry === void 0 || entry.group.entry !== entry.stamp || entry.group.ready.peek() !== top) continue;
      const group = entry.group;
      const heldBack = [];
      let chosen;
      let early;
      for (let candidate = group.ready.pop(); candidate !== void 0; candidate = group.ready.pop()) {
        const pending = goesFirst.has(candidate) ? linked[candidate].filter((target) => !ended[target] && !isBelow3(target, candidate)) : [];
        if (pending.length === 0) {
          chosen = candidate;
          break;
        }
        if (early === void 0 && !pending.some((target) => started[target])) early = candidate;
        else heldBack.push(candidate);
      }
      if (chosen === void 0) chosen = early;
      else if (early !== void 0) heldBack.push(early);
      for (const index of heldBack) group.ready.push(index);
      if (chosen !== void 0) {
        started[chosen] = true;
        rank[chosen] = next++;
        thisRound.push(chosen);
      }
      busy.push(group);
      group.entry = 0;
    }
    if (thisRound.length === 0) {
      for (let index = 0; index < count; index++) if (rank[index] === -1) rank[index] = next++;
      break;
    }
    for (const index of thisRound) {
      ended[index] = true;
      for (const source2 of neededBy[index]) if (--waiting[source2] === 0) makeReady(source2);
    }
    for (const group of busy) if (group.entry === 0) offer(group);
  }
  return { rank, rounds };
}
var Heap = class {
  constructor(first) {
    this.first = first;
  }
  first;
  items = [];
  peek() {
    return this.items[0];
  }
  push(item) {
    const items = this.items;
    items.push(item);
    for (let at = items.length - 1; at > 0; ) {
      const parent = at - 1 >> 1;
      if (!this.first(items[at], items[parent])) break;
      [items[at], items[parent]] = [items[parent], items[at]];
      at = parent;
    }
  }
  pop() {
    const items = this.items;
    const top = items[0];
    const last2 = items.pop();
    if (items.length === 0 || last2 === void 0) return top;
    items[0] = last2;
    for (let at = 0; ; ) {
      const [left, right] = [2 * at + 1, 2 * at + 2];
      let best = at;
      if (left < items.length && this.first(items[left], items[best])) best = left;
      if (right < items.length && this.first(items[right], items[best])) best = right;
      if (best === at) break;
      [items[at], items[best]] = [items[best], items[at]];
      at = best;
    }
    return top;
  }
};

// src/core/tree/sendOrder.ts
function sendOrderOf(plan, pages, created, options) {
  const rootPath = plan.tree.rootPath;
  const sending = pages.filter((page) => page.item.state === "send");
  if (created.size === 0) {
    return { pages, pulledAhead: 0, rank: new Map(sending.map((page, index) => [page.key, index])) };
  }
  const at = new Map(sending.map((page, index) => [page.key, index]));
  const isNew = (page) => created.has(page.node.path);
  const keyIsNew = (key) => {
    const index = at.get(key);
    return index !== void 0 && isNew(sending[index]);
  };
  const linked = sending.map((page) => options.linksWait ? linkedPagesWithoutId(page, plan, keyIsNew).map((key) => at.get(key)) : []);
  const fixed = sending.map((page) => {
    const parent = page.node.parent === void 0 ? void 0 : at.get(page.node.parent.slice(rootPath.length));
    return parent !== void 0 && isNew(sending[parent]) ? [parent] : [];
  });
  if (options.keepSiblingOrder) {
    const lastNewUnder = /* @__PURE__ */ new Map();
    for (const [index, page] of sending.entries()) {
      if (!isNew(page)) continue;
      const folder = page.node.parent ?? "";
      const before = lastNewUnder.get(folder);
      if (before !== void 0) fixed[index].push(before);
      lastNewUnder.set(folder, index);
    }
  }
  const goesFirst = feedbackPages(fixed, linked);
  dropNeedless(fixed, linked, goesFirst);
  const rankOf2 = cutLongChains(fixed, linked, goesFirst, options.lanes, {
    createsUnder: (index) => isNew(sending[index]) ? sending[index].node.parent ?? "" : void 0,
    isBelow: (index, folder) => {
      const key = sending[folder].key;
      return key.endsWith("/") && isBelow(sending[index].key, key);
    }
  });
  const rank = new Map(sending.map((page, index) => [page.key, rankOf2[index]]));
  return { ...siblingsByRank(pages, rank, isNew), rank };
}
function feedbackPages(fixed, linked) {
  const count = fixed.length;
  const waitsFor = fixed.map((own, index) => [.../* @__PURE__ */ new Set([...own, ...linked[index]])]);
  const waitedBy = fixed.map(() => []);
  for (const [index, targets] of waitsFor.entries()) for (const target of targets) waitedBy[target].push(index);
  const linkedSet = linked.map((targets) => new Set(targets));
  const fixedSet = fixed.map((targets) => new Set(targets));
  const alive = new Array(count).fill(true);
  const outCount = waitsFor.map((targets) => targets.length);
  const inCount = waitedBy.map((sources) => sources.length);
  const cut2 = new Array(count).fill(false);
  const edgeLive = (from, to) => !(cut2[from] && linkedSet[from]?.has(to) && !fixedSet[from]?.has(to));
  const stack = [];
  const setAside = (index) => {
    if (!alive[index]) return;
    alive[index] = false;
    for (const target of waitsFor[index]) if (alive[target] && edgeLive(index, target) && --inCount[target] === 0) stack.push(target);
    for (const source2 of waitedBy[index]) if (alive[source2] && edgeLive(source2, index) && --outCount[source2] === 0) stack.push(source2);
  };
  const drain = () => {
    while (stack.length > 0) setAside(stack.pop());
  };
  for (let index = 0; index < count; index++) if (outCount[index] === 0 || inCount[index] === 0) stack.push(index);
  drain();
  const goesFirst = /* @__PURE__ */ new Set();
  for (; ; ) {
    let best = -1;
    let bestScore = 0;
    for (let index = 0; index < count; index++) {
      if (!alive[index] || cut2[index]) continue;
      let linksOut = 0;
      for (const target of linked[index]) if (alive[target] && !fixedSet[index]?.has(target)) linksOut++;
      const score = linksOut * inCount[index];
      if (score > bestScore) [best, bestScore] = [index, score];
    }
    if (best === -1) break;
    goesFirst.add(best);
    for (const target of linked[best]) {
      if (!alive[target] || fixedSet[best]?.has(target)) continue;
      outCount[best] = outCount[best] - 1;
      if (--inCount[target] === 0) stack.push(target);
    }
    cut2[best] = true;
    if (outCount[best] === 0) stack.push(best);
    drain();
  }
  return goesFirst;
}
function dropNeedless(fixed, linked, goesFirst) {
  if (fixed.length > PRUNED_PAGES) return;
  for (const page of [...goesFirst].reverse()) {
    goesFirst.delete(page);
    if (waitOrder(needsOf(fixed, linked, goesFirst)).cyclic) goesFirst.add(page);
  }
}
var PRUNED_PAGES = 3e3;
function cutLongChains(fixed, linked, goesFirst, lanes, shape) {
  let best = playOut(fixed, linked, goesFirst, lanes, shape);
  if (lanes <= 1) return best.rank;
  let bestScore = best.rounds;
  const cuts = [];
  let keptCuts = 0;
  for (let tries = 0; tries < MAX_CUTS && tries - keptCuts < MAX_CUTS_WITHOUT_GAIN; tries++) {
    const chain = longestChain(needsOf(fixed, linked, goesFirst));
    if (chain.length * lanes <= fixed.length + goesFirst.size) break;
    const cutAt = linkNearMiddle(chain, fixed, linked, goesFirst);
    if (cutAt === void 0) break;
    goesFirst.add(cutAt);
    cuts.push(cutAt);
    const tried = playOut(fixed, linked, goesFirst, lanes, shape);
    const score = tried.rounds + lanes * cuts.length;
    if (score < bestScore) [best, bestScore, keptCuts] = [tried, score, cuts.length];
  }
  for (const page of cuts.slice(keptCuts)) goesFirst.delete(page);
  return best.rank;
}
var MAX_CUTS = 32;
var MAX_CUTS_WITHOUT_GAIN = 8;
function linkNearMiddle(chain, fixed, linked, goesFirst) {
  const middle = Math.floor(chain.length / 2);
  for (let step = 0; step < chain.length; step++) {
    for (const position of [middle + step, middle - step]) {
      const page = chain[position];
      const next = chain[position + 1];
      if (page === void 0 || next === void 0 || goesFirst.has(page)) continue;
      if (linked[page].includes(next) && !fixed[page].includes(next)) return page;
    }
  }
  return void 0;
}
function siblingsByRank(pages, rank, isNew) {
  const childrenOf = /* @__PURE__ */ new Map();
  for (const page of pages) {
    const parent = page.node.parent ?? "";
    const children = childrenOf.get(parent) ?? [];
    children.push(page);
    childrenOf.set(parent, children);
  }
  let pulledAhead = 0;
  let changed = false;
  for (const [parent, children] of childrenOf) {
    const fresh = children.filter(isNew);
    if (fresh.length < 2) continue;
    const ranked = [...fresh].sort((a, b) => (rank.get(a.key) ?? Infinity) - (rank.get(b.key) ?? Infinity));
    if (ranked.every((page, index) => page === fresh[index])) continue;
    changed = true;
    const byName = new Map(fresh.map((page, index) => [page.key, index]));
    for (const [index, page] of ranked.entries()) if ((byName.get(page.key) ?? index) > index) pulledAhead++;
    let slot = 0;
    childrenOf.set(parent, children.map((page) => isNew(page) ? ranked[slot++] : page));
  }
  if (!changed) return { pages, pulledAhead: 0 };
  const ordered = [];
  const visit = (page) => {
    ordered.push(page);
    for (const child of childrenOf.get(page.node.path) ?? []) visit(child);
  };
  const pagePaths = new Set(pages.map((page) => page.node.path));
  const started = /* @__PURE__ */ new Set();
  for (const page of pages) {
    const parent = page.node.parent ?? "";
    if (pagePaths.has(parent) || started.has(parent)) continue;
    started.add(parent);
    for (const child of childrenOf.get(parent) ?? []) visit(child);
  }
  return ordered.length === pages.length ? { pages: ordered, pulledAhead } : { pages, pulledAhead: 0 };
}

// src/core/tree/planTreeOf.ts
function pinnedFile(item, target, treeSpaceId) {
  const file = { path: item.file.label, title: target.pageTitle, parentId: target.parentId, inTreeSpace: target.spaceId === treeSpaceId };
  if (item.link?.pageId !== void 0) file.pageId = item.link.pageId;
  return file;
}
function followRecordedPage(item, pageId) {
  if (item.link || !item.complete) return;
  const { spaceId, parentId, pageTitle } = item.complete;
  const link = { spaceId, parentId, pageTitle, pageId, publishedAt: 0 };
  const target = mergeTargets(item.prepared.frontMatterTarget, link, item.target);
  const complete = completeTarget(target);
  item.link = link;
  item.target = target;
  if (complete) item.complete = complete;
  item.linkedPage = complete !== void 0 && linkNames(link, complete);
}
function planTreeOf(sources, given) {
  const recordedEntries = given.identity.entries();
  const keysOfParent = keysRecordingPage(recordedEntries, given.parentId);
  const options = keysOfParent.size === 0 ? given : { ...given, identity: identityWithout(given.identity, keysOfParent) };
  const rootPath = folderKey(options.rootPath);
  const pinnedSources = [];
  const pinned = [];
  const refused2 = [];
  const inTree = /* @__PURE__ */ new Map();
  for (const source2 of sources) {
    if (source2.place === "tree") inTree.set(source2.file.label, source2);
    else if (source2.place === "refused") refused2.push(source2.item);
    else {
      pinned.push(source2.item);
      if (isBelow(source2.file.label, rootPath)) pinnedSources.push(source2);
    }
  }
  const words = options.treeMessages ?? englishTreeMessages;
  const partContent = options.partOf === void 0 ? void 0 : topContentSource(inTree, rootPath);
  if (partContent !== void 0 && options.partOf !== void 0) {
    inTree.delete(partContent.file.label);
    refuseItem(partContent.item, { code: "treeParent", message: words.contentOfTreeParent(partContent.file.label, options.parentId, options.partOf.manifest, options.partOf.treeFolder), fix: void 0 });
    refused2.push(partContent.item);
  }
  const partContentKey = partContent === void 0 ? {} : { partContent: partContent.file.label.slice(rootPath.length) };
  const treeInputs = [];
  for (const source2 of inTree.values()) {
    const input2 = { path: source2.file.label, title: source2.title, titleFromName: source2.titleFromName };
    if (source2.titleOnly) input2.titleOnly = true;
    treeInputs.push(input2);
  }
  const tree = shapeTree(treeInputs, rootPath);
  const keyOf = (path) => path.slice(rootPath.length);
  const previous = withTitlesRenamedOnWiki(recordsByPath(tree, options.identity, recordedEntries, keysOfParent), tree, options.wikiRead);
  const moves = detectMoves(previous, tree, refused2.map((item) => item.file.label), pinned.flatMap((item) => item.complete ? [pinnedFile(item, item.complete, options.spaceId)] : []), options.parentId);
  const pinnedAt = new Map(pinned.map((item) => [item.file.label, item]));
  let followsToCheck;
  if (moves.undecided.length > 0) {
    followsToCheck = [];
    const stillUndecided = [];
    for (const move of moves.undecided) {
      const item = pinnedAt.get(move.path);
      const title = previous.get(move.oldPath)?.title ?? "";
      if (item?.link && item.complete) {
        if (linkNames(item.link, item.complete)) moves.renamed.push(move);
        else moves.orphans.push({ path: move.oldPath, pageId: move.pageId, title });
      } else if (item?.complete && options.pageAccess) {
        followsToCheck.push({ move, title, item, before: { target: item.target, complete: item.complete, linkedPage: item.linkedPage } });
        moves.renamed.push(move);
      } else stillUndecided.push(move);
    }
    moves.undecided = stillUndecided;
    moves.renamed.sort((a, b) => compareRelativePaths(a.path, b.path));
    moves.orphans.sort((a, b) => compareRelativePaths(a.path, b.path));
  }
  for (const rename2 of moves.renamed) {
    const item = pinnedAt.get(rename2.path);
    if (item) followRecordedPage(item, rename2.pageId);
  }
  const renamedFrom = new Map(moves.renamed.map((rename2) => [keyOf(rename2.path), keyOf(rename2.oldPath)]));
  const recordedUnderOldKey = (key) => {
    const old = renamedFrom.get(key);
    return old === void 0 ? void 0 : options.identity.get(old);
  };
  const recordedAt = (key) => options.identity.get(key) ?? recordedUnderOldKey(key);
  const recordedId = (key) => recordedAt(key)?.id;
  const renamedFromPath = new Map(moves.renamed.map((rename2) => [rename2.path, rename2.oldPath]));
  const succeeded = succeededPaths(moves, tree);
  const ownRecordAt = (path) => succeeded.size > 0 && succeeded.has(path) ? void 0 : previous.get(path);
  const recordedAtPath = (path) => {
    const own = ownRecordAt(path);
    if (own !== void 0) return own;
    const old = renamedFromPath.get(path);
    return old === void 0 ? void 0 : previous.get(old);
  };
  const headingsOfKey = (key) => {
    const node = tree.byPath.get(`${rootPath}${key}`);
    const source2 = node?.kind === "file" ? node.path : node?.contentFrom;
    return source2 === void 0 ? void 0 : inTree.get(source2)?.linkFacts.headings;
  };
  const pinnedHeadings = new Map(pinnedSources.map((source2) => [keyOf(source2.file.label), { title: source2.item.complete?.pageTitle ?? "", headings: source2.linkFacts.headings }]));
  const anchorOf = wikiAnchorByPath(treeHeadingsByPath(tree, headingsOfKey, (path) => pinnedHeadings.get(path)));
  const checkLinkTargets = options.pageAddresses !== false;
  const outsideReached = (fileKey) => {
    const outside = options.outsideLinks;
    return outside ? (destination) => outside.reached(fileKey, destination) : void 0;
  };
  const titledBack = takeTitlesBack({
    tree,
    moves,
    spaceId: options.spaceId,
    chosenParentId: options.parentId,
    pageAccess: options.pageAccess,
    recordedId: (path) => recordedAtPath(path)?.pageId,
    linkOf: (node) => nodeLink(node, options.links, (path) => inTree.get(path)?.item.link, (path) => inTree.get(path)?.file.key)
  });
  const retitledFrom = new Map(moves.retitled.map((page) => [page.path, page]));
  const collisions = titleCollisions(tree, pinned, options.spaceId, words);
  const withoutId = (path) => !options.pageAccess && (recordedAtPath(path) === void 0 || retitledFrom.has(path));
  const refusedNode = (node) => {
    const source2 = node.kind === "file" ? node.path : node.contentFrom;
    const sourceItem = source2 === void 0 ? void 0 : inTree.get(source2)?.item;
    return collisions.ofNode.has(node) || withoutId(node.path) || keysOfParent.size > 0 && keysOfParent.has(keyOf(node.path)) || sourceItem !== void 0 && (sourceItem.refusals.length > 0 || sourceItem.prepared.frontMatterPageId === options.parentId);
  };
  const unlinkedChild = (node) => refusedNode(node) && (withoutId(node.path) || recordedAtPath(node.path)?.pageId === void 0);
  const linkedIds = /* @__PURE__ */ new Map();
  const parentIds = /* @__PURE__ */ new Map();
  const parentRecordedId = (parentPath) => {
    if (parentIds.has(parentPath)) return parentIds.get(parentPath);
    const id = recordedAtPath(parentPath)?.pageId ?? linkedIds.get(parentPath);
    parentIds.set(parentPath, id);
    return id;
  };
  const pages = tree.nodes.map((node) => {
    const key = keyOf(node.path);
    const ownRecord = ownRecordAt(node.path);
    const recorded = ownRecord ?? recordedAtPath(node.path);
    const retitled = retitledFrom.get(node.path);
    const oldTitle = retitled?.title;
    const parentId = node.parent === void 0 ? options.parentId : parentRecordedId(node.parent);
    const sourcePath = node.kind === "file" ? node.path : node.contentFrom;
    const defaults = { spaceId: options.spaceId, parentId: parentId ?? options.parentId, pageTitle: titleToSend(node.title, recorded?.title), overwrite: recorded !== void 0 && oldTitle === void 0 || options.overwrite };
    const planned = sourcePath !== void 0 ? inTree.get(sourcePath) : generatedPage(node, tree, defaults, options, unlinkedChild);
    const item = planned.item;
    if (node.titleFrom !== void 0) item.cautions.push({ code: "listsChildren", message: words.listsChildren(node.titleFrom) });
    if (node.kind === "folder") item.link = newestFolderPageLink(node, item.link, options.links, (path) => inTree.get(path)?.file.key);
    const back = titledBack.get(node.path);
    if (back !== void 0) item.link = back.link;
    if (oldTitle === void 0 && parentId !== void 0 && linkNames(item.link, defaults)) defaults.overwrite = true;
    item.target = defaults;
    item.complete = defaults;
    item.linkedPage = parentId !== void 0 && linkNames(item.link, defaults);
    const linkedId = recorded === void 0 && oldTitle === void 0 && item.linkedPage ? item.link?.pageId : void 0;
    if (linkedId !== void 0) linkedIds.set(node.path, linkedId);
    const unchanged = !options.force && item.linkedPage && item.link?.contentSha256 === item.contentSha256;
    item.state = item.refusals.length > 0 ? "refused" : unchanged ? "unchanged" : "send";
    const foundId = options.foundEntries?.get(key)?.id;
    if (foundId !== void 0 && item.link?.pageId !== foundId) item.foundOnWiki = options.foundByMarkerOnly?.has(key) === true ? "byMarkerOnly" : true;
    if (recorded !== void 0 && item.link === void 0) {
      item.link = { spaceId: defaults.spaceId, parentId: defaults.parentId, pageTitle: oldTitle ?? defaults.pageTitle, pageId: recorded.pageId, publishedAt: 0 };
      item.linkedPage = parentId !== void 0 && oldTitle === void 0;
    }
    const renamedPath = ownRecord === void 0 ? renamedFromPath.get(node.path) : void 0;
    if (renamedPath !== void 0 && item.link !== void 0 && item.link.formerFile === void 0) item.link = { ...item.link, formerFile: renamedPath };
    if (oldTitle !== void 0 && recorded !== void 0) {
      item.cautions.push({ code: "leavesPage", message: words.retitledPage(oldTitle, node.title, recorded.pageId, retitled?.takenBy) });
      if (item.state === "unchanged") item.state = "send";
    }
    const parentKnown = parentId !== void 0;
    const page = recorded ? { node, linkFacts: planned.linkFacts, key, item, parentKnown, pageId: recorded.pageId } : { node, linkFacts: planned.linkFacts, key, item, parentKnown };
    if (linkedId !== void 0) page.linkedPageId = linkedId;
    const oldKey = ownRecord === void 0 ? renamedFrom.get(key) : void 0;
    if (oldKey !== void 0) page.renamedFrom = oldKey;
    if (oldTitle !== void 0) page.retitledFrom = oldTitle;
    if (back !== void 0) {
      page.titledBackTo = back.pageId;
      item.cautions.push({
        code: "titledBack",
        message: back.from === void 0 ? words.titledBack(back.left.title, node.title, back.pageId, back.left.pageId) : back.fromGone ? words.takesGoneFilesTitle(back.left.title, node.title, back.pageId, back.from, back.left.pageId) : words.takesGivenUpTitle(back.left.title, node.title, back.pageId, back.from, back.left.pageId, back.leftTo)
      });
      if (item.state === "unchanged") item.state = "send";
    }
    return page;
  });
  const pinnedLinkFacts = new Map(pinnedSources.map((source2) => [keyOf(source2.file.label), source2.linkFacts]));
  const pinnedLinked = pinnedLinkedPages(pinnedSources.map((source2) => source2.item), rootPath, options.identity);
  const idOfNode = (path) => titledBack.get(path)?.pageId ?? (retitledFrom.has(path) ? void 0 : recordedAtPath(path)?.pageId) ?? linkedIds.get(path);
  const createdHere = new Set(pages.filter((page) => page.item.state === "send" && idOfNode(page.node.path) === void 0 && !refusedNode(page.node)).map((page) => page.node.path));
  const knownIdOfNode = (path) => idOfNode(path) ?? (createdHere.has(path) ? `new:${path}` : void 0);
  const renamedAway = renamedAwayKeys(moves.renamed, rootPath);
  const knownIdOfPath = (path) => (renamedAway.has(path) ? void 0 : recordedId(path)) ?? pinnedLinked.get(path)?.id;
  const knownPageOf = treePageIdByNodePath(tree, knownIdOfNode, knownIdOfPath);
  const pageIdForLinks = checkLinkTargets ? knownPageOf : NO_PAGE;
  const keptNodes = checkLinkTargets ? refusedPagesByNode(pages, options.refusedEntryPages) : void 0;
  const keptPageOf = keptNodes && treePageIdByNodePath(tree, (path) => keptNodes.get(path) ?? knownIdOfNode(path), knownIdOfPath);
  for (const page of pages) {
    const item = page.item;
    const linkingFile = linkingFileOf(page.node, rootPath);
    const reachedNow = checkLinkTargets ? linkTargetsDigest(page.linkFacts.destinations, linkingFile, pageIdForLinks, options.rootInRepository, anchorOf, outsideReached(item.file.key)) : "";
    item.linkTargets = reachedNow;
    const kept = keptPageOf && page.linkFacts.destinations.length > 0 ? linkTargetsDigest(page.linkFacts.destinations, linkingFile, keptPageOf, options.rootInRepository, anchorOf, outsideReached(item.file.key)) : void 0;
    if (kept !== void 0 && kept !== reachedNow) item.linkTargetsKept = kept;
    const reachedBefore = checkLinkTargets && item.state === "unchanged" ? item.link?.linkTargets : void 0;
    if (reachedBefore !== void 0 && reachedBefore !== reachedNow && reachedBefore !== item.linkTargetsKept) item.state = "send";
  }
  for (const { item, file, linkFacts } of pinnedSources) {
    const reachedNow = () => checkLinkTargets ? linkTargetsDigest(linkFacts.destinations, keyOf(file.label), knownPageOf, options.rootInRepository, anchorOf, outsideReached(file.key)) : void 0;
    const reached = reachedNow();
    if (reached !== void 0) item.linkTargets = reached;
    if (linksReachOtherPages(item, reachedNow)) item.state = "send";
  }
  for (const page of pages) refuse2(page.item, collisions.ofNode.get(page.node) ?? retitledOnlyInCase(page.node.title, recordedAtPath(page.node.path), options.messages));
  if (keysOfParent.size > 0) {
    for (const page of pages) {
      if (keysOfParent.has(page.key)) refuse2(page.item, { code: "treeParent", message: words.recordedAsParent(page.key, options.parentId), fix: void 0 });
    }
  }
  for (const item of pinned) refuse2(item, collisions.ofPinned.get(item));
  for (const page of pages) {
    if (page.item.prepared.frontMatterPageId === options.parentId) refuse2(page.item, namesChosenPageById(page.item, options.parentId, words));
  }
  for (const item of pinned) {
    const key = isBelow(item.file.label, rootPath) ? keyOf(item.file.label) : void 0;
    const recordedForIt = key !== void 0 && keysOfParent.has(key) && item.prepared.frontMatterPageId !== options.parentId;
    refuse2(item, recordedForIt ? { code: "treeParent", message: words.recordedAsParent(key, options.parentId), fix: void 0 } : namesChosenPageById(item, options.parentId, words));
  }
  if (!options.pageAccess) cautionUncheckedChosenPage(pinned, options.parentId, void 0, words);
  refuseWithoutIds(pages, (page) => !options.pageAccess && (page.pageId === void 0 || page.retitledFrom !== void 0), words);
  refuseByRecord(pages, pinned, options, rootPath, words);
  refuseUnderRefusedFolders(pages, words);
  const { unknown, dotted, unaddressed } = foreseeTreeLinks({ tree, pages, pinnedLinkFacts, refused: refused2, moves, ...partContentKey }, pinnedSources.map((source2) => source2.item), options);
  const refusedUnder = placesOfRefused(refused2, tree, parentRecordedId);
  const linksWait = options.pageAccess && checkLinkTargets;
  const ordered = sendOrderOf({ tree, rootInRepository: options.rootInRepository }, pages, createdHere, {
    keepSiblingOrder: options.siblingOrder === "name" || !linksWait,
    linksWait,
    lanes: DEFAULT_CONCURRENCY
  });
  return {
    tree,
    pages: ordered.pages,
    sendRank: ordered.rank,
    pinned,
    pinnedLinkFacts,
    refused: refused2,
    moves,
    overwrite: options.overwrite,
    rootInRepository: options.rootInRepository,
    parentId: options.parentId,
    ...followsToCheck !== void 0 && followsToCheck.length > 0 ? { followsToCheck } : {},
    ...unknown.size > 0 ? { unknownLinkPaths: unknown } : {},
    ...dotted.size > 0 ? { dottedLinkPaths: dotted } : {},
    ...options.outsideLinks ? { outsideLinks: options.outsideLinks } : {},
    ...unaddressed > 0 ? { linksWithoutAddress: unaddressed } : {},
    ...refusedUnder !== void 0 ? { refusedUnder } : {},
    ...ordered.pulledAhead > 0 ? { pulledAhead: ordered.pulledAhead } : {},
    ...options.refusedEntries !== void 0 && options.refusedEntries.size > 0 ? { refusedEntries: options.refusedEntries } : {},
    ...options.foundEntries !== void 0 && options.foundEntries.size > 0 ? { foundOnWiki: options.foundEntries } : {},
    ...options.wikiRead !== void 0 ? { read: options.wikiRead } : {},
    ...partContentKey
  };
}
function topContentSource(inTree, rootPath) {
  const top = [];
  for (const [label, source2] of inTree) if (isBelow(label, rootPath) && !label.slice(rootPath.length).includes("/")) top.push({ path: label, source: source2 });
  return folderContentFile(top, nameOf(rootPath))?.source;
}
function keysRecordingPage(entries, pageId) {
  const keys = /* @__PURE__ */ new Set();
  for (const [key, entry] of entries) if (entry.id === pageId) keys.add(key);
  return keys;
}
function identityWithout(identity, keys) {
  return {
    get: (key) => keys.has(key) ? void 0 : identity.get(key),
    entries: () => identity.entries().filter(([key]) => !keys.has(key))
  };
}
function refusedPagesByNode(pages, refused2) {
  if (refused2 === void 0 || refused2.size === 0) return void 0;
  const byNode = /* @__PURE__ */ new Map();
  for (const page of pages) {
    const id = refused2.get(page.key);
    if (id !== void 0) byNode.set(page.node.path, id);
  }
  return byNode.size > 0 ? byNode : void 0;
}

// src/core/tree/foundTreePages.ts
async function findUnrecordedTreePages(sources, options, pages, signal) {
  if (options.partOf !== void 0) return void 0;
  const root = folderKey(options.rootPath);
  const bySource = /* @__PURE__ */ new Map();
  const inputs = [];
  for (const source2 of sources) {
    if (source2.place !== "tree") continue;
    bySource.set(source2.file.label, source2);
    const input2 = { path: source2.file.label, title: source2.title, titleFromName: source2.titleFromName };
    if (source2.titleOnly) input2.titleOnly = true;
    inputs.push(input2);
  }
  const keyOf = (node) => node.path.slice(root.length);
  const identity = options.identity;
  const tree = shapeTree(inputs, root);
  const unrecordedBelow = unrecordedSubtrees(tree.nodes, keyOf, identity);
  if (!tree.top.some((path) => unrecordedBelow.has(path))) return void 0;
  const found = { entries: /* @__PURE__ */ new Map(), read: /* @__PURE__ */ new Map(), byMarkerOnly: /* @__PURE__ */ new Set() };
  const nodeAt = (path) => tree.byPath.get(path);
  let levels = [{ parentId: options.parentId, nodes: tree.top.map(nodeAt) }];
  while (levels.length > 0) {
    const candidates = /* @__PURE__ */ new Map();
    const recordedParents = new Set(levels.filter((level) => level.recorded).flatMap((level) => level.nodes));
    await mapBounded(levels, DEFAULT_LOOKUPS_AT_ONCE, async (level) => {
      const wanted = level.nodes.filter((node) => identity.get(keyOf(node)) === void 0 && !options.refusedEntries?.has(keyOf(node)) && mayTakePage(node, bySource));
      if (wanted.length === 0) return;
      const children = await lookedUp(() => pages.listChildren(level.parentId, signal), signal);
      for (const node of wanted) {
        const child = childTitled(children, node.title);
        if (child) candidates.set(node, child.id);
      }
    });
    const read = candidates.size === 0 ? void 0 : await lookedUp(() => pages.getPages([...candidates.values()], signal, { withBody: true }), signal);
    for (const [node, id] of candidates) {
      const page = read?.get(id);
      const marker = page?.body?.marker;
      if (page === void 0 || marker === void 0 || !filesOf(node).some((label) => pathDigest(label) === marker.path)) continue;
      if (!recordedParents.has(node) && !takesWithoutRepository(node, bySource, marker, pages.knowsRepository === true, options.overwrite)) found.byMarkerOnly.add(keyOf(node));
      found.entries.set(keyOf(node), { id: page.id, title: page.title });
      found.read.set(page.id, page);
    }
    const next = [];
    for (const level of levels) {
      for (const node of level.nodes) {
        const recordedId = identity.get(keyOf(node))?.id;
        const id = recordedId ?? found.entries.get(keyOf(node))?.id;
        const below = node.children.filter((path) => unrecordedBelow.has(path));
        if (id !== void 0 && below.length > 0) next.push({ parentId: id, nodes: below.map(nodeAt), ...recordedId !== void 0 ? { recorded: true } : {} });
      }
    }
    levels = next;
  }
  return found.entries.size === 0 ? void 0 : found;
}
function identityWithFound(identity, found) {
  const withFound = {
    get: (key) => identity.get(key) ?? found.get(key),
    entries: () => [...identity.entries(), ...found]
  };
  if (identity.locate) withFound.locate = (key) => found.has(key) ? key : identity.locate(key);
  return withFound;
}
function filesOf(node) {
  const files = [node.path];
  if (node.contentFrom !== void 0) files.push(node.contentFrom);
  if (node.titleFrom !== void 0) files.push(node.titleFrom);
  return files;
}
function mayTakePage(node, bySource) {
  const file = node.kind === "file" ? node.path : node.contentFrom;
  const source2 = file === void 0 ? void 0 : bySource.get(file);
  return source2?.item.prepared.frontMatterTarget.overwrite !== false;
}
function takesWithoutRepository(node, bySource, marker, repositoryKnown, overwrite) {
  const file = node.kind === "file" ? node.path : node.contentFrom;
  const item = file === void 0 ? void 0 : bySource.get(file)?.item;
  if (item === void 0) return repositoryKnown || overwrite;
  return mayTakeUnrecordedPage(marker, item, repositoryKnown);
}
function unrecordedSubtrees(nodes, keyOf, identity) {
  const marked = /* @__PURE__ */ new Set();
  for (let index = nodes.length - 1; index >= 0; index--) {
    const node = nodes[index];
    if (identity.get(keyOf(node)) === void 0 || node.children.some((path) => marked.has(path))) marked.add(node.path);
  }
  return marked;
}
async function lookedUp(lookup, signal) {
  try {
    return await lookup();
  } catch (error) {
    if (signal?.aborted) throw error;
    return void 0;
  }
}

// src/core/tree/treePlan.ts
function planOptionsOf(options) {
  return { ...options, pageAccess: options.wiki !== void 0 || options.pageAccess === true };
}
function wikiOfOnePlan(wiki) {
  return wiki === void 0 ? void 0 : { ...wiki, pages: withSpacesAskedOnce(wiki.pages) };
}
function askedAhead(options, wiki) {
  if (wiki === void 0 || wiki.whileLooking !== void 0) return void 0;
  wiki.pages.resolveSpace(options.spaceId, wiki.signal).catch(() => void 0);
  const read = readRecordedPages(options.identity, options.parentId, wiki.pages, wiki.signal);
  read?.catch(() => void 0);
  return read;
}
async function lookingAtWiki(wiki, plan) {
  if (wiki?.whileLooking === void 0) return plan(wiki?.signal);
  let ended;
  await wiki.whileLooking(async (signal) => {
    try {
      ended = { value: await plan(signal) };
    } catch (error) {
      ended = { error };
      throw error;
    }
  });
  if (ended === void 0) return plan(wiki.signal);
  if ("error" in ended) throw ended.error;
  return ended.value;
}
async function withEntriesChecked(sources, options, wiki, signal, readAhead) {
  if (wiki === void 0) return options;
  const root = folderKey(options.rootPath);
  const namedPlaces = /* @__PURE__ */ new Map();
  const present = /* @__PURE__ */ new Set();
  const followed = /* @__PURE__ */ new Map();
  const filesAt = /* @__PURE__ */ new Map();
  const add = (key, ...paths) => {
    filesAt.set(key, [...filesAt.get(key) ?? [`${root}${key}`], ...paths]);
  };
  for (const source2 of sources) {
    const key = keyOfLabel(source2.file.label, root);
    if (key === void 0) continue;
    const { label, key: fullPath } = source2.file;
    add(key, fullPath);
    const folder = folderAbove(key);
    if (folder !== "") add(folder, label, fullPath, ...fullPath.endsWith(key) ? [fullPath.slice(0, fullPath.length - key.length + folder.length)] : []);
    for (let folder2 = folderAbove(key); folder2 !== "" && !present.has(folder2); folder2 = folderAbove(folder2)) present.add(folder2);
    present.add(key);
    const place = source2.item.complete;
    if (source2.place !== "pinned" || place === void 0) continue;
    namedPlaces.set(key, { spaceId: place.spaceId, parentId: place.parentId });
    followed.set(place.pageTitle, [...followed.get(place.pageTitle) ?? [], place.parentId]);
  }
  const filesOf2 = (key) => {
    const files = filesAt.get(key) ?? [`${root}${key}`];
    return key.endsWith("/") ? [...files, ...contentFileNames(nameOf(key.slice(0, -1))).map((name) => `${root}${key}${name}`)] : files;
  };
  const check = await checkRecordedEntries(options.identity, { parentId: options.parentId, namedPlaces, present, followed, filesOf: filesOf2 }, wiki.pages, signal, options.treeMessages, readAhead);
  const checked = check.refused.size === 0 ? { ...options, wikiRead: check.read } : {
    ...options,
    identity: acceptedEntries(options.identity, check.refused),
    refusedEntries: check.refused,
    refusedEntryPages: recordedPagesOf(options.identity, check.refused),
    wikiRead: check.read,
    ...check.unread ? { entriesUnread: check.unread } : {}
  };
  if (check.unread) return checked;
  const read = checked.wikiRead ?? /* @__PURE__ */ new Map();
  const gone = new Map(checked.identity.entries().filter(([, entry]) => !read.has(entry.id)).map(([key]) => [key, ""]));
  const found = await findUnrecordedTreePages(sources, { ...checked, identity: acceptedEntries(checked.identity, gone) }, wiki.pages, signal);
  if (found === void 0) return checked;
  const madeAnew = new Map([...gone].filter(([key]) => found.entries.has(key)));
  return {
    ...checked,
    identity: identityWithFound(acceptedEntries(checked.identity, madeAnew), found.entries),
    foundEntries: found.entries,
    foundByMarkerOnly: found.byMarkerOnly,
    wikiRead: new Map([...read, ...found.read])
  };
}
function recordedPagesOf(identity, refused2) {
  const pages = /* @__PURE__ */ new Map();
  for (const key of refused2.keys()) {
    const id = identity.get(key)?.id;
    if (id !== void 0) pages.set(key, id);
  }
  return pages;
}
async function checkedOnWiki(plan, options, planOptions, signal) {
  if (!options.wiki) return plan;
  const pinned = plan.pinned.filter((item) => isBelow(item.file.label, plan.tree.rootPath));
  const refusedBefore = refusedLinkPaths({ ...plan, pinned });
  await checkTreeOnWiki(plan, options.wiki.pages, { spaceId: options.spaceId, parentId: options.parentId, recorded: options.wiki.parentRecorded, read: planOptions.wikiRead }, signal, options.treeMessages);
  const refusedNow = refusedLinkPaths({ ...plan, pinned });
  if ([...refusedNow].some((path) => !refusedBefore.has(path))) {
    const { unaddressed } = foreseeTreeLinks(plan, pinned, planOptions, { missing: plan.missingFiles ?? /* @__PURE__ */ new Set(), pageless: plan.pagelessFolders ?? /* @__PURE__ */ new Set() });
    countLinksWithoutAddress(plan, unaddressed);
  }
  return plan;
}
async function checkedWithOutsideLinks(sources, checking, options, ports) {
  const [checked, outsideLinks] = await Promise.all([checking, outsideLinksOf(sources, options, ports)]);
  return outsideLinks === void 0 ? checked : { ...checked, outsideLinks };
}
async function outsideLinksOf(sources, options, ports) {
  if (!ports) return void 0;
  const root = folderKey(options.rootPath);
  const linking = [];
  for (const source2 of sources) {
    if ((source2.linkReach & LINKS_MAY_LEAVE) === 0) continue;
    const from = source2.file.label.slice(root.length);
    const leaving = source2.linkFacts.destinations.filter((destination) => {
      const target = linkTarget2(destination, from, options.rootInRepository);
      return target.kind === "file" && target.path === void 0;
    });
    if (leaving.length > 0) linking.push({ fileKey: source2.file.key, destinations: leaving });
  }
  if (linking.length === 0) return void 0;
  return outsideLinkedPages(linking, ports);
}
async function planTreeFromWalk(walk, sourceOptions, entryOptions, root, outside) {
  const options = planOptionsOf(entryOptions);
  const wiki = wikiOfOnePlan(entryOptions.wiki);
  const readAhead = askedAhead(options, wiki);
  const digest = async () => {
    const sources = await eachSourceFromWalk(walk, sourceOptions, (source2) => digestTreeSource(source2, options, { headingsLater: true }));
    await takeAnchoredHeadings(sources, options);
    return sources;
  };
  const digested = await digest();
  return lookingAtWiki(wiki, async (signal) => {
    const checking = withEntriesChecked(digested, options, wiki, signal, readAhead);
    const planned = readAhead === void 0 ? await planAfterCheck(digested, checking) : await planWhileChecking(digested, checking);
    await sayMissingLinkFiles(planned.plan, planned.options, { fs: sourceOptions.fs, root });
    return checkedOnWiki(planned.plan, { ...entryOptions, wiki }, planned.options, signal);
  });
  async function planAfterCheck(sources, checking) {
    const withOutside = await checkedWithOutsideLinks(sources, checking, options, outside);
    return { plan: planTreeOf(sources, withOutside), options: withOutside };
  }
  async function planWhileChecking(sources, checking) {
    checking.catch(() => void 0);
    const outsideLinks = await outsideLinksOf(sources, options, outside);
    const assumed = outsideLinks === void 0 ? options : { ...options, outsideLinks };
    const plan = planTreeOf(sources, assumed);
    const checked = await checking;
    if (checked.refusedEntries !== void 0 || checked.foundEntries !== void 0 || recordsRenamedOnWikiInCase(checked.identity, checked.wikiRead)) return planAfterCheck(await digest(), checking);
    if (checked.wikiRead !== void 0) plan.read = checked.wikiRead;
    return { plan, options: checked.wikiRead === void 0 ? assumed : { ...assumed, wikiRead: checked.wikiRead } };
  }
}
async function takeAnchoredHeadings(sources, options) {
  const root = folderKey(options.rootPath);
  const anchored = /* @__PURE__ */ new Set();
  for (const source2 of sources) {
    if ((source2.linkReach & LINKS_NAMING_HEADINGS) === 0) continue;
    const from = source2.file.label.slice(root.length);
    for (const destination of source2.linkFacts.destinations) {
      if (destination.indexOf("#") <= 0) continue;
      const target = linkTarget2(destination, from, options.rootInRepository);
      const path = target.kind === "file" && target.anchor ? pagePath(target) : void 0;
      if (path !== void 0) anchored.add(`${root}${path}`);
    }
  }
  if (anchored.size === 0) return;
  const named = (label) => {
    if (anchored.has(label)) return true;
    const folder = parentFolderOf(label);
    return anchored.has(folder) && folderContentRank(nameOf(label), nameOf(folder)) !== void 0;
  };
  for (const source2 of sources) {
    if (source2.place === "refused" || !named(source2.file.label)) continue;
    const planned = await plannedContent(source2.item, options.messages);
    if (planned.ok) source2.linkFacts.headings = detachedAll(markdownHeadings(planned.content));
  }
}

// src/cli/fileLinks.ts
var import_node_fs5 = require("node:fs");
var import_node_path7 = require("node:path");
function labelledManifestFiles(cwd) {
  return { read: (location) => nodeManifestReader.read(location), label: (location) => (0, import_node_path7.relative)(cwd, location).split(import_node_path7.sep).join("/") };
}
function cliFileLinkPorts(options) {
  const top = (0, import_node_path7.resolve)(options.cwd);
  return {
    fs: nodeWalkFs({ cwd: top }),
    placeOf: (key) => {
      const path = (0, import_node_path7.relative)(top, key);
      return isBelow2(path) ? { folder: top, path: path.split(import_node_path7.sep).join("/") } : void 0;
    },
    linkOf: async (key) => options.state?.get(key),
    recordedLinks: (keys) => {
      const listings = folderListings();
      return repositoryLinks(keys.map((key) => repositoryLinkFile(key, options.cwd, listings)), labelledManifestFiles(options.cwd));
    },
    siteBase: options.baseUrl,
    spaceKey: (spaceId) => addressSpaceKey(spaceId, options.pages, options.signal),
    pageAccess: async () => options.pages !== void 0
  };
}
function folderListings() {
  const listed2 = /* @__PURE__ */ new Map();
  return (folder) => {
    if (!listed2.has(folder)) {
      let names;
      try {
        names = (0, import_node_fs5.readdirSync)(folder);
      } catch {
        names = void 0;
      }
      listed2.set(folder, names);
    }
    return listed2.get(folder);
  };
}
function repositoryLinkFile(path, cwd, listing = folderListings()) {
  const siblingNames = listing((0, import_node_path7.dirname)(path));
  return { key: path, ancestors: eachManifestAncestor(path, cwd), ...siblingNames ? { siblingNames } : {} };
}
function manifestAncestors(path, cwd) {
  return [...eachManifestAncestor(path, cwd)];
}
function* eachManifestAncestor(path, cwd) {
  const top = (0, import_node_path7.resolve)(cwd);
  const slash = path.endsWith("/") ? "/" : "";
  if (!(path === top || path.startsWith(top.endsWith(import_node_path7.sep) ? top : `${top}${import_node_path7.sep}`))) return;
  if (slash !== "") yield { folder: path.slice(0, -1), manifestLocation: (0, import_node_path7.join)(path, MANIFEST_FILE_NAME), relativePath: "" };
  if (slash !== "" && path.slice(0, -1) === top) return;
  for (let folder = (0, import_node_path7.dirname)(path); ; folder = (0, import_node_path7.dirname)(folder)) {
    yield lazyManifestAncestor(folder, () => (0, import_node_path7.join)(folder, MANIFEST_FILE_NAME), () => `${(0, import_node_path7.relative)(folder, path).split(import_node_path7.sep).join("/")}${slash}`);
    if (folder === top || (0, import_node_path7.dirname)(folder) === folder) return;
  }
}
function isBelow2(path) {
  return path !== "" && path !== ".." && !path.startsWith(`..${import_node_path7.sep}`) && !(0, import_node_path7.isAbsolute)(path);
}

// src/cli/expectPlan.ts
var import_promises6 = require("node:fs/promises");
var import_node_path8 = require("node:path");

// src/core/run/planLanded.ts
var PARENT_AT = 3;
var OVERWRITE_AT = 5;
var STATE_AT = 7;
function landedEntryHashes(fingerprint, key) {
  const entry = fingerprint.sources.get(key);
  if (entry === void 0) return [];
  const described = describeEntry(entry, fingerprint.wikiChecked);
  const parents = /* @__PURE__ */ new Set([described[PARENT_AT], ...entry.treeParent !== void 0 && entry.treeParent !== "" ? [treeRootParent(fingerprint)] : []]);
  const landed = landedPage(entry);
  const forms = [];
  for (const parentId of parents) {
    const withParent2 = described.map((value, index) => index === PARENT_AT ? parentId : value);
    if (parentId !== described[PARENT_AT]) forms.push(withParent2);
    if (landed === void 0) continue;
    const files = withParent2.slice(0, STATE_AT);
    for (const overwrite of [false, true]) {
      files[OVERWRITE_AT] = overwrite;
      forms.push(fingerprint.wikiChecked ? [...files, "send", "create", "absent", null, null] : [...files, "send"]);
    }
    if (fingerprint.wikiChecked && landed.sentVersion > 1) {
      files[OVERWRITE_AT] = true;
      forms.push([...files, "onto", null, "onto", landed.id, landed.sentVersion - 1]);
    }
  }
  return forms.map(entryHash);
}
function landedPage(entry) {
  const { item } = entry;
  if (item.state !== "unchanged" && item.state !== "send") return void 0;
  const page = guardedPage(item.guard);
  const marker = page?.body?.marker;
  if (page === void 0 || marker === void 0 || marker.version === 0 || marker.version !== page.version) return void 0;
  if (marker.path !== pathDigest(item.file.label)) return void 0;
  const sentNow = marker.digest === digestNow(item) || marker.digest === digestNow(item, "");
  return sentNow ? { id: page.id, sentVersion: marker.version } : void 0;
}
function treeRootParent(fingerprint) {
  for (const entry of fingerprint.sources.values()) {
    if (entry.treeParent === "") return describeEntry(entry, fingerprint.wikiChecked)[PARENT_AT];
  }
  return void 0;
}

// src/core/run/planCheck.ts
function checkReviewedPlan(reviewed, views) {
  const candidates = reviewed.wikiChecked === true ? [views.wiki] : reviewed.wikiChecked === false ? [views.files] : [views.wiki, views.files];
  for (const candidate of candidates) {
    if (candidate && digestMatches(reviewed.digest, candidate.digest)) return { matched: true, fingerprint: candidate };
  }
  if (reviewed.wikiChecked === true && !views.wiki) return { matched: false, fingerprint: views.files, reason: "wikiUnknown", differences: [] };
  const fingerprint = (reviewed.wikiChecked === false ? views.files : views.wiki) ?? views.files;
  const entries = reviewed.entries;
  const differences = entries ? differencesOf(entries, fingerprint.entries) : [];
  const landedAsReviewed = (difference) => difference.change === "changed" && entries !== void 0 && landedEntryHashes(fingerprint, difference.key).includes(entries.get(difference.key) ?? "");
  const changed = differences.filter((difference) => !landedAsReviewed(difference));
  if (differences.length > 0 && changed.length === 0) return { matched: true, fingerprint, landed: differences.map((difference) => difference.key) };
  return { matched: false, fingerprint, reason: "changed", differences: changed };
}
function differencesOf(reviewed, now) {
  const differences = [];
  for (const [key, hash2] of now) {
    const before = reviewed.get(key);
    if (before === void 0) differences.push({ key, change: "added" });
    else if (before !== hash2) differences.push({ key, change: "changed" });
  }
  for (const key of reviewed.keys()) if (!now.has(key)) differences.push({ key, change: "removed" });
  return differences.sort((a, b) => a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

// src/cli/expectPlan.ts
async function refuseUnreviewedPlan(expected, views, deps) {
  if (expected === void 0) return void 0;
  const reviewed = await readReviewedPlan(expected, deps.cwd);
  if (!reviewed.ok) {
    deps.output.problem(`${reviewed.message} (see wiki-publisher --help)`);
    return EXIT_USAGE;
  }
  const check = checkReviewedPlan(reviewed.plan, views);
  const record = checkRecord(reviewed.plan, check);
  deps.output.record(record);
  if (deps.json) deps.output.json(record);
  if (check.matched) {
    const landed = check.landed === void 0 ? "" : ` (${counted(check.landed.length, "file", "files")} of it published as reviewed by an earlier run of it)`;
    deps.output.problem(`The plan is the reviewed one (digest ${shortDigest(reviewed.plan.digest)}): publishing it${landed}.`);
    return void 0;
  }
  for (const line of refusalLines(reviewed.plan, check)) deps.output.problem(line);
  for (const plan of deps.planRecords()) {
    deps.output.record(plan);
    if (deps.json) deps.output.json(plan);
  }
  const summary = { type: "summary", dryRun: false, interrupted: false, exitCode: EXIT_PLAN_CHANGED, planChanged: true, files: check.fingerprint.entries.size };
  deps.output.record(summary);
  if (deps.json) deps.output.json(summary);
  else deps.output.line(`Not published: the plan changed since it was reviewed (now ${shortDigest(check.fingerprint.digest)}); nothing was sent.`);
  return EXIT_PLAN_CHANGED;
}
async function readReviewedPlan(expected, cwd) {
  if (!expected.startsWith("@")) return reviewedPlanFromText(expected);
  const path = expected.slice(1);
  let text2;
  try {
    text2 = await (0, import_promises6.readFile)((0, import_node_path8.resolve)(cwd, path), "utf8");
  } catch (error) {
    return { ok: false, message: `--expect-plan: the reviewed plan ${path} could not be read: ${describeError(error)}` };
  }
  const parsed = reviewedPlanFromText(text2);
  return parsed.ok ? parsed : { ok: false, message: `--expect-plan: ${path}: ${parsed.message}` };
}
function checkRecord(reviewed, check) {
  return {
    type: "planCheck",
    matched: check.matched,
    expected: reviewed.digest,
    digest: check.fingerprint.digest,
    wikiChecked: check.fingerprint.wikiChecked,
    ...check.matched ? check.landed ? { landed: check.landed } : {} : { reason: check.reason, differences: check.differences }
  };
}
function refusalLines(reviewed, check) {
  if (check.reason === "wikiUnknown") {
    return ["Not published: the reviewed plan read the wiki, and this run has no page access, so it cannot tell whether pages were edited on the wiki since. Nothing was sent. Give the publish job the page access the plan job had."];
  }
  const lines = [`Not published: the plan changed since it was reviewed (reviewed ${shortDigest(reviewed.digest)}, now ${shortDigest(check.fingerprint.digest)}${check.fingerprint.wikiChecked ? ", wiki read" : ", files only"}). Nothing was sent.`];
  if (check.differences.length > 0) {
    for (const difference of check.differences.slice(0, 50)) lines.push(`  ${CHANGE_WORDS[difference.change]}: ${difference.key}`);
    if (check.differences.length > 50) lines.push(`  ... and ${check.differences.length - 50} more`);
  } else if (reviewed.entries) {
    lines.push("  Every file is as reviewed; what differs is the plan as a whole (the view of the wiki).");
  } else if (reviewed.wikiChecked === void 0) {
    lines.push("  Which files differ is not known: only the digest was given (pass the reviewed plan's Markdown or --json output as --expect-plan @FILE to see them). A publish of this plan that stopped part-way goes on with the rest when given the reviewed plan's Markdown or --json output.");
  } else {
    lines.push("  Which files differ is not known: the reviewed plan holds its digest but not each file's hash (a plan of this many files leaves them out of its Markdown); its --json output has them.");
  }
  lines.push("Review the plan again (re-run the plan on the pull request, or `wiki-publisher plan`) and publish with its digest.");
  return lines;
}
var CHANGE_WORDS = {
  changed: "changed since the review (content, target or what the wiki holds)",
  added: "not in the reviewed plan",
  removed: "in the reviewed plan, not in this one"
};

// src/cli/planFingerprint.ts
function flatPlanEntries(plan) {
  return plan.map((item) => ({ key: item.file.label, item }));
}
function treePlanEntries(plan) {
  return [
    ...[...plan.refused, ...plan.pinned].map((item) => ({ key: item.file.label, item })),
    ...plan.pages.map((page) => ({ key: page.item.file.label, item: page.item, treeParent: page.node.parent ?? "" }))
  ];
}
function planViews(entries, pageAccess) {
  const files = planFingerprint(entries, { wiki: false });
  const wiki = pageAccess ? planFingerprint(entries, { wiki: true }) : void 0;
  const lookupFailed = entries.some(({ item }) => unreadOnWiki(item.guard));
  return { wiki, files, shown: wiki && !lookupFailed ? wiki : files, lookupFailed };
}
function planSummaryField(fingerprint) {
  return {
    plan: {
      digest: fingerprint.digest,
      wikiChecked: fingerprint.wikiChecked,
      // Made when the summary is written out (JSON, or a record for a listener), not when it is built: a text plan of
      // 10,000 files prints only the digest, and an object of 10,000 keys cost more than printing it.
      get entries() {
        return Object.fromEntries(fingerprint.entries);
      }
    }
  };
}
function digestLine({ shown: fingerprint, lookupFailed }) {
  const covers = fingerprint.wikiChecked ? "files, targets and the wiki's pages as the guard saw them" : `files and targets only: the wiki was not read (${lookupFailed ? "a lookup failed" : "no page access"})`;
  return `Plan digest: ${shortDigest(fingerprint.digest)} (${covers}). Publish exactly this plan with --expect-plan ${fingerprint.digest}`;
}

// src/cli/treePlanOutput.ts
function printTreeResult(result, json, output, plan, names, landed) {
  const under = result.underUnsentPage === void 0 ? {} : { parentKey: result.underUnsentPage.key, parentTitle: result.underUnsentPage.title };
  const place = plan?.refusedUnder?.get(result.item.file.label);
  const record = underItsFolder(
    { ...fileRecord(result), tree: { key: result.key, depth: result.depth, pass: result.pass, ...under }, ...result.pageId ? { pageId: result.pageId } : {} },
    place
  );
  if (result.state === "published" && result.pageId) landed?.set(result.key, result.pageId);
  const parentTitle = place?.parentTitle ?? (plan && folderTitleAbove(plan.tree, plan.tree.rootPath + result.key));
  if (plan && place === void 0 && parentTitle !== void 0) underHeldParent(record, plan, landed);
  withNames(record, names, { ...parentTitle !== void 0 ? { parentTitle } : {}, ...result.state === "published" && result.pageId ? { pageId: result.pageId } : {} });
  output.record({ ...record, linkCautions: result.linkCautions });
  if (json) output.json({ ...record, linkCautions: result.linkCautions });
  else output.line(`${"  ".repeat(result.depth)}${fileLine(record, result.outcome?.mayHaveLandedSaid === true)}${result.pass === 2 ? " (second pass: links to new pages)" : record.relinked ? ` (${RELINKED_TEXT})` : ""}`);
}
function underHeldParent(record, plan, landed) {
  if (plan.parentId === void 0 || record.parentId !== plan.parentId) return;
  const folder = plan.tree.byPath.get(plan.tree.rootPath + record.tree.key)?.parent;
  const folderPage = folder === void 0 ? void 0 : plan.tree.byPath.get(folder);
  if (folder === void 0 || folderPage === void 0) return;
  const folderKey2 = folder.slice(plan.tree.rootPath.length);
  const landedId = landed?.get(folderKey2);
  if (landedId !== void 0) {
    record.parentId = landedId;
    return;
  }
  delete record.parentId;
  record.tree.parentKey = folderKey2;
  record.tree.parentTitle = folderPage.title;
}
var LINES_PER_WRITE = 100;
function treePageRecord(plan, page, withTree, addressOf, names, relinked) {
  const planned = planRecord(page.item);
  const relinks = relinked?.has(page.key) === true && planned.status === "unchanged";
  if (relinks) relinkedRecord(planned);
  const guard = page.item.guard?.kind;
  const unlooked = guard === void 0 || guard === "notNeeded" || guard === "unchecked";
  if (planned.url === void 0 && unlooked && page.pageId !== void 0 && page.retitledFrom === void 0 && planned.title !== void 0 && addressOf) {
    const url = addressOf(page.pageId, planned.title);
    if (url !== void 0) planned.url = url;
  }
  const parentPath = page.parentKnown ? void 0 : page.node.parent;
  const parent = parentPath === void 0 ? void 0 : { parentKey: parentPath.slice(plan.tree.rootPath.length), parentTitle: plan.tree.byPath.get(parentPath)?.title ?? "" };
  if (parent) delete planned.parentId;
  else if (names) withNames(planned, names, { parentTitle: folderTitleAbove(plan.tree, page.node.path) });
  if (!withTree && !parent) return planned;
  const tree = { key: page.key, depth: page.node.depth, kind: page.node.kind };
  if (page.node.generated) tree.generated = true;
  if (parent) Object.assign(tree, parent);
  planned.tree = tree;
  if (page.pageId) planned.pageId = page.pageId;
  return planned;
}
function treePlanRecords(plan, addressOf, names, relinked) {
  return [...plan.pages.map((page) => treePageRecord(plan, page, true, addressOf, names, relinked)), ...[...plan.refused, ...plan.pinned].map((item) => looseRecord(plan, item, names))];
}
function looseRecord(plan, item, names) {
  const place = plan.refusedUnder?.get(item.file.label);
  const record = planRecord(item);
  const placed = place ? underItsFolder({ ...record, tree: { key: item.file.label.slice(plan.tree.rootPath.length), depth: place.parentKey.split("/").length - 1 } }, place) : record;
  return withNames(placed, names, place?.parentTitle !== void 0 ? { parentTitle: place.parentTitle } : {});
}
function folderTitleAbove(tree, path) {
  const parent = tree.byPath.get(path)?.parent;
  return parent === void 0 ? void 0 : tree.byPath.get(parent)?.title;
}
function underItsFolder(record, place) {
  if (place === void 0) return record;
  if (place.parentId !== void 0) return { ...record, parentId: place.parentId };
  const placed = { ...record, tree: { ...record.tree, parentKey: place.parentKey, ...place.parentTitle !== void 0 ? { parentTitle: place.parentTitle } : {} } };
  delete placed.parentId;
  return placed;
}
function printTreePlan(plan, json, output, addressOf, names, relinked) {
  let notSendable = 0;
  const lines = [];
  const jsonRecords = [];
  const saidBefore = new SaidBefore();
  for (const page of plan.pages) {
    const recording = json || output.recording;
    const planned = treePageRecord(plan, page, recording, recording ? addressOf : void 0, recording ? names : void 0, relinked);
    if (wouldNotLand(planned)) notSendable++;
    if (recording) {
      output.record(planned);
      if (json) jsonRecords.push(planned);
    }
    if (!json) lines.push(`${"  ".repeat(page.node.depth)}${planLineUnescaped(planned, saidBefore, refusedForOwnEntry(page.item))}${page.node.generated ? " (folder page listing its children)" : ""}`);
    if (lines.length === LINES_PER_WRITE) {
      output.lines(lines);
      lines.length = 0;
    }
    if (jsonRecords.length === LINES_PER_WRITE) {
      output.jsonLines(jsonRecords);
      jsonRecords.length = 0;
    }
  }
  for (const item of [...plan.refused, ...plan.pinned]) {
    const record = looseRecord(plan, item, names);
    output.record(record);
    if (wouldNotLand(record)) notSendable++;
    if (json) jsonRecords.push(record);
    else lines.push(planLineUnescaped(record, saidBefore, refusedForOwnEntry(item)));
  }
  output.jsonLines(jsonRecords);
  output.lines(lines);
  printMoves(plan, json, output, addressOf);
  return notSendable;
}
function refusedForOwnEntry(item) {
  for (const refusal2 of item.refusals) if (refusal2.ownEntry === true) return true;
  return false;
}
var NO_NOTICE_LEFT = "it carries no publish notice from this repository, so only the .wiki-pages.json entry says it was this file's page (an entry can name any page): check whose page it is before removing it";
function printMoves(plan, json, output, addressOf, leftBehindByRun) {
  const withUrl = (entry, title) => {
    const url = addressOf?.(entry.pageId, title);
    return url ? { ...entry, url } : entry;
  };
  const titleAt = (path) => plan.tree.byPath.get(path)?.title ?? "";
  const moves = plan.moves.moves.map((move) => withUrl(move, titleAt(move.path)));
  const orphans = plan.moves.orphans.map((orphan) => withUrl(orphan, orphan.title));
  const leftBehind = (leftBehindByRun ?? []).map((page) => withUrl(page, page.title));
  const retitled = plan.moves.retitled.map((page) => withUrl(page, page.title));
  const undecided = plan.moves.undecided;
  const record = {
    type: "tree",
    moves,
    orphans,
    renamed: plan.moves.renamed,
    ...retitled.length > 0 ? { retitled } : {},
    ...undecided.length > 0 ? { undecided } : {},
    ...leftBehindByRun ? { leftBehind } : {}
  };
  output.record(record);
  if (json) {
    output.json(record);
    return;
  }
  const at = (entry) => entry.url ? ` - ${entry.url}` : "";
  if (moves.length > 0) {
    output.line(`moves: ${moves.length} - the old page stays where it is (the service cannot move pages):`);
    for (const move of moves) output.line(`  ${move.oldPath} -> ${move.path}: page ${move.pageId} stays; a new page is created${at(move)}`);
  }
  if (plan.moves.renamed.length > 0) {
    output.line(`renamed: ${plan.moves.renamed.length} - the page follows the file (same title under the same parent page):`);
    for (const rename2 of plan.moves.renamed) output.line(`  ${rename2.oldPath} -> ${rename2.path}: page ${rename2.pageId}`);
  }
  if (undecided.length > 0) {
    output.line(`undecided: ${undecided.length} - a file that names its page moved from where a page of its title is recorded; only the wiki can tell whether that page is at the place its front matter names (no page access), so it is sent create only:`);
    for (const move of undecided) output.line(`  ${move.oldPath} -> ${move.path}: page ${move.pageId} may stay where it is`);
  }
  if (retitled.length > 0) {
    output.line(`retitled: ${retitled.length} - the wiki finds a page by its title, so a new page is created (the old page stays where it is, unless another file takes its title):`);
    for (const page of retitled) output.line(`  ${page.path}: "${page.title}" -> "${page.newTitle}": page ${page.pageId} ${page.takenBy === void 0 ? "stays" : `goes to ${page.takenBy}, which has its title now`}; a new page is created${at(page)}`);
  }
  if (orphans.length > 0) {
    output.line(`orphans: ${orphans.length} - pages no file maps to any more (the service cannot delete pages; remove them on the wiki if they should go, then their entries from the folder's .wiki-pages.json):`);
    for (const orphan of orphans) {
      if (orphan.notOnWiki) output.line(`  "${orphan.title}" (page ${orphan.pageId}, was ${orphan.path}): not on the wiki any more (deleted, or hidden from the account that checks); remove its entry "${orphan.path.slice(plan.tree.rootPath.length)}" from the folder's .wiki-pages.json`);
      else output.line(`  "${orphan.title}" (page ${orphan.pageId}, was ${orphan.path})${at(orphan)}`);
    }
  }
  if (leftBehind.length > 0) {
    output.line(`left behind: ${leftBehind.length} - pages of this tree that new pages replaced and that are still on the wiki (the service cannot move or delete pages; remove them on the wiki if they should go):`);
    for (const page of leftBehind) output.line(`  "${page.title}" (page ${page.pageId}, was ${page.path})${at(page)}${page.noNotice ? `: ${NO_NOTICE_LEFT}` : ""}`);
  }
}

// src/cli/writtenFiles.ts
var import_node_path9 = require("node:path");
async function refuseUnsafeWrites(args, place) {
  const written3 = [];
  if (args.statePath !== void 0) {
    written3.push(["--state", args.statePath, args.statePath], ["--state", args.statePath, stateJournalPath(args.statePath)]);
  }
  if (args.reportPath !== void 0) written3.push(["--report", args.reportPath, args.reportPath]);
  if (args.markdownPath !== void 0) written3.push(["--markdown-file", args.markdownPath, args.markdownPath]);
  for (const [flag, named, path] of written3) {
    const refusal2 = await checkWritePath(place.workingTree, (0, import_node_path9.resolve)(place.cwd, path));
    if (refusal2 !== void 0) return `${flag} ${named}: ${describeWriteRefusal(refusal2)}`;
  }
  return clashingOutput(args, written3, place.cwd);
}
function clashingOutput(args, written3, cwd) {
  const seen = /* @__PURE__ */ new Map();
  for (const [flag, named, path] of written3) {
    const absolute = (0, import_node_path9.resolve)(cwd, path);
    const before = seen.get(absolute);
    if (before !== void 0 && before !== flag) return `${flag} ${named}: the same file as ${before}; each needs a file of its own.`;
    seen.set(absolute, flag);
    if ((0, import_node_path9.basename)(absolute) === MANIFEST_FILE_NAME) return `${flag} ${named}: a page tree's record (${MANIFEST_FILE_NAME}); name another file.`;
    const published = args.paths.map((named2) => (0, import_node_path9.resolve)(cwd, named2)).find((source2) => absolute === source2 || absolute.startsWith(`${source2}${import_node_path9.sep}`));
    if (published !== void 0 && isMarkdownFileName((0, import_node_path9.basename)(absolute)) && walkTakes(published, absolute)) {
      return `${flag} ${named}: a Markdown file in ${(0, import_node_path9.relative)(cwd, published) || "."}, which this run publishes: it would be written over a page's source, or published as a page by the next run. Name a file outside it, or one that is not Markdown.`;
    }
  }
  return void 0;
}
function walkTakes(root, path) {
  const folders = (0, import_node_path9.relative)(root, path).split(import_node_path9.sep).slice(0, -1);
  return !folders.some(isSkippedFolderName);
}
async function refuseUnsafeManifest(location, workingTree) {
  const refusal2 = await checkWritePath(workingTree, location);
  return refusal2 === void 0 ? void 0 : describeWriteRefusal(refusal2);
}

// src/cli/publishTree.ts
function recordTreeResult(result, marks, now, onFailure) {
  marks?.end(result, now, treeLandedLink).catch(onFailure);
}
function stateRecorder(state2) {
  return {
    get: (key) => state2.get(key),
    set: (key, link) => state2.record(key, link),
    setLater: (key, link) => state2.set(key, link),
    delete: (key) => state2.forget(key)
  };
}
async function treeCommand(deps) {
  const { args, output } = deps;
  const folder = args.paths[0];
  const named = await (0, import_promises7.lstat)((0, import_node_path10.resolve)(deps.cwd, folder)).catch(() => void 0);
  if (named?.isFile()) {
    return deps.usage(`--tree publishes a folder as a page tree, and ${folder} is a file: name its folder, or publish the file without --tree.`);
  }
  if (named?.isSymbolicLink()) {
    return deps.usage(`--tree publishes a folder as a page tree, and ${folder} is a symbolic link: wiki-publisher never walks or writes through one. Name the folder it leads to.`);
  }
  const walked = await walkArguments([folder], deps.cwd);
  if (!walked.ok) return deps.usage(walked.message);
  const root = (0, import_node_path10.resolve)(deps.cwd, folder);
  const rootLabel = (0, import_node_path10.relative)(walked.labelRoot, root).split(import_node_path10.sep).join("/");
  const writing = !args.noRecord && !args.dryRun;
  const opened = await openTreeManifest(
    nodeManifestFiles(deps.workingTree),
    (0, import_node_path10.join)(root, MANIFEST_FILE_NAME),
    manifestAncestors(`${root}/`, deps.cwd),
    { writing },
    { ...args.spaceId !== void 0 ? { space: args.spaceId } : {}, ...args.parentId !== void 0 ? { parent: args.parentId } : {} },
    (location) => manifestLabel(location, deps.cwd)
  );
  if (!opened.ok) return deps.usage(opened.message);
  const manifest = opened.store;
  for (const entry of manifest.setAside) deps.output.problem(entry);
  const unsafeManifest = writing ? await refuseUnsafeManifest(manifest.location, deps.workingTree) : void 0;
  if (unsafeManifest !== void 0) {
    deps.output.problem(unsafeManifest);
    return EXIT_USAGE;
  }
  const recorded = manifest.rootTarget();
  const spaceId = args.spaceId ?? recorded?.space;
  const parentId = args.parentId ?? recorded?.parent;
  if (spaceId === void 0 || parentId === void 0) {
    return deps.usage(`--tree needs --space and --parent: the page ${folder} maps to (its files and subfolders become that page's children). ${MANIFEST_FILE_NAME} records them after the first run.`);
  }
  const match = recorded === void 0 ? void 0 : await matchRecordedRoot(recorded, { space: spaceId, parent: parentId }, deps.pages, deps.interrupt);
  if (match?.kind === "spellings") return deps.usage(spaceSpellingsMessage(match.recorded, spaceId, match.why));
  if (match?.kind === "elsewhere" && !args.retarget) {
    return deps.usage(`${MANIFEST_FILE_NAME} says this tree hangs under page ${match.recorded.parent} in space ${match.recorded.space}, not where --space/--parent say. Pass --retarget to publish a new tree there (the old pages stay), or drop the flags.`);
  }
  const identity = match?.kind === "elsewhere" ? await manifest.emptied({ space: spaceId, parent: parentId }) : manifest.withRoot(match?.kind === "same" ? match.root : { space: spaceId, parent: parentId });
  const opening = args.statePath === void 0 ? void 0 : await StateFileLinkStore.open(args.statePath, { cwd: deps.cwd, workingTree: deps.workingTree });
  if (opening && !opening.ok) return deps.usage(opening.message);
  const state2 = opening?.store;
  const links = await treeLinks([...walked.result.files, ...walked.result.refused], rootLabel, state2);
  const renderer = deps.renderer;
  const addresses = await spaceAddresses(deps.baseUrl || void 0, spaceId, deps.pages, deps.interrupt);
  const addressOf = addresses.addressOf;
  const parentRecorded = match?.kind === "same";
  const treeOptions = {
    rootInRepository: await folderInRepository(walked.fs, root),
    rootPath: rootLabel,
    spaceId,
    parentId,
    overwrite: args.overwrite,
    identity,
    links,
    force: args.force,
    ...partOfTree(manifest, deps.cwd),
    pageAddresses: treePageAddresses(deps.pages !== void 0, addressOf),
    siblingOrder: args.siblingOrder,
    diagramsSetting: DIAGRAMS_FLAG,
    ...renderer ? { diagramRenderer: renderer } : {},
    ...deps.pages ? { wiki: { pages: deps.pages, parentRecorded, signal: deps.interrupt } } : {}
  };
  const outsidePorts = cliFileLinkPorts({ cwd: deps.cwd, state: state2, pages: deps.pages, baseUrl: deps.baseUrl || void 0, signal: deps.interrupt });
  const plan = await planTreeFromWalk(walked.result, { fs: walked.fs }, treeOptions, root, outsidePorts);
  const linksWithoutAddress = plan.linksWithoutAddress === void 0 ? {} : { linksWithoutAddress: plan.linksWithoutAddress };
  if (plan.linksWithoutAddress !== void 0) {
    output.problem(linksWithoutAddressProblem(plan.linksWithoutAddress));
  }
  if (deps.noAccessReason && sendsUncheckedWithoutAccess(treePlanItems(plan))) output.problem(`Wiki edits are not checked. ${deps.noAccessReason}`);
  const noticeOff = deps.notice.off === true;
  const guardOptions = { pages: deps.pages, noAccessReason: "no page access", signal: deps.interrupt, overwriteEdited: args.overwriteEdited, noticeOff };
  const names = args.json || output.recording ? await readPageNames([parentId, ...[...plan.pinned, ...plan.refused].flatMap((item) => item.target.parentId ?? [])], {
    pages: deps.pages,
    baseUrl: deps.baseUrl || void 0,
    tree: { spaceId, addressOf },
    signal: deps.interrupt,
    ...plan.read ? { known: plan.read } : {}
  }) : void 0;
  if (args.dryRun || !deps.sending) {
    await guardTreeAsPlanned(plan, guardOptions);
    const refusedAccess = refusedPageAccess(treePlanItems(plan));
    if (refusedAccess !== void 0) return deps.usage(refusedAccess);
    const addressable = treePageAddresses(deps.pages !== void 0, addressOf);
    const relinked = relinkedKeys(plan, addressable);
    const notSendable = printTreePlan(plan, args.json, output, addressOf, names, relinked);
    const exitCode2 = notSendable > 0 ? EXIT_FAILED : EXIT_OK;
    const counts = treePlanCounts(plan, addressable, relinked);
    const views = planViews(treePlanEntries(plan), deps.pages !== void 0);
    const fingerprint = views.shown;
    const summary2 = { type: "summary", dryRun: true, interrupted: false, exitCode: exitCode2, ...counts, moves: plan.moves.moves.length, orphans: plan.moves.orphans.length, ...linksWithoutAddress, ...planSummaryField(fingerprint) };
    output.record(summary2);
    if (args.json) output.json(summary2);
    else output.lines([`${planSummaryLine(counts)}; as a tree of ${plan.pages.length === 1 ? "1 page" : `${plan.pages.length} pages`}, ${plan.moves.moves.length} moved, ${plan.moves.orphans.length} orphaned`, digestLine(views)]);
    return exitCode2;
  }
  const refusedByPlan = refusedPageAccess(treePlanItems(plan));
  if (refusedByPlan !== void 0) return deps.usage(refusedByPlan);
  if (args.expectPlan !== void 0) {
    const planned = copyTreePlan(plan);
    await guardTreeAsPlanned(planned, guardOptions);
    const refusedAccess = refusedPageAccess(treePlanItems(planned));
    if (refusedAccess !== void 0) return deps.usage(refusedAccess);
    const refused2 = await refuseUnreviewedPlan(args.expectPlan, planViews(treePlanEntries(planned), deps.pages !== void 0), {
      cwd: deps.cwd,
      output,
      json: args.json,
      planRecords: () => treePlanRecords({ ...planned, refusedUnder: plan.refusedUnder }, addressOf, names, relinkedKeys({ ...plan, ...planned }, treePageAddresses(deps.pages !== void 0, addressOf)))
    });
    if (refused2 !== void 0) return refused2;
  }
  const { endpoint, token, transport } = deps.sending;
  const settings = { endpoint, token, transport, deadlineMs: args.timeoutSeconds * 1e3, notice: deps.notice };
  let stateFailure;
  const noteStateFailure = (error) => {
    stateFailure ??= error;
  };
  const pages = deps.pages;
  const gate = new ThrottleGate();
  const send2 = (item, target, context) => sendPlanned(item, target, context, settings);
  const marks = state2 ? sendMarks(stateRecorder(state2)) : void 0;
  const landedIds = /* @__PURE__ */ new Map();
  if (output.recording) output.record({ type: "order", files: [...plan.pages.map((page) => page.item.file.label), ...[...plan.refused, ...plan.pinned].map((item) => item.file.label)] });
  const run = await runTree({
    plan,
    pages,
    identity,
    gate,
    concurrency: args.concurrency,
    signal: deps.interrupt,
    send: send2,
    ...marks ? { beforeSend: (item) => marks.beforeSend(item).catch(noteStateFailure) } : {},
    addressOf,
    addressInSpace: addresses.inSpace,
    guard: { noAccessReason: "no page access", overwriteEdited: args.overwriteEdited, noticeOff },
    // Refused credentials are broken configuration (exit 2), as the plan and a flat run say before anything is sent.
    stopOnRefusedCredential: true,
    onStopped: (stopped) => output.problem(describeRunStop(stopped)),
    ...ownPageProof(pages),
    onStart: (item, started, total) => output.progress(`Publishing ${started} of ${total}: ${item.complete ? JSON.stringify(item.complete.pageTitle) : item.file.label}`),
    onResult: (result) => {
      printTreeResult(result, args.json, output, plan, names, landedIds);
      recordTreeResult(result, marks, deps.now(), noteStateFailure);
    }
  });
  await state2?.save().catch(noteStateFailure);
  let manifestFailure;
  await manifest.settled().catch((error) => {
    manifestFailure = error;
  });
  printMoves(plan, args.json, output, addressOf, run.leftBehind);
  const summary = { ...run.summary };
  const interruptCode = deps.interruptExitCode();
  let exitCode = runExitCode(summary, interruptCode);
  if (run.credentialRefused !== void 0) {
    output.problem(refusedPageAccessMessage(run.credentialRefused));
    exitCode = interruptCode ?? EXIT_USAGE;
  }
  const manifestFile = manifestLabel(manifest.location, deps.cwd);
  const notWritten = [];
  if (stateFailure !== void 0 && args.statePath !== void 0) {
    notWritten.push({ file: args.statePath, reason: describeError(stateFailure) });
    output.problem(stateNotWrittenMessage(args.statePath, describeError(stateFailure)));
  }
  const unrecorded = manifest.pendingChanges();
  if (manifestFailure !== void 0) notWritten.push({ file: manifestFile, reason: describeError(manifestFailure) });
  if (notWritten.length > 0) exitCode = interruptCode ?? EXIT_FAILED;
  if (manifest.recordedCount() > 0) output.problem(`Recorded ${counted(manifest.recordedCount(), "page ID", "page IDs")} in ${manifestFile}: commit it, so teammates and CI publish to the same pages (in CI, commit it from the job: the runner's copy goes when the job ends).`);
  if (manifestFailure !== void 0) output.problem(manifestNotWrittenMessage2(manifestFile, describeError(manifestFailure), unrecorded.map(([key, entry]) => ({ key, pageId: entry.id }))));
  else if (unrecorded.length > 0) output.problem(`${unrecorded.length === 1 ? "1 page ID was" : `${unrecorded.length} page IDs were`} not recorded in ${manifestFile} (--no-record): ${unrecorded.map(([key, entry]) => `${key} = ${entry.id}`).join(", ")}`);
  const summaryRecord = {
    type: "summary",
    dryRun: false,
    interrupted: interruptCode !== void 0,
    exitCode,
    files: plan.pages.length + plan.pinned.length + plan.refused.length,
    secondPass: run.secondPass,
    moves: plan.moves.moves.length,
    orphans: plan.moves.orphans.length,
    ...linksWithoutAddress,
    ...summary,
    ...reportLinksLeft(run.linksLeft, args.json, output, run.results),
    ...manifestSummary(manifestFile, manifest.recordedCount(), unrecorded),
    ...notWritten.length > 0 ? { notWritten } : {}
  };
  output.record(summaryRecord);
  if (args.json) output.json(summaryRecord);
  else output.line(`${runSummaryLine(summary, interruptCode !== void 0)}; second pass (links to new pages): ${run.secondPass}`);
  return exitCode;
}
function partOfTree(manifest, cwd) {
  if (manifest.partKey === void 0) return {};
  return { partOf: { manifest: manifestLabel(manifest.location, cwd), treeFolder: (0, import_node_path10.relative)(cwd, (0, import_node_path10.dirname)(manifest.location)).split(import_node_path10.sep).join("/") } };
}
function spaceSpellingsMessage(recorded, spaceId, why) {
  const nameOf2 = (space) => /^\d+$/.test(space.trim()) ? `its numeric ID ${space}` : `its key ${space}`;
  const cannot = why === "noAccess" ? "without page access the two cannot be told to name one space" : "the wiki did not resolve both, so they cannot be told to name one space";
  return `${MANIFEST_FILE_NAME} records this tree's space by ${nameOf2(recorded.space)} and --space names it by ${nameOf2(spaceId)}, under the same parent page ${recorded.parent}: ${cannot}. Name the space as ${MANIFEST_FILE_NAME} does (--space ${recorded.space}), or drop --space.`;
}
function manifestLabel(location, cwd) {
  return (0, import_node_path10.relative)(cwd, location).split(import_node_path10.sep).join("/");
}
function manifestSummary(file, recorded, unrecorded) {
  if (recorded === 0 && unrecorded.length === 0) return {};
  return { manifest: { file, recorded, ...unrecorded.length > 0 ? { notRecorded: unrecorded.map(([key, entry]) => ({ key, pageId: entry.id })) } : {} } };
}

// src/core/http/nodeHttpTransport.ts
function protocolModule(secure) {
  return secure ? require("node:https") : require("node:http");
}
var READS = /* @__PURE__ */ new Set(["GET", "HEAD"]);
function createNodeHttpTransport() {
  const agents = {};
  const agentFor = (secure) => {
    const made = secure ? agents.https : agents.http;
    if (made) return made;
    const agent = new (protocolModule(secure)).Agent({ keepAlive: true });
    if (secure) agents.https = agent;
    else agents.http = agent;
    return agent;
  };
  let closed = false;
  return {
    name: "node",
    send(request) {
      if (closed) return Promise.reject(notSentError("connection pool closed"));
      const url = new URL(request.url);
      const secure = url.protocol === "https:";
      if (!secure && url.protocol !== "http:") return Promise.reject(notSentError(`unsupported protocol ${url.protocol}`));
      const { signal } = request;
      if (signal?.aborted) return Promise.reject(networkError(abortReason(signal)));
      const whole = typeof request.body === "string" ? Buffer.from(request.body, "utf8") : void 0;
      const pieces = typeof request.body === "object" ? request.body : void 0;
      const headers = { ...request.headers };
      if (whole) headers["content-length"] = String(whole.length);
      if (pieces) headers["content-length"] = String(pieces.byteLength);
      const attempt = (onFreshConnection) => new Promise((resolve9, reject) => {
        const outgoing = protocolModule(secure).request(url, { method: request.method, headers, agent: agentFor(secure) });
        const onAbort = () => {
          outgoing.destroy(abortReason(signal));
        };
        signal?.addEventListener("abort", onAbort, { once: true });
        outgoing.once("error", (error) => {
          signal?.removeEventListener("abort", onAbort);
          if (!onFreshConnection && outgoing.reusedSocket && READS.has(request.method) && !signal?.aborted && (error.code === "ECONNRESET" || error.code === "EPIPE")) {
            resolve9(attempt(true));
            return;
          }
          reject(networkError(error));
        });
        outgoing.once("response", (incoming) => {
          signal?.removeEventListener("abort", onAbort);
          resolve9({ status: incoming.statusCode ?? 0, headers: joinRepeated(incoming.headers), text: () => readText3(incoming, signal, request.maxResponseBytes) });
        });
        if (pieces) writePieces(outgoing, pieces);
        else outgoing.end(whole);
      });
      return attempt(false);
    },
    close() {
      closed = true;
      agents.http?.destroy();
      agents.https?.destroy();
      return Promise.resolve();
    }
  };
}
function writePieces(outgoing, body) {
  const pieces = body.pieces()[Symbol.iterator]();
  const writeSome = () => {
    for (; ; ) {
      if (outgoing.destroyed) return;
      const next = pieces.next();
      if (next.done === true) {
        outgoing.end();
        return;
      }
      if (!outgoing.write(next.value, "utf8")) {
        outgoing.once("drain", writeSome);
        return;
      }
    }
  };
  writeSome();
}
function readText3(incoming, signal, limitBytes) {
  return new Promise((resolve9, reject) => {
    const chunks = [];
    let received = 0;
    let settled = false;
    const settle = (error, text2) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener("abort", onAbort);
      if (error === void 0) resolve9(text2 ?? "");
      else reject(networkError(error));
    };
    const onAbort = () => {
      const reason = abortReason(signal);
      incoming.destroy(reason);
      settle(reason);
    };
    if (signal?.aborted) {
      onAbort();
      return;
    }
    const tooLarge2 = () => {
      const error = answerTooLargeError(limitBytes);
      incoming.destroy(error);
      settle(error);
    };
    if (Number(incoming.headers["content-length"]) > limitBytes) {
      tooLarge2();
      return;
    }
    signal?.addEventListener("abort", onAbort, { once: true });
    incoming.on("data", (chunk) => {
      received += chunk.length;
      if (received > limitBytes) tooLarge2();
      else chunks.push(chunk);
    });
    incoming.once("end", () => settle(void 0, Buffer.concat(chunks, received).toString("utf8")));
    incoming.once("error", (error) => settle(error));
    incoming.once("close", () => {
      if (!incoming.complete) settle(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
    });
  });
}
function abortReason(signal) {
  const reason = signal?.reason;
  return reason instanceof Error ? reason : Object.assign(new Error("aborted"), { name: "AbortError", code: "ABORT_ERR" });
}
function joinRepeated(headers) {
  const joined = {};
  for (const [name, value] of Object.entries(headers)) joined[name] = Array.isArray(value) ? value.join(", ") : value;
  return joined;
}

// src/cli/transport.ts
function cliTransport(env, requestTimeoutMs) {
  const direct = createNodeHttpTransport();
  const proxy = proxyConfigured({}, env);
  let proxied;
  const proxiedTransport = () => {
    proxied ??= require("./cliHttp.js").createUndiciTransport({}, env, requestTimeoutMs === void 0 ? {} : { requestTimeoutMs });
    return proxied;
  };
  return {
    name: proxy ? "node, undici through the proxy" : "node",
    send(request) {
      return proxy && !isLoopbackAddress(new URL(request.url).hostname) ? proxiedTransport().send(request) : direct.send(request);
    },
    async close() {
      await Promise.all([direct.close(), proxied?.close()]);
    }
  };
}

// src/cli/publish.ts
async function publishCommand(args, context) {
  const { output } = context;
  const givenToken = context.env[API_TOKEN_ENV_VAR]?.trim();
  if (givenToken) output.forget(givenToken);
  const usage = (message) => {
    output.problem(`${message} (see wiki-publisher --help)`);
    return EXIT_USAGE;
  };
  const workingTree = context.workingTree ?? await cliWorkingTree(context.cwd);
  const unsafeWrite = await refuseUnsafeWrites(args, { cwd: context.cwd, workingTree });
  if (unsafeWrite !== void 0) {
    output.problem(unsafeWrite);
    return EXIT_USAGE;
  }
  const endpoint = resolveEndpoint(args.endpoint, context.env, !args.dryRun);
  if (!endpoint.ok) return usage(endpoint.message);
  const proxy = checkProxyVariables(context.env);
  if (!proxy.ok) return usage(proxy.message);
  let token;
  if (!args.dryRun) {
    const resolved = resolveToken(context.env, context.now());
    if (!resolved.ok) return usage(resolved.message);
    token = resolved.value;
    if (token !== givenToken) output.forget(token);
  }
  const repository = repositoryOf(context.env);
  const notice = noticeSettings(args.noNotice || noticeOffInEnvironment(context.env), sourceBase(args.sourceUrl, context.env), repository);
  let transport;
  const lazyTransport = () => transport ??= cliTransport(context.env, args.timeoutSeconds * 1e3);
  try {
    const access = resolvePageAccess({
      env: context.env,
      authUrl: args.authUrl,
      baseUrl: args.baseUrl,
      transport: lazyTransport,
      now: () => context.now(),
      timeoutMs: args.timeoutSeconds * 1e3,
      forget: (secret) => output.forget(secret),
      ...repository !== void 0 ? { ownRepository: repository } : {}
    });
    if (access.kind === "invalid") return usage(access.message);
    if (access.kind === "pages") {
      for (const secret of access.secrets) output.forget(secret);
      const refused2 = await access.ready(context.interrupt);
      if (context.interrupt.aborted) return context.interruptExitCode() ?? EXIT_FAILED;
      if (refused2 !== void 0) return usage(`Page access is configured but does not work: ${refused2}`);
    }
    const pages = access.kind === "pages" ? access.client : void 0;
    const renderer = resolveDiagramRenderer(args.diagrams, context.env);
    if (args.tree) {
      return await treeCommand({
        args,
        cwd: context.cwd,
        workingTree,
        output,
        now: context.now,
        interrupt: context.interrupt,
        interruptExitCode: context.interruptExitCode,
        pages,
        baseUrl: access.baseUrl,
        noAccessReason: access.kind === "none" ? access.reason : void 0,
        sending: !args.dryRun && endpoint.value && token !== void 0 ? { endpoint: endpoint.value, token, transport: lazyTransport() } : void 0,
        notice,
        renderer,
        usage
      });
    }
    const planned = await planCommandLine(args, { cwd: context.cwd, workingTree, pageAccess: pages !== void 0 }, output, renderer);
    if (!planned.ok) return usage(planned.message);
    const { plan, state: state2 } = planned;
    const links = await planFileLinks(planned.sources, plan, cliFileLinkPorts({ cwd: context.cwd, state: state2, pages, baseUrl: access.baseUrl, signal: context.interrupt }), planned.linkFindings);
    await guardPlan(plan, {
      pages,
      links,
      noAccessReason: "no page access",
      signal: context.interrupt,
      overwriteEdited: args.overwriteEdited,
      noticeOff: notice.off === true,
      recordsFromFiles: true,
      // Without --state a flat run records no page: the notice is its only record.
      markerIsTheRecord: state2 === void 0,
      lookForOldTitles: !args.retarget
    });
    if (access.kind === "none" && sendsUncheckedWithoutAccess(plan)) output.problem(`Wiki edits are not checked. ${access.reason}`);
    const unaddressed = links.linksWithoutAddress();
    const linksWithoutAddress = unaddressed > 0 ? { linksWithoutAddress: unaddressed } : {};
    if (unaddressed > 0) output.problem(linksWithoutAddressProblem(unaddressed));
    const refusedAccess = refusedPageAccess(plan);
    if (refusedAccess !== void 0) return usage(refusedAccess);
    const failed = countLookupFailures(plan);
    if (failed.updates + failed.creates > 0) {
      const fate = [
        ...failed.updatesHeld > 0 ? [heldForLookupText(failed.updatesHeld, failed.updatesHeldLasting)] : [],
        ...failed.updatesSentUnchecked > 0 ? [`${counted(failed.updatesSentUnchecked, "update", "updates")} sent unchecked (--overwrite-edited).`] : [],
        ...failed.creates > 0 ? [failed.creates === 1 ? "1 new page sent as a create, which replaces no page." : `${failed.creates} new pages sent as creates, which replace no page.`] : []
      ].join(" ");
      output.problem(`${failed.updates > 0 ? `Wiki edits could not be checked for ${counted(failed.updates, "update", "updates")}` : "The wiki could not be read"}: ${failed.detail ?? ""} ${fate}`);
    }
    const views = planViews(flatPlanEntries(plan), pages !== void 0);
    const nameSources = { pages, baseUrl: access.baseUrl, signal: context.interrupt };
    const names = args.json || output.recording ? await readPageNames(plan.flatMap((item) => item.target.parentId ?? []), nameSources) : void 0;
    const relinked = await foreseenRelinks(plan, links);
    if (args.dryRun) return printDryRun(plan, args.json, output, views, { linksWithoutAddress, relinked, sentTwice: foreseenFlatSecondSends(plan, links).size }, names);
    const unreviewed = await refuseUnreviewedPlan(args.expectPlan, views, { cwd: context.cwd, output, json: args.json, planRecords: () => plan.map((item) => withNames(flatPlanRecord(item, relinked), names)) });
    if (unreviewed !== void 0) return unreviewed;
    if (!endpoint.value || token === void 0) return EXIT_USAGE;
    return await send(plan, state2, pages, { ...context, args, links, relinked, endpoint: endpoint.value, token, transport: lazyTransport(), linksWithoutAddress, notice, names: names && { names, sources: nameSources } });
  } catch (error) {
    if (context.interrupt.aborted) return context.interruptExitCode() ?? EXIT_FAILED;
    throw error;
  } finally {
    await transport?.close();
  }
}
async function send(plan, state2, pages, context) {
  const { args, output } = context;
  const settings = { endpoint: context.endpoint, token: context.token, transport: context.transport, deadlineMs: args.timeoutSeconds * 1e3, notice: context.notice };
  let stateFailure;
  const identifying = [];
  const identify = callsAtMost(DEFAULT_LOOKUPS_AT_ONCE);
  const recording = [];
  const gate = new ThrottleGate();
  const marks = state2 ? sendMarks(stateRecorder(state2)) : void 0;
  const unaddressed = /* @__PURE__ */ new Map();
  if (output.recording) output.record({ type: "order", files: plan.map((item) => item.file.label) });
  const run = await runFlat(plan, {
    concurrency: args.concurrency,
    gate,
    signal: context.interrupt,
    links: context.links,
    relinking: context.relinked,
    pages,
    guard: { overwriteEdited: args.overwriteEdited },
    send: (item, target, sendContext) => sendPlanned(item, target, sendContext, settings),
    ...ownPageProof(pages),
    onStopped: (stopped) => output.problem(describeRunStop(stopped)),
    onStart: (item, started, total) => output.progress(`Publishing ${started} of ${total}: ${item.complete ? JSON.stringify(item.complete.pageTitle) : item.file.label}`),
    ...marks ? {
      beforeSend: (item) => marks.beforeSend(item).catch((error) => {
        stateFailure ??= error;
      })
    } : {},
    onResult: (result) => {
      const record = print(result, args.json, output, gate.stoppedBy ? "not sent: publishing stopped because the wiki asked to wait (see above)" : void 0, context.names?.names);
      if (record.status === "published" && record.url === void 0 && record.title !== void 0 && record.spaceId !== void 0 && record.parentId !== void 0) {
        unaddressed.set(record.file, { file: record.file, title: record.title, spaceId: record.spaceId, parentId: record.parentId });
      } else unaddressed.delete(record.file);
      if (!state2 || !marks) return;
      recording.push(marks.end(result, context.now()).then((decided) => {
        const target = result.item.complete;
        if (!pages || !target || decided?.kind !== "landed" || decided.link.pageId !== void 0) return;
        const link = decided.link;
        identifying.push(identify(() => identifyPage(pages, target, context.interrupt)).catch(() => void 0).then(async (identity) => {
          if (identity) await state2.record(result.item.file.key, withIdentity(link, identity));
        }).catch((error) => {
          stateFailure ??= error;
        }));
      }).catch((error) => {
        stateFailure ??= error;
      }));
    }
  });
  await Promise.all(recording);
  await Promise.all(identifying);
  const interruptCode = context.interruptExitCode();
  const { summary } = run;
  const { secondPassLeft } = run;
  const leftByStop = secondPassLeft.cancelled + secondPassLeft.notStarted;
  let exitCode = interruptCode ?? (leftByStop > 0 ? EXIT_FAILED : runExitCode(summary, void 0));
  const notWritten = [];
  if (state2) {
    await state2.save().catch((error) => {
      stateFailure ??= error;
    });
    if (stateFailure !== void 0 && args.statePath !== void 0) {
      notWritten.push({ file: args.statePath, reason: describeError(stateFailure) });
      output.problem(stateNotWrittenMessage(args.statePath, describeError(stateFailure)));
      exitCode = interruptCode ?? EXIT_FAILED;
    }
  }
  const landed = context.names && interruptCode === void 0 ? await findLandedPages([...unaddressed.values()], context.names.sources) : [];
  const summaryRecord = {
    type: "summary",
    dryRun: false,
    interrupted: interruptCode !== void 0,
    exitCode,
    files: plan.length,
    secondPass: run.secondPass,
    ...summary,
    ...leftByStop > 0 ? { secondPassCancelled: secondPassLeft.cancelled, secondPassNotStarted: secondPassLeft.notStarted } : {},
    ...context.linksWithoutAddress,
    ...reportLinksLeft(run.linksLeft, args.json, output, run.results),
    ...landed.length > 0 ? { landed } : {},
    ...notWritten.length > 0 ? { notWritten } : {}
  };
  output.record(summaryRecord);
  if (args.json) output.json(summaryRecord);
  else output.line(`${runSummaryLine(summary, interruptCode !== void 0)}${run.secondPass > 0 ? `; second pass (links to new pages): ${run.secondPass}` : ""}${secondPassLeftLine(secondPassLeft)}`);
  return exitCode;
}
async function planCommandLine(args, place, output, renderer) {
  const { cwd } = place;
  const opened = args.statePath === void 0 ? void 0 : await StateFileLinkStore.open(args.statePath, place);
  if (opened && !opened.ok) return opened;
  const state2 = opened?.store;
  const read = await readMarkdownSources(args.paths, cwd);
  if (!read.ok) return read;
  const defaults = { overwrite: args.overwrite };
  if (args.spaceId !== void 0) defaults.spaceId = args.spaceId;
  if (args.parentId !== void 0) defaults.parentId = args.parentId;
  const links = /* @__PURE__ */ new Map();
  const known = /* @__PURE__ */ new Map();
  for (const file of read.files) known.set(file.key, await state2?.get(file.key));
  const unpublished = (key) => known.get(key) === void 0 || isUnconfirmedCreate(known.get(key));
  const listings = folderListings();
  const repository = await repositoryLinks(read.files.filter((file) => unpublished(file.key)).map((file) => repositoryLinkFile(file.key, cwd, listings)), labelledManifestFiles(cwd));
  for (const problem of repository.problems) output.problem(`${problem} (its files publish as if it recorded no page)`);
  for (const finding of repository.entryFindings) output.problem(finding);
  for (const file of read.files) {
    const recorded = unpublished(file.key) ? repository.links.get(file.key) : void 0;
    links.set(file.key, args.retarget ? void 0 : recorded ?? known.get(file.key));
  }
  const linkFindings = new LinkFindings();
  const plan = planFiles(read.files, links, { titleFromFile: true, defaults, force: args.force, diagramsSetting: DIAGRAMS_FLAG, linkFindings, linksAreCache: true, ...renderer ? { diagramRenderer: renderer } : {} });
  for (const { recordOverDefaults: recordOverDefaults2, cacheElsewhere, cacheRetitled, link, file, suggestedTitle } of plan) {
    if (cacheElsewhere !== void 0) {
      output.problem(`${file.label}: the --state record publishes it to space ${cacheElsewhere.spaceId} under parent ${cacheElsewhere.parentId}, not where --space/--parent say; the flags decide (the state is a cache of earlier runs, which never moves a page), and a page there stays as it is.`);
    }
    if (cacheRetitled !== void 0) {
      output.problem(`${file.label}: the --state record publishes it to the page titled "${cacheRetitled}", not to the file's title "${suggestedTitle}"; the file's title decides (the state is a cache of earlier runs, which never renames or redirects a page; front matter wiki: pageTitle names a page), and a page titled so stays as it is.`);
    }
    if (recordOverDefaults2 !== true || link?.recorded === void 0) continue;
    output.problem(`${file.label}: the repository's ${MANIFEST_FILE_NAME} record publishes it to space ${link.spaceId} under parent ${link.parentId}, not where --space/--parent say; the record wins where its page carries the file's notice (else the file is refused). Pass --retarget to publish it where the flags say (the old page stays).`);
  }
  return { ok: true, state: state2, sources: read.files, plan, linkFindings };
}
function print(result, json, output, notStartedBecause2, names) {
  const record = { ...fileRecord(result, notStartedBecause2), ...result.pageId !== void 0 ? { pageId: result.pageId } : {}, ...result.pass === 2 ? { pass: 2 } : {} };
  withNames(record, names, result.state === "published" && result.pageId !== void 0 ? { pageId: result.pageId } : {});
  output.record(record);
  if (json) output.json(record);
  else output.line(`${fileLine(record, result.outcome?.mayHaveLandedSaid === true)}${result.pass === 2 ? " (second pass: links to new pages)" : record.relinked ? ` (${RELINKED_TEXT})` : ""}`);
  return record;
}
function flatPlanRecord(item, relinked) {
  const record = planRecord(item);
  return relinked.has(item.file.key) && record.status === "unchanged" ? relinkedRecord(record) : record;
}
function printDryRun(plan, json, output, views, besides, names) {
  const { linksWithoutAddress, relinked, sentTwice } = besides;
  const fingerprint = views.shown;
  let notSendable = 0;
  const saidBefore = new SaidBefore();
  for (const item of plan) {
    const record = withNames(flatPlanRecord(item, relinked), names);
    output.record(record);
    if (wouldNotLand(record)) notSendable++;
    if (json) output.json(record);
    else output.line(planLine(record, saidBefore));
  }
  const counted2 = withRelinked(countPlan(plan), relinked.size);
  const counts = sentTwice > 0 ? { ...counted2, sentTwice } : counted2;
  const exitCode = notSendable > 0 ? EXIT_FAILED : EXIT_OK;
  const summary = { type: "summary", dryRun: true, interrupted: false, exitCode, ...counts, refused: counts.refused + counts.incomplete, ...linksWithoutAddress, ...planSummaryField(fingerprint) };
  output.record(summary);
  if (json) output.json(summary);
  else output.lines([planSummaryLine(counts), digestLine(views)]);
  return exitCode;
}

// src/action/inputs.ts
var FULL_DIGEST_HEX = 64;
var VALUE_FLAGS = ["space", "parent", "state", "concurrency", "timeout", "endpoint", "auth-url", "base-url", "diagrams", "sibling-order"];
var SWITCHES = ["tree", "overwrite", "overwrite-edited", "force", "retarget", "dry-run", "no-record"];
function input(env, name) {
  return (env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] ?? "").trim();
}
function readActionInputs(env) {
  const paths = input(env, "path").split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== "");
  if (paths.length === 0) return { ok: false, message: 'Input "path" is required: the Markdown files or folders to publish, one per line.' };
  const argv = ["publish"];
  for (const flag of VALUE_FLAGS) {
    const value = input(env, flag);
    if (value !== "") argv.push(`--${flag}`, value);
  }
  for (const flag of [...SWITCHES, "summary", "annotations"]) {
    const value = booleanInput(env, flag);
    if (typeof value === "string") return { ok: false, message: value };
  }
  for (const flag of SWITCHES) if (booleanInput(env, flag) === true) argv.push(`--${flag}`);
  argv.push("--", ...paths);
  const expectPlan = input(env, "expect-plan");
  if (/^[0-9a-fA-F]+$/.test(expectPlan) && expectPlan.length !== FULL_DIGEST_HEX) {
    return { ok: false, message: `Input "expect-plan" must be the whole plan digest (${FULL_DIGEST_HEX} hex digits, the "plan-digest" output) or the plan's comment text, not ${expectPlan.length} hex digits: the action compares all ${FULL_DIGEST_HEX}.` };
  }
  return {
    ok: true,
    inputs: {
      argv,
      expectPlan: expectPlan === "" ? void 0 : expectPlan,
      summary: booleanInput(env, "summary", true) === true,
      annotations: booleanInput(env, "annotations", true) === true
    }
  };
}
function booleanInput(env, name, fallback = false) {
  const value = input(env, name);
  if (value === "") return fallback;
  if (["true", "True", "TRUE"].includes(value)) return true;
  if (["false", "False", "FALSE"].includes(value)) return false;
  return `Input "${name}" must be true or false, not "${value.slice(0, 40)}".`;
}

// src/action/outputs.ts
function stepOutputs(records, exitCode) {
  const summary = records.summary ?? { type: "summary", dryRun: false, exitCode };
  const count = (...names) => String(names.reduce((sum, name) => sum + (typeof summary[name] === "number" ? summary[name] : 0), 0));
  return {
    published: count("published"),
    // A second send (links to new pages) the run's stop left counts too: its file is published by its first pass, but
    // interrupted or never started all the same, and its page keeps links as written (docs/ci.md).
    failed: count("failed", "existsUnproven", "cancelled", "notStarted", "secondPassCancelled", "secondPassNotStarted"),
    unchanged: summary.dryRun ? count("unchanged") : count("skipped"),
    refused: count("refused"),
    "left-out": count("edited"),
    "to-send": summary.dryRun ? count("send") : "0",
    "plan-digest": summary.plan?.digest ?? records.check?.digest ?? "",
    "plan-changed": String(records.check?.matched === false),
    "exit-code": String(exitCode)
  };
}

// src/action/runnerFiles.ts
var import_node_crypto3 = require("node:crypto");
var import_promises8 = require("node:fs/promises");
var STEP_SUMMARY_MAX_BYTES = 1e6;
async function appendOutputs(path, outputs) {
  if (!path) return;
  const lines = [];
  for (const [name, value] of Object.entries(outputs)) {
    let delimiter = `ghadelimiter_${(0, import_node_crypto3.randomBytes)(16).toString("hex")}`;
    while (value.includes(delimiter)) delimiter = `ghadelimiter_${(0, import_node_crypto3.randomBytes)(16).toString("hex")}`;
    lines.push(`${name}<<${delimiter}`, value, delimiter);
  }
  await (0, import_promises8.appendFile)(path, `${lines.join("\n")}
`, "utf8");
}
async function appendStepSummary(path, markdown) {
  if (!path) return;
  await (0, import_promises8.appendFile)(path, `${markdown.trimEnd()}
`, "utf8");
}

// src/action/main.ts
async function runAction(env, cwd) {
  const read = readActionInputs(env);
  if (!read.ok) return fail4(read.message, env);
  const { inputs } = read;
  const work3 = await (0, import_promises9.mkdtemp)((0, import_node_path11.join)(env.RUNNER_TEMP || (0, import_node_os.tmpdir)(), "wiki-publisher-"));
  const argv = [...inputs.argv];
  if (inputs.expectPlan !== void 0) {
    const reviewed = (0, import_node_path11.join)(work3, "reviewed-plan.md");
    await (0, import_promises9.writeFile)(reviewed, inputs.expectPlan, "utf8");
    const bareDigest = new RegExp(`^[0-9a-fA-F]{${FULL_DIGEST_HEX}}$`).test(inputs.expectPlan);
    argv.splice(1, 0, "--expect-plan", bareDigest ? inputs.expectPlan : `@${reviewed}`);
  }
  const parsed = parseCommandLine(argv);
  if (!parsed.ok) return fail4(parsed.message, env);
  if (parsed.command.kind !== "publish") return fail4("The inputs name no run.", env);
  const args = parsed.command.args;
  const problems = [];
  const stderr = { write: (text2) => (problems.push(text2), process.stderr.write(text2)), isTTY: false };
  const output = new Output(process.stdout, stderr);
  const records = new RunRecords();
  output.onRecord(records.add);
  const resume = (0, import_node_crypto4.randomBytes)(16).toString("hex");
  process.stdout.write(`::stop-commands::${resume}
`);
  let exitCode;
  try {
    const workingTree = env.GITHUB_WORKSPACE ? (0, import_node_path11.resolve)(env.GITHUB_WORKSPACE) : void 0;
    exitCode = await publishCommand(args, { env, cwd, now: Date.now, output, ...interruption(output), ...workingTree ? { workingTree } : {} });
  } finally {
    process.stdout.write(`::${resume}::
`);
  }
  if (records.summary === void 0 && exitCode !== 0) {
    const last2 = problems.join("").split("\n").filter((line) => line.trim() !== "").at(-1) ?? "The run stopped before planning (see the log).";
    process.stdout.write(`${runError(inActionWords(last2, (0, import_node_path11.join)(work3, "reviewed-plan.md")))}
`);
  }
  return report(records, { exitCode, work: work3, cwd, env, summary: inputs.summary, annotations: inputs.annotations });
}
var ANNOTATED_FILE_MAX_BYTES = 16 * 1024 * 1024;
async function report(records, context) {
  const resultsPath = (0, import_node_path11.join)(context.work, "results.json");
  const planPath = (0, import_node_path11.join)(context.work, "plan.md");
  try {
    await (0, import_promises9.writeFile)(resultsPath, `${JSON.stringify(records.all, null, 2)}
`, "utf8");
    const ran = records.summary !== void 0;
    await (0, import_promises9.writeFile)(planPath, ran ? runMarkdown(records, { maxChars: COMMENT_MAX_CHARS, fullPlanAt: "the job summary of this run" }) : "", "utf8");
    if (ran && context.summary) await appendStepSummary(context.env.GITHUB_STEP_SUMMARY, runMarkdown(records, { maxBytes: STEP_SUMMARY_MAX_BYTES }));
    if (context.annotations) {
      const labelRoot = await cliWorkingTree(context.cwd);
      for (const annotation of runAnnotations(records, (file) => readRegularTextInside(labelRoot, file, ANNOTATED_FILE_MAX_BYTES))) process.stdout.write(`${workflowCommand(annotation)}
`);
    }
    await appendOutputs(context.env.GITHUB_OUTPUT, { ...stepOutputs(records, context.exitCode), results: resultsPath, plan: planPath });
  } catch (error) {
    process.stdout.write(`${runError(`The step's results could not be written: ${describeError(error)}`)}
`);
    return context.exitCode === 0 ? EXIT_FAILED : context.exitCode;
  }
  return context.exitCode;
}
function inActionWords(line, reviewedPlan) {
  const said = line.replace(/^wiki-publisher: /, "").replace(/ \(see wiki-publisher --help\)$/, "").replace(`--expect-plan: ${reviewedPlan}:`, 'Input "expect-plan":');
  return FLAG_WORDS.reduce((text2, [flagWords, inputWords]) => text2.replace(flagWords, inputWords), said);
}
var FLAG_WORDS = [
  [/--space\/--parent say/g, 'the "space" and "parent" inputs say'],
  [/Pass --retarget /g, 'Set the "retarget" input to true '],
  [/drop the flags\./g, "leave those inputs out."],
  [/--space names it /g, 'the "space" input names it '],
  [/\(--space ([^\s)]+)\)/g, "(space: $1)"],
  [/drop --space\./g, 'leave the "space" input out.']
];
async function fail4(message, env) {
  process.stdout.write(`${runError(message)}
`);
  try {
    await appendOutputs(env.GITHUB_OUTPUT, stepOutputs(new RunRecords(), EXIT_USAGE));
  } catch (error) {
    process.stdout.write(`${runError(`The step's outputs could not be written: ${describeError(error)}`)}
`);
  }
  return EXIT_USAGE;
}
function runError(message) {
  return workflowCommand({ level: "error", title: "Wiki Publisher", message });
}
runAction(process.env, process.cwd()).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stdout.write(`${runError(`Unexpected error: ${describeError(error)}`)}
`);
    process.exitCode = EXIT_FAILED;
  }
);
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  runAction
});
