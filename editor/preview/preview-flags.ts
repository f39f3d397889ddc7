import { blockDefinition } from '../../components-catalog/registry';
import type { ShopType } from '../../contract/enums';
import { validateLink } from '../../contract/link-value';
import type { BlockNode } from '../../contract/template-document';

/** What the canvas flags on a block when previewing the template as another shop type. */
export interface PreviewFlags {
  /** The shop type offers this block. */
  blockAllowed: boolean;
  /** Prop paths of links whose kind the shop type does not offer, e.g. `items.0.link`. */
  disallowedLinks: string[];
}

export function previewFlags(block: BlockNode, shopType: ShopType): PreviewFlags {
  const definition = blockDefinition(block.type);
  if (!definition) return { blockAllowed: false, disallowedLinks: [] };
  const disallowedLinks = definition
    .links(block.props)
    .filter(({ link }) => validateLink(link, shopType).some((problem) => problem.code === 'link.notAllowed'))
    .map(({ path }) => path);
  return { blockAllowed: definition.shopTypes.includes(shopType), disallowedLinks };
}
