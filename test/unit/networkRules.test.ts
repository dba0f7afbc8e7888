import assert from 'node:assert/strict';
import { isLoopbackAddress } from '../../src/core/http/endpoint';
import { failedBeforeConnecting, networkError, notSentError } from '../../src/core/http/networkError';

const errno = (message: string, code: string): Error => Object.assign(new Error(message), { code });

describe('network rules', () => {
  it('knows every loopback spelling a URL can carry, and nothing else', () => {
    const host = (url: string): string => new URL(url).hostname;
    for (const url of ['http://127.0.0.1/', 'http://127.1/', 'http://127.8.9.10/', 'http://LOCALHOST/', 'http://[::1]/', 'http://[0:0:0:0:0:0:0:1]/', 'http://[::ffff:127.0.0.1]/', 'http://0x7f000001/']) {
      assert.equal(isLoopbackAddress(host(url)), true, url);
    }
    for (const url of ['http://wiki.test/', 'http://10.0.0.1/', 'http://128.0.0.1/', 'http://localhost.evil.com/', 'http://127.0.0.1.nip.io/', 'http://[::2]/', 'http://[::ffff:10.0.0.1]/']) {
      assert.equal(isLoopbackAddress(host(url)), false, url);
    }
  });

  it('names what failed instead of "fetch failed", and keeps the code readable through the cause', () => {
    const refused = new TypeError('fetch failed', { cause: errno('connect ECONNREFUSED 127.0.0.1:9', 'ECONNREFUSED') });
    const wrapped = networkError(refused);
    assert.equal(wrapped.message, 'connect ECONNREFUSED 127.0.0.1:9');
    assert.equal(failedBeforeConnecting(wrapped), true);

    const untrusted = networkError(new TypeError('fetch failed', { cause: errno('unable to verify the first certificate', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE') }));
    assert.equal(untrusted.message, 'unable to verify the first certificate (UNABLE_TO_VERIFY_LEAF_SIGNATURE)');
    assert.equal(failedBeforeConnecting(untrusted), true);

    const bothFamilies = networkError(new TypeError('fetch failed', { cause: new AggregateError([errno('connect ECONNREFUSED ::1:9', 'ECONNREFUSED')], '') }));
    assert.equal(failedBeforeConnecting(bothFamilies), true);
    assert.match(bothFamilies.message, /ECONNREFUSED/);
  });

  it('counts a refused proxy tunnel and a request refused on purpose as never sent, a reset as maybe sent', () => {
    assert.equal(failedBeforeConnecting(networkError(errno('Proxy response (502) !== 200 when HTTP Tunneling', 'UND_ERR_ABORTED'))), true);
    assert.equal(failedBeforeConnecting(networkError(notSentError('not sent'))), true);
    assert.equal(failedBeforeConnecting(networkError(new TypeError('fetch failed', { cause: errno('other side closed', 'UND_ERR_SOCKET') }))), false);
  });
});
