// A page's live children as the platform's children route lists them on the sandbox (ID and title, limit 250): what
// tests read to check a tree's shape the way any API client would see it.
import assert from 'node:assert/strict';

export async function childrenOnWiki(baseUrl: string, token: string, parentId: string): Promise<Array<{ id: string; title: string }>> {
  const response = await fetch(`${baseUrl}/wiki/api/v2/pages/${parentId}/children?limit=250`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(response.status, 200);
  return ((await response.json()) as { results: Array<{ id: string; title: string }> }).results.map(({ id, title }) => ({ id, title }));
}
