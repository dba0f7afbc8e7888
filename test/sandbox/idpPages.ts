// The sandbox identity provider's HTML: the consent page with Approve and Deny, and error pages.
// Values shown come from validated input and are escaped anyway.

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family:sans-serif;margin:3em;max-width:40em">${body}</body></html>`;
}

export function renderConsent(requestId: string, clientId: string, scopes: string[]): string {
  const items = scopes.map((scope) => `<li><code>${escapeHtml(scope)}</code></li>`).join('');
  const button = (decision: string, label: string): string =>
    `<form method="post" action="/authorize/decision" style="display:inline">` +
    `<input type="hidden" name="request_id" value="${escapeHtml(requestId)}">` +
    `<input type="hidden" name="decision" value="${decision}">` +
    `<button type="submit" id="${decision}">${label}</button></form> `;
  return layout(
    'Authorize Wiki Publisher',
    `<h1>Authorize access</h1><p>The app <strong>${escapeHtml(clientId)}</strong> asks for:</p><ul>${items}</ul>` +
      button('approve', 'Approve') + button('deny', 'Deny'),
  );
}

export function renderError(message: string): string {
  return layout('Authorization error', `<h1>Authorization error</h1><p>${escapeHtml(message)}</p>`);
}
