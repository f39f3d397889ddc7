import type { FastifyReply } from 'fastify';
import { en as catalogueEn } from '../../../components-catalog/i18n/en';
import { zh as catalogueZh } from '../../../components-catalog/i18n/zh';
import { blockDefinition } from '../../../components-catalog/registry';
import type { PublishProblemRow, TemplateSummary } from '../../../contract/endpoints/module-library';
import { ShowType } from '../../../contract/envelope';
import {
  type CodecIssue,
  describeCodecIssue,
  parseTemplate,
  serializeTemplate,
} from '../../../contract/template/codec';
import { templateMessagesEn } from '../../../contract/template/messages-en';
import { templateMessagesZh } from '../../../contract/template/messages-zh';
import type { TemplateDocument } from '../../../contract/template-document';
import { type Locale, translate } from '../../i18n/messages';
import { sanitizeRichText } from '../../rich-text/sanitize';
import type { moduleTemplates } from './tables';

/** The template rules' messages with the block names and field labels they name. */
export const templateCatalogues: Record<Locale, Record<string, string>> = {
  en: { ...catalogueEn, ...templateMessagesEn },
  zh: { ...catalogueZh, ...templateMessagesZh },
};

export type TemplateRow = typeof moduleTemplates.$inferSelect;

export function describeIssue(issue: CodecIssue, locale: Locale): string {
  return describeCodecIssue(issue, templateCatalogues[locale]);
}

export type ReadResult =
  | { ok: true; document: TemplateDocument; json: string; warnings: string[] }
  | { ok: false; errors: CodecIssue[] };

/**
 * Template JSON from a caller, checked by the codec and written back in its canonical form for the
 * caller's site (a template never names another shop's site, whatever the JSON said).
 */
export function readTemplateData(data: string, siteId: number, locale: Locale): ReadResult {
  const parsed = parseTemplate(data, blockDefinition);
  if (!parsed.ok) return parsed;
  const document = { ...parsed.document, siteId, blocks: withSanitisedRichText(parsed.document.blocks) };
  return {
    ok: true,
    document,
    json: serializeTemplate(document),
    warnings: parsed.warnings.map((warning) => describeIssue(warning, locale)),
  };
}

/** Rich-text blocks are stored as the shared policy keeps them, so every later reader gets safe HTML. */
function withSanitisedRichText(blocks: TemplateDocument['blocks']): TemplateDocument['blocks'] {
  return Object.fromEntries(
    Object.entries(blocks).map(([id, block]) =>
      block.type === 'richText' && typeof block.props.html === 'string'
        ? [id, { ...block, props: { ...block.props, html: sanitizeRichText(block.props.html) } }]
        : [id, block],
    ),
  );
}

function envelope(reply: FastifyReply, message: string, extra: Record<string, unknown>): undefined {
  reply.code(200).send({ Errcode: -1, Errmsg: message, ErrShowType: ShowType.dialog, ...extra });
  return undefined;
}

/** Errcode -1 naming the first problems of refused template data, every one in `Errors` by path. */
export function refuseData(reply: FastifyReply, locale: Locale, errors: readonly CodecIssue[]): undefined {
  const described = errors.map((issue) => ({
    Field: `Data:${issue.path}`,
    Message: describeIssue(issue, locale),
  }));
  const first = described[0]?.Message ?? '';
  const detail =
    described.length > 1
      ? translate(locale, 'moduleLibrary.moreProblems', { detail: first, count: described.length - 1 })
      : first;
  return envelope(reply, translate(locale, 'moduleLibrary.badData', { detail }), { Errors: described });
}

/** Errcode -1 with every problem of the publish check, each pointing at its page and block. */
export function refusePublish(
  reply: FastifyReply,
  locale: Locale,
  problems: readonly PublishProblemRow[],
): undefined {
  const message = translate(locale, 'moduleLibrary.publishRefused', {
    count: problems.length,
    detail: problems[0]?.Message ?? '',
  });
  return envelope(reply, message, { Problems: problems });
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export function summaryOf(row: TemplateRow): TemplateSummary {
  return {
    Id: row.id,
    Name: row.name,
    ShopType: row.shopType,
    IsCurrent: row.isCurrent,
    Version: row.version,
    UpdatedAt: iso(row.updatedAt),
    PublishedAt: row.publishedAt ? iso(row.publishedAt) : null,
    HasUnpublishedChanges: row.publishedVersion !== row.version,
  };
}
