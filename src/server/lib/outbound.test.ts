import { describe, expect, it } from 'vitest';
import { hostAllowed, outboundAllowed, parseOutboundHosts } from './outbound';

describe('outbound allow-list', () => {
  it('allows only listed hosts over http(s): exact names, host:port, *.subdomains', () => {
    const hosts = parseOutboundHosts(' open.ys7.com, cam.example.com:8443\n*.vendor.cn  [::1]:9000 ');
    expect(hosts).toEqual(['open.ys7.com', 'cam.example.com:8443', '*.vendor.cn', '[::1]:9000']);
    expect(outboundAllowed('https://open.ys7.com/api/lapp/token/get', hosts)).toBe(true);
    expect(outboundAllowed('https://OPEN.ys7.com:443/x', hosts)).toBe(true);
    expect(outboundAllowed('https://open.ys7.com:8443/x', hosts)).toBe(true);
    expect(outboundAllowed('https://cam.example.com:8443/t', hosts)).toBe(true);
    expect(outboundAllowed('https://cam.example.com/t', hosts)).toBe(false);
    expect(outboundAllowed('https://a.b.vendor.cn/t', hosts)).toBe(true);
    expect(outboundAllowed('https://vendor.cn/t', hosts)).toBe(false);
    expect(outboundAllowed('https://evilvendor.cn/t', hosts)).toBe(false);
    expect(outboundAllowed('http://[::1]:9000/t', hosts)).toBe(true);
    expect(outboundAllowed('https://open.ys7.com.evil.com/t', hosts)).toBe(false);
    expect(outboundAllowed('https://open.ys7.com@169.254.169.254/t', hosts)).toBe(false);
    expect(outboundAllowed('ftp://open.ys7.com/t', hosts)).toBe(false);
    expect(outboundAllowed('file:///etc/passwd', hosts)).toBe(false);
    expect(outboundAllowed('not a url', hosts)).toBe(false);
    expect(outboundAllowed('https://open.ys7.com/t', [])).toBe(false);
  });

  it('checks a host and port that is not a URL the same way (the SMTP server of escalation e-mails)', () => {
    const hosts = parseOutboundHosts('smtp.example.com, mail.vendor.cn:465, *.corp.cn');
    expect(hostAllowed('smtp.example.com', 587, hosts)).toBe(true);
    expect(hostAllowed('SMTP.example.com', 25, hosts)).toBe(true);
    expect(hostAllowed('mail.vendor.cn', 465, hosts)).toBe(true);
    expect(hostAllowed('mail.vendor.cn', 587, hosts)).toBe(false);
    expect(hostAllowed('relay.corp.cn', 587, hosts)).toBe(true);
    expect(hostAllowed('smtp.example.com.evil.com', 587, hosts)).toBe(false);
    expect(hostAllowed('127.0.0.1', 25, hosts)).toBe(false);
  });
});
