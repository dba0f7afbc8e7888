// The page prompts' refusals in the user's language (one literal vscode.l10n.t call per entry), typed as the core's
// catalogue so a missing entry does not compile.
import * as vscode from 'vscode';
import type { AddressMessages } from '../../core/messages/addressMessages';

export const editorAddressMessages: AddressMessages = {
  notAPage: () => vscode.l10n.t('Enter the page ID (digits, for example 123456) or the page\'s address from the browser.'),
  tooLong: () => vscode.l10n.t('That number is too long for a page ID.'),
  notDigits: () => vscode.l10n.t('A page ID consists of digits only, for example 123456. Enter the page ID (digits, for example 123456) or the page\'s address from the browser.'),
  pageIdParameterNotDigits: () => vscode.l10n.t('The address\'s pageId is not a page ID (digits only).'),
  spaceKeyUnreadable: () => vscode.l10n.t('The space key in that address is not readable.'),
  notASpaceKey: () => vscode.l10n.t('The space key in that address is not a space key.'),
  blogPost: () => vscode.l10n.t('That is a blog post\'s address; the parent must be a page.'),
  byTitle: () => vscode.l10n.t('That address names the page by title. Open the page\'s "Page information" and copy its address, which holds the page ID.'),
  shortLink: () => vscode.l10n.t('That is a short link. Open it in the browser and copy the full address from there.'),
  spaceAddress: () => vscode.l10n.t('That is a space\'s address, not a page\'s. Open the parent page and copy its address.'),
  notAPageAddress: () => vscode.l10n.t('That address is not a wiki page\'s address. Enter the page ID (digits, for example 123456) or the page\'s address from the browser.'),
};
