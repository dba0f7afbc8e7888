// The control surface under /_control/ for tests in other processes (the e2e suite):
//   GET  /_control/stats                 -> {tokenRequests, refreshRequests, codeRequests, clientCredentialsRequests,
//                                           rotations, revokedChains, autoApprove}
//   POST /_control/autoApprove {"on":bool}
//   POST /_control/faults {"kind":"429"|"500"|"503"|"reset"|"html","count":n,"retryAfterSeconds":s}
//   POST /_control/hold {"on":bool}
//   POST /_control/clock {"now":ms} or {"advanceMs":ms}
//   POST /_control/revokeAll
//   POST /_control/serviceAccounts {"clientId":s,"clientSecret":s,"scopes":[s],"owner":s}
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { IdpContext } from './idp';
import type { TokenFault } from './idpFaults';
import { readBody, sendJson } from './sandboxHttp';

const FAULT_KINDS = new Set(['429', '500', '503', 'reset', 'html']);

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  try {
    const value: unknown = JSON.parse((await readBody(req, 16 * 1024)).text ?? '{}');
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function handleControl(req: IncomingMessage, res: ServerResponse, url: URL, context: IdpContext): Promise<void> {
  const { idp } = context;
  const action = url.pathname.slice('/_control/'.length);
  if (req.method === 'GET' && action === 'stats') return sendJson(res, 200, { ...idp.stats, autoApprove: idp.autoApprove });
  if (req.method !== 'POST') return sendJson(res, 405, { error: 'method_not_allowed' });
  const body = await readJson(req);
  switch (action) {
    case 'autoApprove':
      idp.autoApprove = body.on === true;
      return sendJson(res, 200, { autoApprove: idp.autoApprove });
    case 'faults': {
      const kind = String(body.kind);
      if (!FAULT_KINDS.has(kind)) return sendJson(res, 400, { error: 'unknown fault kind' });
      const fault = (kind === '429' ? { kind, retryAfterSeconds: Number(body.retryAfterSeconds ?? 1) } : { kind }) as TokenFault;
      idp.faults.inject(fault, Number(body.count ?? 1));
      return sendJson(res, 200, { queued: true });
    }
    case 'hold':
      if (body.on === true) idp.faults.hold();
      else idp.faults.release();
      return sendJson(res, 200, { held: idp.faults.held });
    case 'clock':
      if (typeof body.now === 'number') context.clock.setNow(body.now);
      if (typeof body.advanceMs === 'number') context.clock.advance(body.advanceMs);
      return sendJson(res, 200, { now: idp.now() });
    case 'revokeAll':
      idp.revokeAll();
      return sendJson(res, 200, { revoked: true });
    case 'serviceAccounts': {
      const { clientId, clientSecret, scopes, owner } = body;
      const scopeList = Array.isArray(scopes) && scopes.every((scope) => typeof scope === 'string') ? (scopes as string[]) : undefined;
      if (typeof clientId !== 'string' || !clientId || typeof clientSecret !== 'string' || !clientSecret || !scopeList) {
        return sendJson(res, 400, { error: 'clientId, clientSecret and scopes (a list) are required' });
      }
      idp.registerServiceAccount({ clientId, clientSecret, scopes: scopeList, ...(typeof owner === 'string' && owner ? { owner } : {}) });
      return sendJson(res, 200, { registered: clientId });
    }
    default:
      return sendJson(res, 404, { error: 'unknown control action' });
  }
}
