import { blockDefinition } from '../../components-catalog/registry';
import type { ShopType } from '../../contract/enums';
import { isLinkAllowed } from '../../contract/link-targets';
import { type LinkValue, linkKindOf, validateLink } from '../../contract/link-value';
import type { BlockNode } from '../../contract/template-document';

/** What the canvas flags on a block when previewing the template as another shop type. */
export interface PreviewFlags {
  /** The shop type offers this block. */
  blockAllowed: boolean;
  /** Prop paths of links whose kind the shop type does not offer, e.g. `items.0.link`. */
  disallowedLinks: string[];
}

/**
 * validateLink's `link.notAllowed`, asked of every link of every block the canvas draws. A kind the
 * shop type offers settles it without parsing the link, the costly part: a link's kind is read from
 * its `linkType`, which parsing keeps as it is, and an unknown `linkType` reads as `none`, which
 * parsing refuses anyway.
 */
function linkNotAllowed(link: unknown, shopType: ShopType): boolean {
  if (typeof link === 'object' && link !== null && 'linkType' in link) {
    if (isLinkAllowed(linkKindOf(link as Pick<LinkValue, 'linkType'>), shopType)) return false;
  }
  return validateLink(link, shopType).some((problem) => problem.code === 'link.notAllowed');
}

export function previewFlags(block: BlockNode, shopType: ShopType): PreviewFlags {
  const definition = blockDefinition(block.type);
  if (!definition) return { blockAllowed: false, disallowedLinks: [] };
  const disallowedLinks = definition
    .links(block.props)
    .filter(({ link }) => linkNotAllowed(link, shopType))
    .map(({ path }) => path);
  return { blockAllowed: definition.shopTypes.includes(shopType), disallowedLinks };
}
