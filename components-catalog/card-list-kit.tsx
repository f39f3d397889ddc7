import type { CSSProperties, ReactNode } from 'react';
import {
  BlockBox,
  BORDER,
  EmptyRows,
  ellipsis,
  Grid,
  MUTED,
  Picture,
  type RendererProps,
  useText,
} from './renderer-kit';

/**
 * The card list the course, room, service, store and news blocks draw: an image beside or above a
 * title and a few lines, in a grid or stacked one under another. A block describes each of its
 * layouts once as a `CardLook` and maps a row to a `Card`; both live at module level, so the props a
 * renderer hands the kit stay the same objects from one keystroke to the next.
 */

/** The rows a card list draws: each has its own picture. */
export interface CardRow {
  id: number;
  image: string;
}

export type Translate = ReturnType<typeof useText>;

export interface CardLook {
  /** Cards side by side in columns; without it they stack, one under another. */
  grid?: { columns: number; gap: number };
  /** Of the image and the text inside a card. */
  direction: 'row' | 'column' | 'row-reverse';
  gap: number;
  align?: 'center' | 'stretch';
  /** Inside the block's box, around all the cards. */
  blockPadding?: number;
  /** A hairline above every stacked card but the first. */
  separated?: boolean;
  /** Padding, margin, shadow… of one card. */
  card?: CSSProperties;
  /** None: the layout draws text only. */
  image: { width: number | string; height: number | string; radius: number | string } | null;
  /** The image after the text, where the layout puts it to the right or below. */
  imageLast?: boolean;
  /** The text column's spacing, alignment and default type. */
  text: CSSProperties;
  title: { size: number; bold: boolean; lines: number };
}

export interface Card {
  title: string;
  /** Alternative text of the image; the title unless given. */
  imageAlt?: string;
  /** Drawn at the title's right end, on its line; undefined draws the title alone. */
  aside?: ReactNode;
  /** The muted lines, price or button under the title. */
  body: ReactNode;
}

/** Cards one under another, a hairline between them, as the room, store and news lists start from. */
export const STACKED = {
  direction: 'row',
  gap: 10,
  separated: true,
  card: { padding: 12 },
} as const satisfies Partial<CardLook>;

/** A small grey line under a title; with a gap, its parts sit side by side. */
export function MutedLine({ gap, clip, children }: { gap?: number; clip?: boolean; children: ReactNode }) {
  const style: CSSProperties = {
    fontSize: 11,
    color: MUTED,
    ...(gap === undefined ? {} : { display: 'flex', gap }),
    ...(clip ? ellipsis(1) : {}),
  };
  return <div style={style}>{children}</div>;
}

const TEXT_COLUMN: CSSProperties = { flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' };
const TITLE_ROW: CSSProperties = { display: 'flex', justifyContent: 'space-between', gap: 8 };

function CardView({ row, card, look, first }: { row: CardRow; card: Card; look: CardLook; first: boolean }) {
  const picture = look.image ? (
    <Picture
      src={row.image}
      width={look.image.width}
      height={look.image.height}
      radius={look.image.radius}
      alt={card.imageAlt ?? card.title}
    />
  ) : null;
  const titleStyle: CSSProperties = {
    fontSize: look.title.size,
    color: '#333',
    fontWeight: look.title.bold ? 600 : undefined,
    ...ellipsis(look.title.lines),
  };
  return (
    <div
      data-row={row.id}
      style={{
        display: 'flex',
        flexDirection: look.direction,
        gap: look.gap,
        alignItems: look.align,
        borderTop: look.separated && !first ? `0.5px solid ${BORDER}` : undefined,
        ...look.card,
      }}
    >
      {look.imageLast ? null : picture}
      <div style={{ ...TEXT_COLUMN, ...look.text }}>
        {card.aside === undefined ? (
          <div style={titleStyle}>{card.title}</div>
        ) : (
          <div style={TITLE_ROW}>
            <span style={titleStyle}>{card.title}</span>
            {card.aside}
          </div>
        )}
        {card.body}
      </div>
      {look.imageLast ? picture : null}
    </div>
  );
}

/** How a block draws its rows with the kit, declared once at module level. */
export interface CardBlock<Props, Row> {
  /** Catalogue key of the hint shown while editing a block without rows. */
  emptyId: (props: Props) => string;
  /** The look the block's props choose; return module-level constants. */
  look: (props: Props) => CardLook;
  toCard: (row: Row, props: Props, t: Translate) => Card;
}

/** A data block's rows as cards, or its empty state (a hint while editing) when it has none. */
export function CardList<Props extends { background?: string }, Row extends CardRow>({
  props,
  data,
  context,
  block,
}: RendererProps<Props, Row> & { block: CardBlock<Props, Row> }) {
  const t = useText();
  if (!data || data.length === 0) {
    return (
      <BlockBox box={props}>
        <EmptyRows context={context} messageId={block.emptyId(props)} />
      </BlockBox>
    );
  }
  const look = block.look(props);
  const cards = data.map((row, index) => (
    <CardView key={row.id} row={row} card={block.toCard(row, props, t)} look={look} first={index === 0} />
  ));
  return (
    <BlockBox box={props} style={{ background: props.background || '#ffffff', padding: look.blockPadding }}>
      {look.grid ? (
        <Grid columns={look.grid.columns} gap={look.grid.gap}>
          {cards}
        </Grid>
      ) : (
        cards
      )}
    </BlockBox>
  );
}
