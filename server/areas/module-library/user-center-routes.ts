import { and, eq, sql } from 'drizzle-orm';
import * as library from '../../../contract/endpoints/module-library';
import type { ShopType } from '../../../contract/enums';
import { ShowType } from '../../../contract/envelope';
import { describeLinkProblem, linkEntity } from '../../../contract/link-value';
import { audit } from '../../audit';
import { sites } from '../../db/schema';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { refuseStale } from '../../http/stale';
import { existingEntities } from './entity-existence';
import './library-messages';
import { userCenterSettings } from './tables';
import { defaultUserCenter, menuEntities, menuProblems } from './user-center';

export const userCenterRoutes = [
  defineRoute(library.getUserCenterMenuList, async ({ db, session }) => {
    const [site] = await db
      .select({ shopType: sites.shopType })
      .from(sites)
      .where(eq(sites.id, session.siteId));
    const [row] = await db
      .select()
      .from(userCenterSettings)
      .where(eq(userCenterSettings.siteId, session.siteId));
    return {
      ...(row?.settings ?? defaultUserCenter()),
      Version: row?.version ?? 0,
      ShopType: site!.shopType,
    };
  }),

  defineRoute(library.setUserCenterInfo, async ({ input, db, session, locale, reply }) => {
    const { Version, ...settings } = input;
    const [site] = await db
      .select({ shopType: sites.shopType })
      .from(sites)
      .where(eq(sites.id, session.siteId));
    const [problem] = menuProblems(settings, site!.shopType as ShopType);
    if (problem?.kind === 'repeatedId')
      throw new AppError(
        'library.menuIdRepeated',
        { index: problem.index, id: problem.id },
        {
          field: `Menus.${problem.index}.Id`,
        },
      );
    if (problem?.kind === 'link') {
      const field = `Menus.${problem.index}.Link${problem.problem.field ? `.${problem.problem.field}` : ''}`;
      const separator = locale === 'zh' ? '：' : ': ';
      throw new AppError(
        'raw',
        {},
        { field, raw: `${field}${separator}${describeLinkProblem(problem.problem, locale)}` },
      );
    }
    // Links to goods, coupons… must be this shop's own and still there.
    const existing = await existingEntities(db, session.siteId, menuEntities(settings));
    for (const [index, menu] of settings.Menus.entries()) {
      const entity = linkEntity(menu.Link);
      if (!entity || typeof entity.id !== 'number') continue;
      const known = existing[entity.kind];
      if (known && !known.has(entity.id)) {
        const title = 'linkTitle' in menu.Link ? (menu.Link.linkTitle ?? '') : '';
        throw new AppError('library.menuLinkGone', { index, title }, { field: `Menus.${index}.Link` });
      }
    }
    const saved =
      Version === 0
        ? await db
            .insert(userCenterSettings)
            .values({ siteId: session.siteId, settings, updatedBy: session.accountId })
            .onConflictDoNothing()
            .returning({ version: userCenterSettings.version })
        : await db
            .update(userCenterSettings)
            .set({
              settings,
              version: sql`${userCenterSettings.version} + 1`,
              updatedBy: session.accountId,
              updatedAt: new Date(),
            })
            .where(
              and(eq(userCenterSettings.siteId, session.siteId), eq(userCenterSettings.version, Version)),
            )
            .returning({ version: userCenterSettings.version });
    if (!saved[0]) {
      const [current] = await db
        .select({ version: userCenterSettings.version })
        .from(userCenterSettings)
        .where(eq(userCenterSettings.siteId, session.siteId));
      return refuseStale(reply, {
        locale,
        message: 'library.userCenterStale',
        yours: Version,
        current: current?.version ?? 0,
        showType: ShowType.toast,
      });
    }
    await audit(db, session, 'userCenter.save', `userCenter:${session.siteId}`, {
      from: Version,
      to: saved[0].version,
      menus: settings.Menus.length,
    });
    return { Version: saved[0].version };
  }),
];
