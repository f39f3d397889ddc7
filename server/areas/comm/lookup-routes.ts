import {
  getEnumForType,
  getTxVideoMp4Url,
  getTxVideoSandboxFile,
  txVideoId,
} from '../../../contract/endpoints/comm-lookups';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { extendMessages } from '../../i18n/messages';
import { enumTypeNames, enumValues } from './enum-types';
import { resolveVideo, sandboxSample, VideoError } from './tencent-video';

extendMessages({
  en: {
    'enum.unknownType': 'There is no list named “{type}”; the lists are: {types}',
    'video.noVideoId':
      'This is not a Tencent Video link with a video id: open the video itself and copy its address (v.qq.com/x/page/… or …/x/cover/…/<id>.html)',
    'video.notFound': 'Tencent Video has no video {vid}',
    'video.restricted': 'Tencent Video does not let others play video {vid} ({detail})',
    'video.unavailable': 'Tencent Video did not answer; try again later',
  },
  zh: {
    'enum.unknownType': '没有名为“{type}”的列表；可用的有：{types}',
    'video.noVideoId':
      '这不是带视频编号的腾讯视频链接：请打开视频本身，复制它的地址（v.qq.com/x/page/… 或 …/x/cover/…/编号.html）',
    'video.notFound': '腾讯视频没有编号为 {vid} 的视频',
    'video.restricted': '腾讯视频不允许外部播放视频 {vid}（{detail}）',
    'video.unavailable': '腾讯视频没有响应，请稍后再试',
  },
});

export const commLookupRoutes = [
  defineRoute(getEnumForType, async ({ input }) => {
    const Types = enumTypeNames();
    if (input.Type === undefined) return { Types, Values: [] };
    const Values = enumValues(input.Type);
    if (!Values)
      throw new AppError(
        'enum.unknownType',
        { type: input.Type, types: Types.join(', ') },
        { field: 'Type' },
      );
    return { Types, Values };
  }),

  defineRoute(getTxVideoMp4Url, async ({ input, config }) => {
    const vid = txVideoId(input.Link);
    if (!vid) throw new AppError('video.noVideoId', {}, { field: 'Link' });
    try {
      const video = await resolveVideo(config.tencentVideoUrl, vid);
      return { Vid: video.vid, Url: video.url, Title: video.title, Sandbox: video.sandbox };
    } catch (error) {
      if (!(error instanceof VideoError)) throw error;
      throw new AppError(`video.${error.reason}`, { vid, detail: error.detail }, { field: 'Link' });
    }
  }),

  defineRoute(getTxVideoSandboxFile, async ({ reply }) => {
    reply.header('cache-control', 'public, max-age=86400').type('audio/wav').send(sandboxSample());
  }),
];
