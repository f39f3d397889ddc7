import {
  type PageId,
  pageSettingsSchema,
  type TemplateDocument,
  type TemplatePage,
} from '../template-document';
import { createId } from './ids';

export function createPage(title: string, id: PageId = createId()): TemplatePage {
  return { id, settings: pageSettingsSchema.parse({ title }), fixed: {}, blockIds: [] };
}

/** A new template: one home page and nothing on it. */
export function createTemplate(siteId: number, homeTitle: string): TemplateDocument {
  const home = createPage(homeTitle);
  return { siteId, wxOpenType: '', homePageId: home.id, pages: [home], blocks: {} };
}

export function findPage(document: TemplateDocument, pageId: PageId): TemplatePage | undefined {
  return document.pages.find((page) => page.id === pageId);
}

/** The page holding a block, in its list or one of its fixed slots. */
export function pageOfBlock(document: TemplateDocument, blockId: string): TemplatePage | undefined {
  return document.pages.find(
    (page) => page.blockIds.includes(blockId) || Object.values(page.fixed).includes(blockId),
  );
}
