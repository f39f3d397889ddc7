import { writeFileSync } from 'node:fs';
import { serializeTemplate } from '../../../../contract/template/codec';
import { buildPublicTemplates } from './build';
import { publicTemplateFile } from './files';

/**
 * Regenerates the seeded public template files from build.ts:
 *   npx tsx server/areas/module-library/public-templates/write.ts
 * Each file keeps the template in the codec's wire form, as a saved template would be stored.
 */
for (const source of buildPublicTemplates()) {
  const file = {
    shopType: source.shopType,
    name: source.name,
    description: source.description,
    template: JSON.parse(serializeTemplate(source.document)) as unknown,
  };
  writeFileSync(publicTemplateFile(source.shopType), `${JSON.stringify(file, null, 2)}\n`);
}
