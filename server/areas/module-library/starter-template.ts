import { asc, count, eq } from 'drizzle-orm';
import { blockDefinition } from '../../../components-catalog/registry';
import { parseTemplate } from '../../../contract/template/codec';
import type { Database } from '../../db/client';
import { sites } from '../../db/schema';
import { insertMyTemplate } from './my-templates';
import { readPublicTemplateFiles } from './public-templates/files';
import { moduleTemplates, publicTemplates } from './tables';
import { readTemplateData } from './template-data';

/** Loads the public template files into their table; a file the codec refuses stops the seed. */
export async function seedPublicTemplates(db: Database): Promise<void> {
  const files = readPublicTemplateFiles();
  for (const file of files) {
    const parsed = parseTemplate(file.data, blockDefinition);
    if (!parsed.ok)
      throw new Error(`public template of shop type ${file.shopType}: ${parsed.errors[0]?.code}`);
  }
  await db.insert(publicTemplates).values(
    files.map((file, index) => ({
      shopType: file.shopType,
      name: file.name,
      description: file.description,
      data: file.data,
      sort: index,
    })),
  );
}

/**
 * A shop without templates gets a copy of the first public template of its type as its current
 * one, so a new shop opens the studio on real pages. Returns whether it added one.
 */
export async function startFromPublicTemplate(db: Database, siteId: number): Promise<boolean> {
  const [existing] = await db
    .select({ value: count() })
    .from(moduleTemplates)
    .where(eq(moduleTemplates.siteId, siteId));
  if ((existing?.value ?? 0) > 0) return false;
  const [site] = await db.select({ shopType: sites.shopType }).from(sites).where(eq(sites.id, siteId));
  if (!site) return false;
  const [source] = await db
    .select()
    .from(publicTemplates)
    .where(eq(publicTemplates.shopType, site.shopType))
    .orderBy(asc(publicTemplates.sort), asc(publicTemplates.id))
    .limit(1);
  if (!source) return false;
  const read = readTemplateData(source.data, siteId, 'zh');
  if (!read.ok) throw new Error(`public template ${source.id}: ${read.errors[0]?.code}`);
  await insertMyTemplate(db, {
    siteId,
    shopType: site.shopType,
    name: source.name,
    data: read.json,
    session: null,
    origin: { publicTemplate: source.id },
  });
  return true;
}
