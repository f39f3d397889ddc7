// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ShopType } from '../../contract/enums';
import type { RenderMode } from '../renderer-kit';
import { definition, videoUrlProblem } from './definition';
import { VideoBlock } from './renderer';

afterEach(cleanup);

const props = (url: string) => ({ ...definition.defaults(), url });
const draw = (url: string, mode: RenderMode, data?: { url: string; title: string; sandbox: boolean }[]) =>
  render(<VideoBlock props={props(url)} data={data} context={{ mode, shopType: ShopType.service, now: 0 }} />)
    .container;

describe('the video block', () => {
  it('asks to resolve a Tencent Video link and nothing else', () => {
    expect(definition.data!(props('https://v.qq.com/x/page/a0000000001.html'))).toEqual({
      source: 'video',
      ids: [],
      filter: { link: 'https://v.qq.com/x/page/a0000000001.html' },
      limit: 1,
    });
    expect(definition.data!(props('a0000000001'))?.source).toBe('video');
    expect(definition.data!(props('https://cdn.example.com/a.mp4'))).toBeNull();
    expect(definition.data!(props(''))).toBeNull();
  });

  it('accepts Tencent Video links and ids beside https and uploaded files', () => {
    expect(videoUrlProblem('a0000000001')).toBe(false);
    expect(videoUrlProblem('https://v.qq.com/x/cover/mzc00200abcdefg/a0000000001.html')).toBe(false);
    expect(videoUrlProblem('/uploads/a.mp4')).toBe(false);
    expect(videoUrlProblem('http://cdn.example.com/a.mp4')).toBe(true);
    expect(videoUrlProblem('a000000000')).toBe(true);
  });

  it('plays the resolved address in the preview and the typed one when it is a file', () => {
    const resolved = '/api/Comm/GetTxVideoSandboxFile?vid=a0000000001';
    const tencent = draw('a0000000001', 'preview', [{ url: resolved, title: 'Demo', sandbox: true }]);
    expect(tencent.querySelector('video')?.getAttribute('src')).toBe(resolved);
    expect(tencent.querySelector('video')?.getAttribute('title')).toBe('Demo');
    expect(draw('https://cdn.example.com/a.mp4', 'preview').querySelector('video')?.getAttribute('src')).toBe(
      'https://cdn.example.com/a.mp4',
    );
  });

  it('draws the poster while a link has not resolved, and always in the studio canvas', () => {
    expect(draw('a0000000001', 'preview', []).querySelector('video')).toBeNull();
    expect(draw('a0000000001', 'preview').querySelector('video')).toBeNull();
    expect(draw('https://cdn.example.com/a.mp4', 'editing').querySelector('video')).toBeNull();
  });
});
