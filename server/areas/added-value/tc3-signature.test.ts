import { describe, expect, it } from 'vitest';
import { parseTc3Authorization, tc3Sign, utcDay } from './tc3-signature';

/**
 * The worked example of Tencent Cloud's "Signature v3" page (API 3.0): DescribeInstances of CVM at
 * 1551113065 with the documentation's masked demo key, and every intermediate value it prints.
 */
const PUBLISHED = {
  secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******',
  secretKey: 'Gu5t9xGARNpq86cd98joQYCN3*******',
  service: 'cvm',
  host: 'cvm.tencentcloudapi.com',
  timestamp: 1551113065,
  payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
};

describe('TC3-HMAC-SHA256', () => {
  it('gives the published canonical request, string to sign, signature and header', () => {
    const signed = tc3Sign(PUBLISHED);
    expect(signed.canonicalRequest).toBe(
      [
        'POST',
        '/',
        '',
        'content-type:application/json; charset=utf-8',
        'host:cvm.tencentcloudapi.com',
        '',
        'content-type;host',
        '35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064',
      ].join('\n'),
    );
    expect(signed.stringToSign).toBe(
      [
        'TC3-HMAC-SHA256',
        '1551113065',
        '2019-02-25/cvm/tc3_request',
        '5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031',
      ].join('\n'),
    );
    expect(signed.signature).toBe('2230eefd229f582d8b1b891af7107b91597240707d778ab3738f756258d7652c');
    expect(signed.authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, Signature=2230eefd229f582d8b1b891af7107b91597240707d778ab3738f756258d7652c',
    );
  });

  it('changes with every part it covers', () => {
    const base = tc3Sign(PUBLISHED).signature;
    for (const change of [
      { secretKey: `${PUBLISHED.secretKey}x` },
      { service: 'sms' },
      { host: 'sms.tencentcloudapi.com' },
      { timestamp: PUBLISHED.timestamp + 1 },
      { payload: `${PUBLISHED.payload} ` },
      { contentType: 'application/json' },
    ]) {
      expect(tc3Sign({ ...PUBLISHED, ...change }).signature).not.toBe(base);
    }
    // The SecretId names the key in the header; it is not part of what is signed.
    expect(tc3Sign({ ...PUBLISHED, secretId: 'other' }).signature).toBe(base);
  });

  it('scopes by the UTC day of the timestamp, not the local one', () => {
    expect(utcDay(1551113065)).toBe('2019-02-25');
    // 00:30 in China on 26 February is still the 25th in UTC.
    expect(utcDay(Date.parse('2019-02-26T00:30:00+08:00') / 1000)).toBe('2019-02-25');
    expect(utcDay(Date.parse('2019-02-26T08:00:00+08:00') / 1000)).toBe('2019-02-26');
  });

  it('reads back the header it writes, and nothing else', () => {
    const signed = tc3Sign(PUBLISHED);
    expect(parseTc3Authorization(signed.authorization)).toEqual({
      secretId: PUBLISHED.secretId,
      day: '2019-02-25',
      service: 'cvm',
      signedHeaders: 'content-type;host',
      signature: signed.signature,
    });
    expect(parseTc3Authorization(`Bearer ${signed.signature}`)).toBeNull();
    expect(
      parseTc3Authorization(signed.authorization.replace('TC3-HMAC-SHA256', 'TC3-HMAC-SHA1')),
    ).toBeNull();
    expect(parseTc3Authorization(`${signed.authorization} `)).toBeNull();
  });
});
