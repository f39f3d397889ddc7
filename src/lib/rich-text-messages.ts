import type { ModuleCatalogues } from './i18n/module-messages';

/** The rich-text editor's text, shipped with its lazy chunk. */
export const richTextCatalogues: ModuleCatalogues = {
  en: {
    'richText.toolbar': 'Formatting: {label}',
    'richText.tool.bold': 'Bold',
    'richText.tool.italic': 'Italic',
    'richText.tool.underline': 'Underline',
    'richText.tool.heading': 'Heading',
    'richText.tool.bulletList': 'Bulleted list',
    'richText.tool.orderedList': 'Numbered list',
    'richText.tool.blockquote': 'Quote',
    'richText.tool.link': 'Link',
    'richText.tool.unlink': 'Remove link',
    'richText.tool.image': 'Insert image',
    'richText.tool.undo': 'Undo',
    'richText.tool.redo': 'Redo',
    'richText.linkTitle': 'Link',
    'richText.linkLabel': 'Web address',
  },
  zh: {
    'richText.toolbar': '格式：{label}',
    'richText.tool.bold': '加粗',
    'richText.tool.italic': '斜体',
    'richText.tool.underline': '下划线',
    'richText.tool.heading': '标题',
    'richText.tool.bulletList': '项目符号列表',
    'richText.tool.orderedList': '编号列表',
    'richText.tool.blockquote': '引用',
    'richText.tool.link': '链接',
    'richText.tool.unlink': '取消链接',
    'richText.tool.image': '插入图片',
    'richText.tool.undo': '撤销',
    'richText.tool.redo': '重做',
    'richText.linkTitle': '链接',
    'richText.linkLabel': '网址',
  },
};
