import { Menu, Portal } from '@chakra-ui/react';
import { type ReactNode, useCallback, useId, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { type ActionItem, layoutRowActions } from './row-action-layout';

interface MoreRequest {
  /** The id of the "more" button the menu opens from (it anchors and labels the menu). */
  anchorId: string;
  items: ActionItem[];
}

/** What every row's action line shares, made once per list. */
export interface ActionLineContext {
  /** Prefix of the "more" buttons' ids, unique to the list. */
  idPrefix: string;
  /** The "more" button's text, and its accessible name for a row. */
  moreLabel: string;
  moreName(rowName: string): string;
  openMore(request: MoreRequest): void;
}

/**
 * A row's actions as text links (the engine's action cell lays them on one line): at most three
 * things, the rest under "more" (row-action-layout.ts). A plain function drawing plain elements
 * styled by the table (row-styles.ts), without a component or hook per row, so long lists mount
 * rows cheaply; the one menu the rows open comes from useRowMoreMenu.
 */
export function renderActionLine(
  items: ActionItem[],
  row: { key: number; name: string },
  context: ActionLineContext,
): ReactNode {
  const { inline, more } = layoutRowActions(items);
  const anchorId = `${context.idPrefix}-${row.key}`;
  return (
    <>
      {inline.map((item) => (
        <button
          key={item.id}
          type="button"
          data-row-link=""
          data-palette={item.destructive ? 'red' : 'brand'}
          aria-label={item.name}
          onClick={item.run}
        >
          {item.label}
        </button>
      ))}
      {more.length > 0 && (
        <button
          id={anchorId}
          type="button"
          data-row-link=""
          data-palette="brand"
          aria-haspopup="menu"
          aria-label={context.moreName(row.name)}
          onClick={() => context.openMore({ anchorId, items: more })}
        >
          {/* The button's name is its aria-label, so the arrow needs no element of its own. */}
          {`${context.moreLabel} ▾`}
        </button>
      )}
    </>
  );
}

/**
 * The "more" menu of every row of a list: one Chakra menu, opened beside the button that asked for
 * it (its id is the menu's trigger id, so the menu is placed at it, named by it and gives it the
 * focus back), instead of a menu mounted in each row.
 */
export function useRowMoreMenu() {
  const listId = useId();
  const [request, setRequest] = useState<(MoreRequest & { open: boolean }) | null>(null);
  // The same button again closes its menu, as a trigger does.
  const open = useCallback(
    (next: MoreRequest) =>
      setRequest((current) =>
        current?.open && current.anchorId === next.anchorId
          ? { ...current, open: false }
          : { ...next, open: true },
      ),
    [],
  );
  const intl = useIntl();
  // Stable while the language is, so the memoised rows are not drawn again.
  const line = useMemo(
    (): ActionLineContext => ({
      idPrefix: listId,
      moreLabel: intl.formatMessage({ id: 'engine.more' }),
      moreName: (name) => intl.formatMessage({ id: 'engine.moreNamed' }, { name }),
      openMore: open,
    }),
    [listId, intl, open],
  );
  const menu = (
    <Menu.Root
      open={request?.open ?? false}
      ids={{ trigger: request?.anchorId ?? listId }}
      positioning={{ placement: 'bottom-end' }}
      onOpenChange={(event) => {
        if (!event.open) setRequest((current) => current && { ...current, open: false });
      }}
    >
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {request?.items.map((item) => (
              <Menu.Item
                key={item.id}
                value={item.id}
                aria-label={item.name}
                color={item.destructive ? 'fg.error' : undefined}
                _hover={item.destructive ? { bg: 'bg.error', color: 'fg.error' } : undefined}
                // After the menu has given the focus back to its button: a confirmation opened
                // before that would see the focus leave it and close at once.
                onSelect={() => window.setTimeout(item.run)}
              >
                {item.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
  return { line, menu };
}
