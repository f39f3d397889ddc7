import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SHOP_TYPES, type ShopType } from '../../../../contract/enums';

/** The seeded public template of each shop type, one JSON file per type beside this module. */

export function publicTemplateFile(shopType: ShopType): string {
  return fileURLToPath(new URL(`./shop-type-${shopType}.json`, import.meta.url));
}

const fileSchema = z.strictObject({
  shopType: z.number().int(),
  name: z.string().min(1).max(40),
  description: z.string().max(200),
  template: z.unknown(),
});

export interface PublicTemplateFile {
  shopType: ShopType;
  name: string;
  description: string;
  /** The template's wire JSON, for the codec. */
  data: string;
}

export function readPublicTemplateFiles(): PublicTemplateFile[] {
  return SHOP_TYPES.map((shopType) => {
    const file = fileSchema.parse(JSON.parse(readFileSync(publicTemplateFile(shopType), 'utf8')));
    if (file.shopType !== shopType)
      throw new Error(`${publicTemplateFile(shopType)}: shop type ${file.shopType}`);
    return { shopType, name: file.name, description: file.description, data: JSON.stringify(file.template) };
  });
}
