import type { CSSProperties, ReactNode } from 'react';
import {
  BlockBox,
  BORDER,
  EmptyRows,
  ellipsis,
  Grid,
  Picture,
  type RenderContext,
  useText,
} from './renderer-kit';

/**
 * The card list the course, room, service, store and news blocks draw: an image beside or above a
 * title and a few lines, in a grid or stacked one under another. A block describes each of its
 * layouts once as a `CardLook` and maps a row to a `Card`; both live at module level, so the props a
 * renderer hands the kit stay the same objects from one keystroke to the next.
 */

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
  id: number;
  image: string;
  title: string;
  /** Alternative text of the image; the title unless given. */
  imageAlt?: string;
  /** Drawn at the title's right end, on its line; undefined draws the title alone. */
  aside?: ReactNode;
  /** The muted lines, price or button under the title. */
  body: ReactNode;
}

const TEXT_COLUMN: CSSProperties = { flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' };
const TITLE_ROW: CSSProperties = { display: 'flex', justifyContent: 'space-between', gap: 8 };

function CardView({ card, look, first }: { card: Card; look: CardLook; first: boolean }) {
  const picture = look.image ? (
    <Picture
      src={card.image}
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
      data-row={card.id}
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

/** A data block's rows as cards, or its empty state (a hint while editing) when it has none. */
export function CardList<Row, Props extends { background?: string }>({
  props,
  rows,
  context,
  emptyId,
  look,
  toCard,
}: {
  props: Props;
  rows: readonly Row[] | undefined;
  context: RenderContext;
  /** Catalogue key of the empty state's hint. */
  emptyId: string;
  look: CardLook;
  toCard: (row: Row, props: Props, t: Translate) => Card;
}) {
  const t = useText();
  if (!rows || rows.length === 0) {
    return (
      <BlockBox box={props}>
        <EmptyRows context={context} messageId={emptyId} />
      </BlockBox>
    );
  }
  const cards = rows.map((row, index) => {
    const card = toCard(row, props, t);
    return <CardView key={card.id} card={card} look={look} first={index === 0} />;
  });
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
