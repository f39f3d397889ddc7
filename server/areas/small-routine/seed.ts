import { demoPicture } from '../../db/demo-picture';
import type { AreaSeed } from '../../db/seed';
import { liveRooms } from './tables';

const HOUR = 60 * 60 * 1000;

/** Demo live rooms: one on air, one coming up, one over, in the mall; one in the official site. */
export const smallRoutineSeed: AreaSeed = async (db, demo) => {
  const now = Date.now();
  const cover = demoPicture('#f44336', '直播');
  await db.insert(liveRooms).values([
    {
      siteId: demo.mallSiteId,
      title: '春季新品发布直播',
      image: cover,
      anchor: '小美',
      startsAt: new Date(now - HOUR),
      endsAt: new Date(now + 2 * HOUR),
    },
    {
      siteId: demo.mallSiteId,
      title: '周末好物秒杀专场',
      image: cover,
      anchor: '阿杰',
      startsAt: new Date(now + 48 * HOUR),
      endsAt: new Date(now + 50 * HOUR),
    },
    {
      siteId: demo.mallSiteId,
      title: '店长带你逛新店',
      image: cover,
      anchor: '店长老王',
      startsAt: new Date(now - 72 * HOUR),
      endsAt: new Date(now - 70 * HOUR),
    },
    {
      siteId: demo.secondSiteId,
      title: '产品发布会直播',
      image: cover,
      anchor: '市场部',
      startsAt: new Date(now + 24 * HOUR),
      endsAt: new Date(now + 26 * HOUR),
    },
  ]);
};
