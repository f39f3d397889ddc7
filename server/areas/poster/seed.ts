import {
  blankPosterDocument,
  type PictureElement,
  type PosterDocument,
  type TextElement,
  textStyleSchema,
} from '../../../contract/poster-document';
import type { AreaSeed } from '../../db/seed';
import { certificateRecords, posterDocuments, sharePosters } from './tables';

type Box = Pick<TextElement, 'id' | 'x' | 'y' | 'width' | 'height'>;

function text(box: Box, type: TextElement['type'], style: Partial<TextElement> = {}): TextElement {
  return {
    ...box,
    ...textStyleSchema.parse({}),
    type,
    text: '',
    locked: false,
    hidden: false,
    ...style,
  };
}

function picture(box: Box, type: PictureElement['type'], radius = 0): PictureElement {
  return { ...box, type, src: '', radius, colour: '#000000', locked: false, hidden: false };
}

/** A goods-sharing poster: the member, the goods, its price and the shop's QR code. */
export function demoPoster(): PosterDocument {
  return {
    ...blankPosterDocument('poster'),
    background: { colour: '#fff4e8', image: '' },
    elements: [
      picture({ id: 'avatar', x: 40, y: 40, width: 96, height: 96 }, 'avatar', 48),
      text({ id: 'nickname', x: 156, y: 56, width: 400, height: 40 }, 'nickname', { fontSize: 30 }),
      text({ id: 'invite', x: 156, y: 98, width: 500, height: 36 }, 'text', {
        text: '为你推荐一件好物',
        colour: '#8a5a2b',
        fontSize: 24,
      }),
      picture({ id: 'goodsImage', x: 40, y: 170, width: 670, height: 670 }, 'goodsImage', 16),
      text({ id: 'goodsName', x: 40, y: 870, width: 670, height: 90 }, 'goodsName', {
        fontSize: 32,
        fontWeight: 'bold',
      }),
      text({ id: 'goodsPrice', x: 40, y: 980, width: 400, height: 60 }, 'goodsPrice', {
        fontSize: 44,
        colour: '#e4393c',
        fontWeight: 'bold',
      }),
      picture({ id: 'qrcode', x: 530, y: 1110, width: 180, height: 180 }, 'qrcode'),
      text({ id: 'scan', x: 40, y: 1180, width: 460, height: 40 }, 'text', {
        text: '长按识别二维码，立即购买',
        colour: '#999999',
        fontSize: 24,
      }),
    ],
  };
}

/** A landscape certificate with the holder, its number, the issue date and the seal. */
export function demoCertificate(): PosterDocument {
  const centred = { align: 'center' as const, fontFamily: 'serif' as const };
  return {
    ...blankPosterDocument('certificate'),
    elements: [
      text({ id: 'title', x: 161, y: 110, width: 800, height: 90 }, 'text', {
        ...centred,
        text: '荣誉证书',
        fontSize: 64,
        fontWeight: 'bold',
        colour: '#9c2a1a',
      }),
      text({ id: 'holder', x: 261, y: 260, width: 600, height: 70 }, 'holderName', {
        ...centred,
        fontSize: 44,
      }),
      text({ id: 'body', x: 161, y: 360, width: 800, height: 110 }, 'text', {
        ...centred,
        text: '在本店会员活动中表现优异，特发此证，以资鼓励。',
        fontSize: 28,
        lineHeight: 1.8,
      }),
      text({ id: 'number', x: 120, y: 640, width: 420, height: 40 }, 'certificateNumber', { fontSize: 22 }),
      text({ id: 'date', x: 640, y: 640, width: 300, height: 40 }, 'issueDate', {
        fontSize: 22,
        align: 'right',
      }),
      picture({ id: 'seal', x: 820, y: 520, width: 160, height: 160 }, 'seal', 80),
    ],
  };
}

export const posterSeed: AreaSeed = async (db, demo) => {
  for (const siteId of [demo.mallSiteId, demo.secondSiteId, demo.expiredSiteId]) {
    const poster = demoPoster();
    const certificate = demoCertificate();
    const [posterRow, certificateRow] = await db
      .insert(posterDocuments)
      .values([
        {
          siteId,
          kind: 'poster',
          name: '商品分享海报',
          data: JSON.stringify(poster),
          width: poster.width,
          height: poster.height,
        },
        {
          siteId,
          kind: 'certificate',
          name: '会员荣誉证书',
          data: JSON.stringify(certificate),
          width: certificate.width,
          height: certificate.height,
          inUse: true,
        },
      ])
      .returning({ id: posterDocuments.id });
    await db
      .insert(sharePosters)
      .values({ siteId, posterId: posterRow!.id, title: '好物分享，一起来逛', inUse: true });
    await db.insert(certificateRecords).values({
      siteId,
      certificateId: certificateRow!.id,
      holderName: '张小明',
      number: `CERT-${siteId}-0001`,
      issueDate: '2026-01-15',
    });
  }
};
