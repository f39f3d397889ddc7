import { z } from 'zod';
import { txVideoId } from '../../contract/endpoints/comm-lookups';
import { SHOP_TYPES } from '../../contract/enums';
import type { BlockProblem } from '../../contract/template/block-rules';
import { defineBlock } from '../block-definition';
import { boxFields, boxShape, choice, flag, image, options, text } from '../props-kit';

export const schema = z.strictObject({
  /**
   * An mp4/m3u8 address over https, a file uploaded to this site, or a Tencent Video link (a page of
   * v.qq.com with a video id, or the id itself), which plays the address it resolves to.
   */
  url: text(2048),
  cover: image(),
  autoplay: flag(false),
  loop: flag(false),
  muted: flag(false),
  ratio: choice(['16:9', '4:3', '1:1', '9:16'], '16:9'),
  ...boxShape,
});
export type Props = z.infer<typeof schema>;

/** A Tencent Video link or id: played through the address GetTxVideoMp4Url resolves it to. */
export function isTencentVideo(url: string): boolean {
  return txVideoId(url) !== null;
}

/** Mini-program video players only play https addresses (or the site's own uploads, or Tencent Video). */
export function videoUrlProblem(url: string): boolean {
  if (url.trim() === '' || isTencentVideo(url)) return false;
  return !/^(https:\/\/[^\s"'<>]+|\/uploads\/[^\s"'<>]+)$/i.test(url.trim());
}

function check(props: Props): BlockProblem[] {
  return videoUrlProblem(props.url)
    ? [{ kind: 'invalidValue', path: 'url', messageKey: 'problem.videoUrl', fieldLabel: 'field.videoUrl' }]
    : [];
}

export const definition = defineBlock({
  type: 'video',
  icon: 'video',
  category: 'media',
  maxPerPage: 5,
  shopTypes: SHOP_TYPES,
  schema,
  fields: [
    { kind: 'video', name: 'url', label: 'field.videoUrl', required: true, hint: 'hint.videoUrl' },
    { kind: 'image', name: 'cover', label: 'field.cover', size: '750×420' },
    {
      kind: 'select',
      name: 'ratio',
      label: 'field.ratio',
      options: options(['16:9', '4:3', '1:1', '9:16'], 'option.ratio'),
    },
    { kind: 'switch', name: 'autoplay', label: 'field.autoplay' },
    { kind: 'switch', name: 'loop', label: 'field.loop' },
    { kind: 'switch', name: 'muted', label: 'field.muted' },
    ...boxFields,
  ],
  check,
  rows: 'video',
  data: (props) =>
    isTencentVideo(props.url)
      ? { source: 'video', ids: [], filter: { link: props.url.trim() }, limit: 1 }
      : null,
});
