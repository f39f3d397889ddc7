import { Menu, Portal } from '@chakra-ui/react';
import { createContext, type ReactNode, useCallback, useContext, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { type ActionItem, layoutRowActions } from './row-action-layout';

interface MoreRequest {
  /** The id of the "more" button the menu opens from (it anchors and labels the menu). */
  anchorId: string;
  items: ActionItem[];
}

const OpenMore = createContext<(request: MoreRequest) => void>(() => undefined);

/**
 * A row's actions (inside the engine's action cell, which lays them on one line) as text links: at most three things, the rest under "more" (see
 * row-action-layout.ts). Plain elements styled by the table (row-styles.ts), so long lists mount
 * them cheaply; the one menu they open lives in RowMoreMenu, outside the rows.
 */
export function RowActionLine({ items, rowName }: { items: ActionItem[]; rowName: string }) {
  const intl = useIntl();
  const open = useContext(OpenMore);
  const id = useId();
  const { inline, more } = layoutRowActions(items);
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
          id={id}
          type="button"
          data-row-link=""
          data-palette="brand"
          aria-haspopup="menu"
          aria-label={intl.formatMessage({ id: 'engine.moreNamed' }, { name: rowName })}
          onClick={() => open({ anchorId: id, items: more })}
        >
          {intl.formatMessage({ id: 'engine.more' })}
          <span aria-hidden="true"> ▾</span>
        </button>
      )}
    </>
  );
}

/**
 * The "more" menu of every row of a list: one Chakra menu, opened beside the button that asked for
 * it (its id is the menu's trigger id, so the menu is placed at it, named by it and gives it the
 * focus back), instead of a menu mounted in each row. `Scope` goes around the rows, `menu` anywhere.
 */
export function useRowMoreMenu() {
  const fallbackId = useId();
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
  const Scope = useCallback(
    ({ children }: { children: ReactNode }) => <OpenMore.Provider value={open}>{children}</OpenMore.Provider>,
    [open],
  );
  const menu = (
    <Menu.Root
      open={request?.open ?? false}
      ids={{ trigger: request?.anchorId ?? fallbackId }}
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
  return { Scope, menu };
}
