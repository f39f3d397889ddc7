import { Box, chakra, Flex } from '@chakra-ui/react';
import { type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { routeTitleKey } from '../app/route-model';
import { type TagView, useTagsStore } from '../stores/tags-store';
import { CloseIcon } from './icons';

/** SPEC §9: the tag context menu is 105 px wide. */
export const TAG_MENU_WIDTH = 105;

type TagAction = 'refresh' | 'close' | 'closeOthers' | 'closeAll';
const ACTIONS: TagAction[] = ['refresh', 'close', 'closeOthers', 'closeAll'];

interface MenuState {
  view: TagView;
  left: number;
  top: number;
}

function ContextMenu({
  state,
  onAction,
  onDismiss,
}: {
  state: MenuState;
  onAction: (action: TagAction, view: TagView) => void;
  onDismiss: () => void;
}) {
  const intl = useIntl();
  const ref = useRef<HTMLUListElement>(null);
  const [focused, setFocused] = useState(0);
  const actions = ACTIONS.filter((action) => action !== 'close' || !state.view.affix);
  useEffect(() => {
    const items = ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]');
    items?.[focused]?.focus();
  }, [focused]);
  useEffect(() => {
    const close = (event: globalThis.MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) onDismiss();
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [onDismiss]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      onDismiss();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      setFocused((index) => (index + 1) % actions.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setFocused((index) => (index - 1 + actions.length) % actions.length);
    }
  };
  return (
    <chakra.ul
      ref={ref}
      role="menu"
      aria-label={intl.formatMessage(
        { id: 'tags.menu' },
        { title: intl.formatMessage({ id: routeTitleKey(state.view.titleKey) }) },
      )}
      position="fixed"
      left={`${state.left}px`}
      top={`${state.top}px`}
      width={`${TAG_MENU_WIDTH}px`}
      zIndex="popover"
      bg="white"
      listStyleType="none"
      margin="0"
      paddingY="1"
      borderRadius="sm"
      fontSize="xs"
      color="#333"
      boxShadow="2px 2px 3px 0 rgba(0, 0, 0, 0.3)"
      onKeyDown={onKeyDown}
      data-testid="tags-context-menu"
    >
      {actions.map((action, index) => (
        <chakra.li
          key={action}
          role="menuitem"
          tabIndex={index === focused ? 0 : -1}
          paddingX="4"
          paddingY="1.5"
          cursor="pointer"
          _hover={{ bg: '#eee' }}
          _focus={{ bg: '#eee', outline: 'none' }}
          onClick={() => onAction(action, state.view)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              onAction(action, state.view);
            }
          }}
        >
          {intl.formatMessage({ id: `tags.${action}` })}
        </chakra.li>
      ))}
    </chakra.ul>
  );
}

/** Tab tags (SPEC §2, §4): one per path, close button, middle-click close, context menu. */
export function TagsView() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const views = useTagsStore((state) => state.visitedViews);
  const [menu, setMenu] = useState<MenuState | null>(null);
  const scroller = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the current tab moves with the path
  useEffect(() => {
    const current = scroller.current?.querySelector<HTMLElement>('[aria-current="page"]');
    current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);

  const goToLast = (remaining: readonly TagView[], closed: TagView) => {
    if (closed.path !== pathname) return;
    const last = remaining.at(-1);
    navigate(last ? last.fullPath : '/');
  };
  const close = (view: TagView) => {
    if (view.affix) return;
    goToLast(useTagsStore.getState().delView(view.path), view);
  };
  const act = (action: TagAction, view: TagView) => {
    setMenu(null);
    const store = useTagsStore.getState();
    if (action === 'refresh') {
      store.refreshView(view.path);
      navigate(`/redirect${view.fullPath}`, { replace: true });
    } else if (action === 'close') {
      close(view);
    } else if (action === 'closeOthers') {
      store.delOthersViews(view.path);
      if (view.path !== pathname) navigate(view.fullPath);
    } else {
      const remaining = store.delAllViews();
      if (!remaining.some((kept) => kept.path === pathname)) navigate(remaining.at(-1)?.fullPath ?? '/');
    }
  };
  const openMenu = (event: MouseEvent, view: TagView) => {
    event.preventDefault();
    const maxLeft = window.innerWidth - TAG_MENU_WIDTH - 8;
    setMenu({ view, left: Math.min(event.clientX + 15, maxLeft), top: event.clientY });
  };

  return (
    <Box
      as="nav"
      aria-label={intl.formatMessage({ id: 'tags.label' })}
      height="34px"
      bg="white"
      borderBottomWidth="1px"
      borderColor="#d8dce5"
      boxShadow="0 1px 3px 0 rgba(0, 0, 0, 0.12), 0 0 3px 0 rgba(0, 0, 0, 0.04)"
      data-testid="tags-view"
    >
      <Flex
        ref={scroller}
        as="ul"
        listStyleType="none"
        margin="0"
        height="full"
        align="center"
        gap="1"
        paddingX="3"
        overflowX="auto"
        overflowY="hidden"
        css={{ scrollbarWidth: 'thin' }}
      >
        {views.map((view) => {
          const active = view.path === pathname;
          const title = intl.formatMessage({ id: routeTitleKey(view.titleKey) });
          return (
            <Flex
              as="li"
              key={view.path}
              align="center"
              flexShrink={0}
              height="26px"
              borderWidth="1px"
              borderColor={active ? 'brand.solid' : '#d8dce5'}
              bg={active ? 'brand.solid' : 'white'}
              color={active ? 'white' : '#495060'}
              fontSize="xs"
              paddingStart="2"
              paddingEnd={view.affix ? '2' : '1'}
              gap="1"
              onContextMenu={(event) => openMenu(event, view)}
              onMouseUp={(event) => {
                if (event.button === 1) close(view);
              }}
              data-testid="tag"
              data-path={view.path}
              data-active={active || undefined}
            >
              {active && <Box width="2" height="2" borderRadius="full" bg="white" aria-hidden="true" />}
              <Box
                asChild
                _focusVisible={{
                  outline: '2px solid',
                  outlineColor: active ? 'white' : 'brand.focusRing',
                  outlineOffset: '1px',
                }}
              >
                <RouterLink
                  to={view.fullPath}
                  aria-current={active ? 'page' : undefined}
                  onKeyDown={(event) => {
                    if (event.key === 'ContextMenu' || (event.shiftKey && event.key === 'F10')) {
                      event.preventDefault();
                      const box = event.currentTarget.getBoundingClientRect();
                      setMenu({
                        view,
                        left: Math.min(box.left, window.innerWidth - TAG_MENU_WIDTH - 8),
                        top: box.bottom + 4,
                      });
                    } else if (event.key === 'Delete') {
                      close(view);
                    }
                  }}
                >
                  {title}
                </RouterLink>
              </Box>
              {!view.affix && (
                <chakra.button
                  type="button"
                  display="inline-flex"
                  alignItems="center"
                  justifyContent="center"
                  width="4"
                  height="4"
                  borderRadius="full"
                  cursor="pointer"
                  _hover={{ bg: active ? 'whiteAlpha.400' : '#b4bccc', color: 'white' }}
                  aria-label={intl.formatMessage({ id: 'tags.closeTab' }, { title })}
                  onClick={(event) => {
                    event.preventDefault();
                    close(view);
                  }}
                  data-testid="tag-close"
                >
                  <CloseIcon boxSize="2.5" />
                </chakra.button>
              )}
            </Flex>
          );
        })}
      </Flex>
      {menu && <ContextMenu state={menu} onAction={act} onDismiss={() => setMenu(null)} />}
    </Box>
  );
}
