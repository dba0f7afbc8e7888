// Why a page prompt refuses what was pasted (a page ID, or a page's address from the browser): the sentence the
// prompt shows inline, naming what the text is where that helps the user find the page's address.

export interface AddressMessages {
  notAPage(): string;
  tooLong(): string;
  notDigits(): string;
  pageIdParameterNotDigits(): string;
  spaceKeyUnreadable(): string;
  notASpaceKey(): string;
  blogPost(): string;
  byTitle(): string;
  shortLink(): string;
  spaceAddress(): string;
  notAPageAddress(): string;
}

const NOT_A_PAGE = 'Enter the page ID (digits, for example 123456) or the page\'s address from the browser.';

export const englishAddressMessages: AddressMessages = {
  notAPage: () => NOT_A_PAGE,
  tooLong: () => 'That number is too long for a page ID.',
  notDigits: () => `A page ID consists of digits only, for example 123456. ${NOT_A_PAGE}`,
  pageIdParameterNotDigits: () => 'The address\'s pageId is not a page ID (digits only).',
  spaceKeyUnreadable: () => 'The space key in that address is not readable.',
  notASpaceKey: () => 'The space key in that address is not a space key.',
  blogPost: () => 'That is a blog post\'s address; the parent must be a page.',
  byTitle: () => 'That address names the page by title. Open the page\'s "Page information" and copy its address, which holds the page ID.',
  shortLink: () => 'That is a short link. Open it in the browser and copy the full address from there.',
  spaceAddress: () => 'That is a space\'s address, not a page\'s. Open the parent page and copy its address.',
  notAPageAddress: () => `That address is not a wiki page's address. ${NOT_A_PAGE}`,
};
