// A published folder as a tree of pages (issue 14, section 2): its shape, the folder pages' generated Markdown,
// titles that would collide, and pages a move or a deletion leaves behind.
export { findTitleCollisions } from './collisions';
export { titleKey } from '../run/sameTitles';
export { escapeMarkdownText, generatedFolderPage } from './folderMarkdown';
export { folderContentFile, folderContentRank, readableFolderName } from './folderPage';
export { detectMoves, type MoveReport, type OrphanPage, type PageMove, type PinnedFile, type RecordedPage } from './moves';
export { nodeOfFile, shapeTree, type PageTree, type TreeInput, type TreeNode } from './shape';
