import { describe, expect, it } from 'vitest';
import { hostChecker } from './host-check.js';

describe('hostChecker', () => {
  it('bound to one address: that address and the loopback names, at the server port', () => {
    const allowed = hostChecker('127.0.0.1', 8600, 'devbox.corp');
    for (const host of ['127.0.0.1:8600', 'localhost:8600', 'LOCALHOST:8600', '[::1]:8600']) {
      expect(allowed(host), host).toBe(true);
    }
    for (const host of ['evil.example:8600', '127.0.0.1:8601', '127.0.0.1', 'devbox:8600', '', '127.0.0.1:8600.evil']) {
      expect(allowed(host), host).toBe(false);
    }
  });

  it('bound to every interface: IP addresses and this machine’s name, never another name (DNS rebinding)', () => {
    const allowed = hostChecker('0.0.0.0', 8600, 'devbox.corp');
    for (const host of ['10.1.2.3:8600', '[fe80::1]:8600', 'devbox.corp:8600', 'devbox:8600', 'localhost:8600']) {
      expect(allowed(host), host).toBe(true);
    }
    for (const host of ['evil.example:8600', '10.1.2.3.nip.io:8600', '10.1.2.3:9999', '']) {
      expect(allowed(host), host).toBe(false);
    }
  });

  it('takes a Host without its port when the server listens on port 80, as browsers send it', () => {
    const allowed = hostChecker('127.0.0.1', 80);
    expect(allowed('127.0.0.1')).toBe(true);
    expect(allowed('localhost:80')).toBe(true);
    expect(hostChecker('127.0.0.1', 8600)('localhost')).toBe(false);
  });
});
