// HTML as CommonMark reads it (6.6 raw HTML, 4.6 HTML blocks): the tag grammar shared by inline HTML and by the
// seventh kind of HTML block, a line of one complete tag.

export const TAG_NAME = '[A-Za-z][A-Za-z0-9-]*';
const ATTRIBUTE_NAME = '[a-zA-Z_:][a-zA-Z0-9:._-]*';
const ATTRIBUTE_VALUE = `(?:[^"'=<>\`\\x00-\\x20]+|'[^']*'|"[^"]*")`;
const ATTRIBUTE = `(?:\\s+${ATTRIBUTE_NAME}(?:\\s*=\\s*${ATTRIBUTE_VALUE})?)`;
/** An open tag, `<name attributes... />`, and a closing tag, `</name >`. */
export const OPEN_TAG = `<${TAG_NAME}${ATTRIBUTE}*\\s*/?>`;
export const CLOSE_TAG = `</${TAG_NAME}\\s*[>]`;
