import { describe, expect, it } from 'vitest';
import { KUAIDI100_COMPANIES, kuaidi100Form, kuaidi100Sign } from './kuaidi100';

describe('Kuaidi100 request signing', () => {
  it('signs with the upper-case MD5 of param, t, key and secret', () => {
    expect(kuaidi100Sign('{"a":1}', '1700000000000', 'k', 's')).toBe('DA153E36EC90ABBEDC84604BF5698626');
  });

  it('sends method, key, t, sign and the JSON param as a form', () => {
    const form = kuaidi100Form('order', { Key: 'k', Secret: 's' }, { a: 1 }, '1700000000000');
    expect(Object.fromEntries(form)).toEqual({
      method: 'order',
      key: 'k',
      t: '1700000000000',
      sign: 'DA153E36EC90ABBEDC84604BF5698626',
      param: '{"a":1}',
    });
    expect(form.toString()).toContain('param=%7B%22a%22%3A1%7D');
  });

  it('knows a Kuaidi100 company code for every carrier with face sheets', () => {
    expect(KUAIDI100_COMPANIES).toMatchObject({
      SF: 'shunfeng',
      ZTO: 'zhongtong',
      YTO: 'yuantong',
      JT: 'jtexpress',
    });
  });
});
