// Who an import token acts as: its `sub` claim, when it has one. Read without verifying the signature, so it is used
// only to recognise the token's own work on the wiki (an "already exists" page this run created), never to trust.
import { jwtDecode } from 'jwt-decode';

export function apiTokenSubject(token: string): string | undefined {
  try {
    const sub = jwtDecode<{ sub?: unknown }>(token.trim()).sub;
    return typeof sub === 'string' && sub !== '' ? sub : undefined;
  } catch {
    return undefined;
  }
}
