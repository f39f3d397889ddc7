import { describe, expect, it } from 'vitest';
import { isFileKey } from './file-store';
import { S3FileStore } from './s3-file-store';

describe('isFileKey', () => {
  it.each(['1/0a1b2c.png', 'site-2/a_b.webp', 'x'])('accepts %s', (key) => {
    expect(isFileKey(key)).toBe(true);
  });

  it.each(['../etc/passwd', '1/../../x', '/1/a.png', '1//a.png', '1/.hidden', '1/a b.png', '', '1/'])(
    'refuses %j',
    (key) => {
      expect(isFileKey(key)).toBe(false);
    },
  );
});

describe('S3FileStore.objectUrl', () => {
  const base = {
    kind: 's3' as const,
    region: 'us-east-1',
    bucket: 'shop-files',
    accessKeyId: 'id',
    secretAccessKey: 'secret',
  };

  it('puts the bucket in the path for path-style services', () => {
    const store = new S3FileStore({
      ...base,
      endpoint: 'http://127.0.0.1:9000',
      urlStyle: 'path',
      prefix: 'mall/',
    });
    expect(store.objectUrl('1/a.png')).toBe('http://127.0.0.1:9000/shop-files/mall/1/a.png');
  });

  it('puts the bucket in the host name for virtual-hosted services', () => {
    const store = new S3FileStore({
      ...base,
      endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
      urlStyle: 'virtual-hosted',
      prefix: '',
    });
    expect(store.objectUrl('1/a.png')).toBe('https://shop-files.oss-cn-hangzhou.aliyuncs.com/1/a.png');
  });
});
