import type { CSSProperties, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ShopType } from '../contract/enums';

/**
 * Shared pieces of block renderers. Renderers draw a block as the WeChat mini-program would on a
 * 375 px wide phone: plain elements and inline styles, no UI kit, so the canvas stays light.
 */

/**
 * `editing`: the studio's canvas, which shows designers hints (what to pick, what to type).
 * `preview`: what visitors see (the preview route, the live page), where an empty block draws nothing.
 */
export type RenderMode = 'editing' | 'preview';

export interface RenderContext {
  mode: RenderMode;
  shopType: ShopType;
  /** Clock for countdowns, in ms; fixed in tests and previews. */
  now: number;
}

export interface RendererProps<Props, Row = never> {
  props: Props;
  /** Live rows for blocks that show server data; undefined while loading or when none apply. */
  data?: readonly Row[];
  context: RenderContext;
}

export const BRAND = '#ff4444';
// The darkest grey that still reads as secondary; #999 fails WCAG AA contrast on white and #fafafa.
export const MUTED = '#707070';
export const BORDER = '#eeeeee';

/** Status bar and navigation bar of an iPhone-sized screen; the capsule sits in the navigation bar. */
export const STATUS_BAR_HEIGHT = 44;
export const NAV_BAR_HEIGHT = 44;
export const CAPSULE = { width: 87, height: 32, right: 7, top: 6 } as const;
export const TAB_BAR_HEIGHT = 50;
export const SAFE_AREA_BOTTOM = 34;

/** Only http(s) and site-relative addresses reach a CSS url() or a link; anything else is dropped. */
export function safeUrl(value: string | undefined): string {
  if (!value) return '';
  const trimmed = value.trim();
  if (/["'()\\\s<>]/.test(trimmed)) return '';
  if (/^https?:\/\//i.test(trimmed) || (trimmed.startsWith('/') && !trimmed.startsWith('//'))) return trimmed;
  return '';
}

const INLINE_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|svg\+xml)[;,]/i;

/** For an img's src: a safe address, or an inline picture (the demo goods use inline SVGs; an img never runs them). */
export function safeImageSrc(value: string | undefined): string {
  if (value && INLINE_IMAGE.test(value.trim())) return value.trim();
  return safeUrl(value);
}

export function formatFen(fen: number): string {
  const yuan = fen / 100;
  return Number.isInteger(yuan) ? String(yuan) : yuan.toFixed(2);
}

export function useText() {
  const intl = useIntl();
  return (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
}

interface Box {
  spacing?: { top: number; bottom: number; side: number };
  radius?: number;
  background?: string;
}

/**
 * Fixed styles of the elements a page draws most (every block's box, plain titles, paragraphs,
 * single pictures), as classes of one stylesheet the document gets once. A class is one attribute
 * for the browser to set where an inline style is one parsed property each, and a long page sets
 * them on thousands of elements. Not layered, so the app's layered reset never overrides them.
 */
export const KIT_STYLES = `
.block-box{overflow:hidden}
.block-title{padding:10px 12px;background:#ffffff;color:#333333;text-align:left;font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.block-title-large{font-size:18px}
.block-title-medium{font-size:16px}
.block-title-small{font-size:14px}
.block-paragraphs{padding:12px;font-size:14px;line-height:1.6;color:#333}
.block-picture{display:block;flex-shrink:0;width:100%;height:auto;object-fit:cover}
`;
const KIT_STYLES_ID = 'block-renderer-styles';

function addKitStyles() {
  if (typeof document === 'undefined' || document.getElementById(KIT_STYLES_ID)) return;
  const sheet = document.createElement('style');
  sheet.id = KIT_STYLES_ID;
  sheet.textContent = KIT_STYLES;
  document.head.append(sheet);
}
addKitStyles();

/**
 * The outer box every page block shares: spacing around it, radius and background. `className`
 * adds the block's own fixed styles (see KIT_STYLES), `style` what its props decide. `html` is
 * markup the caller sanitised, held by the box itself, so a paragraph needs no element of its own.
 */
export function BlockBox({
  box,
  children,
  className,
  style,
  html,
}: {
  box: Box;
  children?: ReactNode;
  className?: string;
  style?: CSSProperties;
  html?: string;
}) {
  const spacing = box.spacing ?? { top: 0, bottom: 0, side: 0 };
  // Only the properties a block sets: each one is a style the browser parses for each element drawn.
  const own: CSSProperties = {};
  if (box.radius) own.borderRadius = box.radius;
  if (box.background) own.background = box.background;
  if (style) Object.assign(own, style);
  const inner =
    html === undefined ? (
      <div className={className ? `block-box ${className}` : 'block-box'} style={own}>
        {children}
      </div>
    ) : (
      <div
        className={className ? `block-box ${className}` : 'block-box'}
        style={own}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: callers pass only HTML they sanitised
        dangerouslySetInnerHTML={{ __html: html }}
      />
    );
  // Without spacing the outer box adds nothing to the layout: a page of blocks draws one element fewer each.
  if (spacing.top === 0 && spacing.side === 0 && spacing.bottom === 0) return inner;
  return <div style={{ padding: `${spacing.top}px ${spacing.side}px ${spacing.bottom}px` }}>{inner}</div>;
}

/** An image, or a grey placeholder of the same size when none is chosen yet. */
export function Picture({
  src,
  height,
  width = '100%',
  radius = 0,
  fit = 'cover',
  alt = '',
}: {
  src: string;
  height: number | string;
  width?: number | string;
  radius?: number | string;
  fit?: 'cover' | 'contain';
  alt?: string;
}) {
  const url = safeImageSrc(src);
  const frame: CSSProperties = { width, height, borderRadius: radius, display: 'block', flexShrink: 0 };
  if (!url) {
    return (
      <div
        data-placeholder="image"
        style={{
          ...frame,
          background: 'linear-gradient(135deg, #f2f3f5 25%, #e8eaee 100%)',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          color: '#c0c4cc',
          fontSize: 22,
        }}
      >
        <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true">
          <path
            fill="currentColor"
            d="M21 19V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2zM8.5 13.5l2.5 3 3.5-4.5 4.5 6H5l3.5-4.5z"
          />
        </svg>
      </div>
    );
  }
  // The usual picture, full width and square-cornered, takes its fixed styles from a class.
  if (width === '100%' && !radius && fit === 'cover') {
    return (
      <img className="block-picture" src={url} alt={alt} style={height === 'auto' ? undefined : { height }} />
    );
  }
  return <img src={url} alt={alt} style={{ ...frame, objectFit: fit }} />;
}

export function Price({ fen, size = 16, colour = BRAND }: { fen: number; size?: number; colour?: string }) {
  return (
    <span style={{ color: colour, fontWeight: 600, fontSize: size }}>
      <span style={{ fontSize: Math.round(size * 0.7) }}>¥</span>
      {formatFen(fen)}
    </span>
  );
}

export function StrikePrice({ fen }: { fen: number | undefined }) {
  if (fen === undefined) return null;
  return (
    <span style={{ color: MUTED, fontSize: 11, textDecoration: 'line-through', marginLeft: 4 }}>
      ¥{formatFen(fen)}
    </span>
  );
}

/** A designer's hint such as "Title" in an empty title: the text while editing, nothing for visitors. */
export function useHint(context: RenderContext) {
  const t = useText();
  return (id: string) => (context.mode === 'editing' ? t(id) : '');
}

/**
 * What a data block shows before it has rows: while editing, a dashed frame with a hint, never
 * invented rows; for visitors nothing, as the mini-program draws an empty list.
 */
export function EmptyRows({ messageId, context }: { messageId: string; context: RenderContext }) {
  const t = useText();
  if (context.mode !== 'editing') return null;
  return (
    <div
      data-placeholder="rows"
      style={{
        margin: 8,
        padding: '24px 12px',
        border: `1px dashed ${'#d0d3d9'}`,
        borderRadius: 8,
        color: MUTED,
        fontSize: 13,
        textAlign: 'center',
        background: '#fafafa',
      }}
    >
      {t(messageId)}
    </div>
  );
}

/** The time left until `endsAt` as h:mm:ss, or null when it has passed or is not a date. */
export function timeLeft(endsAt: string | undefined, now: number): string | null {
  const end = endsAt ? Date.parse(endsAt) : Number.NaN;
  if (Number.isNaN(end) || end <= now) return null;
  const seconds = Math.floor((end - now) / 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  const hours = Math.floor(seconds / 3600);
  return `${pad(hours)}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

export function ellipsis(lines: number): CSSProperties {
  return lines === 1
    ? { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }
    : { overflow: 'hidden', display: '-webkit-box', WebkitLineClamp: lines, WebkitBoxOrient: 'vertical' };
}

/** Lays rows out in a fixed number of columns with a gap, as the mini-program's flex-wrap grids do. */
export function Grid({ columns, gap, children }: { columns: number; gap: number; children: ReactNode }) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap }}>
      {children}
    </div>
  );
}

export function HorizontalScroll({ gap, children }: { gap: number; children: ReactNode }) {
  return <div style={{ display: 'flex', gap, overflowX: 'auto', scrollbarWidth: 'none' }}>{children}</div>;
}
