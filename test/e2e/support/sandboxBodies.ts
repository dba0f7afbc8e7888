// The sandbox wiki's `body` sentences the scenarios expect to see verbatim in notifications. They are
// copied from test/sandbox (which keeps them private) so a changed sentence fails loudly here.
export const SANDBOX_BODIES = {
  created: 'Success: Page created successfully',
  updated: 'Success: Page updated successfully',
  exists: 'Error: A page with this title already exists under the parent page. Set "overwrite" to true to update it.',
  expired: 'Error: Forbidden - The token has expired. Please create a new token.',
  unknownToken: 'Error: Unauthorized - The token is not known to this service (it may have been deleted).',
  licenseInactive: 'Error: License Expired - The token was created while the license was inactive.',
  parentMissing: (parentId: string): string => `Error: Not Found - The parent page ${parentId} does not exist.`,
  spaceMissing: (spaceId: string): string => `Error: Not Found - The space "${spaceId}" does not exist or you do not have access to it.`,
} as const;
