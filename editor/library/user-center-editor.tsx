import {
  Box,
  Button,
  Field,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Stack,
  Switch,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { nanoid } from 'nanoid';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useStore } from 'zustand';
import { blockDefinition } from '../../components-catalog/registry';
import {
  getTemplateData,
  getUserCenterMenuList,
  MAX_USER_CENTER_MENUS,
  setUserCenterInfo,
  USER_CENTER_HEADER_STYLES,
  USER_CENTER_ICONS,
  type UserCenterIcon,
  type UserCenterMenu,
  type UserCenterSettings,
} from '../../contract/endpoints/module-library';
import type { ShopType } from '../../contract/enums';
import { LinkType } from '../../contract/link-value';
import { parseTemplate } from '../../contract/template/codec';
import { createTemplate } from '../../contract/template/create-template';
import { ApiError, callEndpoint } from '../../src/lib/http';
import { alertDialog, showToast } from '../../src/lib/notify';
import { endpointKey } from '../../src/lib/query-options';
import { SortableList, useSortableItem } from '../../src/lib/sortable-list';
import { createStudioStore } from '../store/studio-store';
import { LinkField } from '../studio/link-picker';
import { PHONE_WIDTH } from '../studio/phone-canvas';
import { StudioContext } from '../studio/studio-context';
import { HistoryToolbar, useHistoryShortcuts } from '../toolbar/history-toolbar';
import { createUserCenterStore, type UserCenterStore } from './user-center-store';

/** A small drawing per menu icon; decorative, the item's title is its label. */
export const ICON_GLYPHS: Record<UserCenterIcon, string> = {
  order: '▥',
  coupon: '¥',
  address: '⌂',
  favourite: '♥',
  wallet: '▭',
  gift: '✿',
  member: '★',
  service: '☺',
  phone: '☎',
  location: '⌖',
  share: '⇪',
  help: '?',
  setting: '⚙',
};

const isStale = (envelope: object) => (envelope as { StaleVersion?: unknown }).StaleVersion === true;

function useUserCenter<T>(
  store: UserCenterStore,
  selector: (state: ReturnType<UserCenterStore['getState']>) => T,
) {
  return useStore(store, selector);
}

/** The user-center page as the phone shows it: header, then the visible menu items. */
function UserCenterPhone({ store }: { store: UserCenterStore }) {
  const intl = useIntl();
  const settings = useUserCenter(store, (state) => state.settings);
  const selectedId = useUserCenter(store, (state) => state.selectedId);
  const select = useUserCenter(store, (state) => state.select);
  const banner = settings.HeaderStyle === 'banner';
  return (
    <Box
      role="region"
      aria-label={intl.formatMessage({ id: 'library.user.phone' })}
      width={`${PHONE_WIDTH}px`}
      maxWidth="100%"
      minHeight="600px"
      bg="#f5f5f5"
      boxShadow="0 8px 30px rgba(0,0,0,.18)"
      borderRadius="xl"
      overflow="hidden"
      data-testid="user-center-phone"
    >
      <Box
        height={banner ? '180px' : settings.HeaderStyle === 'card' ? '150px' : '100px'}
        bg={settings.BackgroundColour || '#ff4444'}
        backgroundImage={
          settings.BackgroundImage ? `url("${encodeURI(settings.BackgroundImage)}")` : undefined
        }
        backgroundSize="cover"
        padding="4"
        color="white"
        display="flex"
        alignItems={banner ? 'center' : 'flex-end'}
        justifyContent={banner ? 'center' : 'flex-start'}
        data-testid="user-center-header"
        data-style={settings.HeaderStyle}
      >
        <HStack
          gap="3"
          bg={settings.HeaderStyle === 'card' ? 'blackAlpha.300' : undefined}
          padding="2"
          borderRadius="md"
        >
          <Box width="12" height="12" borderRadius="full" bg="whiteAlpha.700" aria-hidden="true" />
          <Text fontWeight="semibold" color="white" textShadow="0 1px 2px rgba(0,0,0,.6)">
            <FormattedMessage id="library.user.nickname" />
          </Text>
        </HStack>
      </Box>
      <Stack as="ul" gap="0" bg="white" margin="3" borderRadius="md" listStyleType="none">
        {settings.Menus.filter((menu) => menu.Visible).map((menu) => (
          <Box as="li" key={menu.Id} borderBottomWidth="1px" borderColor="gray.100">
            <Button
              variant="ghost"
              width="full"
              justifyContent="flex-start"
              borderRadius="0"
              outline={menu.Id === selectedId ? '2px solid' : undefined}
              outlineColor="blue.500"
              onClick={() => select(menu.Id)}
              data-testid={`phone-menu-${menu.Id}`}
            >
              <Box as="span" aria-hidden="true" width="6" color="red.600">
                {ICON_GLYPHS[menu.Icon]}
              </Box>
              <Box as="span" flex="1" textAlign="left" color="gray.800">
                {menu.Title}
              </Box>
              <Box as="span" aria-hidden="true" color="gray.600">
                ›
              </Box>
            </Button>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

function MenuRow({
  store,
  menu,
  index,
  count,
}: {
  store: UserCenterStore;
  menu: UserCenterMenu;
  index: number;
  count: number;
}) {
  const intl = useIntl();
  const selected = useUserCenter(store, (state) => state.selectedId === menu.Id);
  const { select, moveMenu, removeMenu } = store.getState();
  const sortable = useSortableItem(menu.Id);
  const t = (id: string) => intl.formatMessage({ id }, { title: menu.Title });
  return (
    <HStack
      ref={sortable.ref}
      as="li"
      gap="1"
      padding="1"
      borderRadius="md"
      borderWidth="1px"
      borderColor={selected ? 'blue.500' : 'border'}
      bg={selected ? 'blue.50' : 'white'}
      opacity={sortable.isDragging ? 0.5 : 1}
      style={sortable.style}
      data-testid={`menu-row-${index}`}
    >
      <IconButton
        {...sortable.handleProps}
        size="2xs"
        variant="ghost"
        cursor="grab"
        aria-label={t('library.user.drag')}
      >
        <span aria-hidden="true">⠿</span>
      </IconButton>
      <Button
        flex="1"
        size="xs"
        variant="ghost"
        justifyContent="flex-start"
        aria-pressed={selected}
        onClick={() => select(menu.Id)}
        aria-label={t('library.user.edit')}
      >
        <span aria-hidden="true">{ICON_GLYPHS[menu.Icon]}</span>
        <Text as="span" truncate>
          {menu.Title}
        </Text>
        {!menu.Visible && (
          <Text as="span" fontSize="xs" color="fg.muted">
            <FormattedMessage id="library.user.hidden" />
          </Text>
        )}
      </Button>
      <IconButton
        size="2xs"
        variant="ghost"
        disabled={index === 0}
        aria-label={t('library.user.moveUp')}
        onClick={() => moveMenu(menu.Id, index - 1)}
      >
        <span aria-hidden="true">↑</span>
      </IconButton>
      <IconButton
        size="2xs"
        variant="ghost"
        disabled={index === count - 1}
        aria-label={t('library.user.moveDown')}
        onClick={() => moveMenu(menu.Id, index + 1)}
      >
        <span aria-hidden="true">↓</span>
      </IconButton>
      <IconButton
        size="2xs"
        variant="ghost"
        colorPalette="red"
        aria-label={t('library.user.remove')}
        onClick={() => removeMenu(menu.Id)}
      >
        <span aria-hidden="true">×</span>
      </IconButton>
    </HStack>
  );
}

function MenuProperties({ store, menu }: { store: UserCenterStore; menu: UserCenterMenu }) {
  const intl = useIntl();
  const updateMenu = store.getState().updateMenu;
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" padding="3" bg="white" data-testid="menu-properties">
      <Field.Root required invalid={menu.Title.trim() === ''}>
        <Field.Label>
          <FormattedMessage id="library.user.menuTitle" />
        </Field.Label>
        <Input
          size="sm"
          maxLength={12}
          value={menu.Title}
          onChange={(event) => updateMenu(menu.Id, { Title: event.target.value })}
        />
      </Field.Root>
      <Field.Root>
        <Field.Label>
          <FormattedMessage id="library.user.menuIcon" />
        </Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            value={menu.Icon}
            onChange={(event) => updateMenu(menu.Id, { Icon: event.target.value as UserCenterIcon })}
          >
            {USER_CENTER_ICONS.map((icon) => (
              <option key={icon} value={icon}>
                {`${ICON_GLYPHS[icon]} ${intl.formatMessage({ id: `library.icon.${icon}` })}`}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Switch.Root
        checked={menu.Visible}
        onCheckedChange={(details) => updateMenu(menu.Id, { Visible: details.checked })}
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>
          <FormattedMessage id="library.user.menuVisible" />
        </Switch.Label>
      </Switch.Root>
      <Stack gap="1">
        <Text fontSize="sm" fontWeight="medium">
          <FormattedMessage id="library.user.menuLink" />
        </Text>
        <LinkField
          value={menu.Link}
          disabled={false}
          onChange={(link) => updateMenu(menu.Id, { Link: link })}
        />
      </Stack>
    </Stack>
  );
}

function Editor({
  initial,
  version: initialVersion,
  shopType,
  reload,
}: {
  initial: UserCenterSettings;
  version: number;
  shopType: ShopType;
  reload: () => void;
}) {
  const intl = useIntl();
  const [store] = useState(() => createUserCenterStore(initial));
  const [saved, setSaved] = useState({ settings: initial, version: initialVersion });
  const [saving, setSaving] = useState(false);
  const settings = useUserCenter(store, (state) => state.settings);
  const selectedId = useUserCenter(store, (state) => state.selectedId);
  const canUndo = useStore(store.temporal, (state) => state.pastStates.length > 0);
  const canRedo = useStore(store.temporal, (state) => state.futureStates.length > 0);
  const dirty = settings !== saved.settings;
  const selected = settings.Menus.find((menu) => menu.Id === selectedId);

  // The link picker reads the shop type and the pages of the shop's current template from a studio store.
  const current = useQuery({
    queryKey: endpointKey(getTemplateData, {}),
    queryFn: ({ signal }) => callEndpoint(getTemplateData, {}, { signal, quietErrors: () => true }),
    retry: false,
  });
  const studio = useMemo(() => {
    const parsed = current.data ? parseTemplate(current.data.Data, blockDefinition) : null;
    const document = parsed?.ok ? parsed.document : createTemplate(0, '');
    return createStudioStore({ document, shopType });
  }, [current.data, shopType]);

  const save = async () => {
    if (saving) return;
    setSaving(true);
    try {
      const snapshot = store.getState().settings;
      const result = await callEndpoint(
        setUserCenterInfo,
        { ...snapshot, Version: saved.version },
        { quietErrors: isStale },
      );
      setSaved({ settings: snapshot, version: result.Version });
      showToast('success', intl.formatMessage({ id: 'library.user.saved' }));
    } catch (error) {
      if (error instanceof ApiError && error.body && isStale(error.body)) {
        await alertDialog(
          intl.formatMessage({ id: 'library.user.save' }),
          intl.formatMessage({ id: 'library.user.stale' }),
        );
        reload();
      }
    } finally {
      setSaving(false);
    }
  };

  useHistoryShortcuts({
    undo: () => store.getState().undo(),
    redo: () => store.getState().redo(),
    save: () => void save(),
  });

  const addMenu = () =>
    store.getState().addMenu({
      Id: nanoid(10).replace(/[^A-Za-z0-9_-]/g, '_'),
      Icon: 'gift',
      Title: intl.formatMessage({ id: 'library.user.newMenu' }),
      Link: { linkType: LinkType.navigate, linkUrl: '/pages/index/index' },
      Visible: true,
    });

  return (
    <StudioContext.Provider value={studio}>
      <Stack gap="3" data-testid="user-center-editor">
        <HStack gap="2" wrap="wrap">
          <HistoryToolbar
            canUndo={canUndo}
            canRedo={canRedo}
            saving={saving}
            onUndo={() => store.getState().undo()}
            onRedo={() => store.getState().redo()}
            onSave={() => void save()}
          />
          <Text fontSize="sm" color="fg.muted" role="status" data-testid="user-center-status">
            {dirty ? (
              <FormattedMessage id="library.user.unsaved" />
            ) : (
              <FormattedMessage id="library.user.upToDate" values={{ version: saved.version }} />
            )}
          </Text>
        </HStack>
        <Stack direction={{ base: 'column', lg: 'row' }} gap="5" align="flex-start">
          <UserCenterPhone store={store} />
          <Stack flex="1" gap="4" minWidth="0" width="full">
            <Stack gap="3" bg="white" borderRadius="md" padding="3">
              <Text fontWeight="semibold">
                <FormattedMessage id="library.user.settings" />
              </Text>
              <Field.Root>
                <Field.Label>
                  <FormattedMessage id="library.user.headerStyle" />
                </Field.Label>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field
                    value={settings.HeaderStyle}
                    onChange={(event) =>
                      store
                        .getState()
                        .setPage({ HeaderStyle: event.target.value as UserCenterSettings['HeaderStyle'] })
                    }
                  >
                    {USER_CENTER_HEADER_STYLES.map((style) => (
                      <option key={style} value={style}>
                        {intl.formatMessage({ id: `library.user.header.${style}` })}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <HStack gap="3" align="flex-end">
                <Field.Root>
                  <Field.Label>
                    <FormattedMessage id="library.user.backgroundColour" />
                  </Field.Label>
                  <Input
                    size="sm"
                    type="color"
                    width="20"
                    padding="1"
                    value={
                      /^#[0-9a-fA-F]{6}$/.test(settings.BackgroundColour)
                        ? settings.BackgroundColour
                        : '#ff4444'
                    }
                    onChange={(event) => store.getState().setPage({ BackgroundColour: event.target.value })}
                  />
                </Field.Root>
                <Field.Root flex="1">
                  <Field.Label>
                    <FormattedMessage id="library.user.backgroundImage" />
                  </Field.Label>
                  <Input
                    size="sm"
                    maxLength={2048}
                    value={settings.BackgroundImage}
                    onChange={(event) => store.getState().setPage({ BackgroundImage: event.target.value })}
                  />
                </Field.Root>
              </HStack>
            </Stack>
            <Stack gap="2" bg="white" borderRadius="md" padding="3">
              <HStack justify="space-between">
                <Text fontWeight="semibold">
                  <FormattedMessage id="library.user.menus" />
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  <FormattedMessage
                    id="library.user.menuCount"
                    values={{ count: settings.Menus.length, max: MAX_USER_CENTER_MENUS }}
                  />
                </Text>
              </HStack>
              <SortableList
                ids={settings.Menus.map((menu) => menu.Id)}
                nameOf={(id) => settings.Menus.find((menu) => menu.Id === id)?.Title ?? ''}
                onMove={(id, toIndex) => store.getState().moveMenu(id, toIndex)}
              >
                <Stack as="ul" gap="1" listStyleType="none" data-testid="menu-list">
                  {settings.Menus.map((menu, index) => (
                    <MenuRow
                      key={menu.Id}
                      store={store}
                      menu={menu}
                      index={index}
                      count={settings.Menus.length}
                    />
                  ))}
                </Stack>
              </SortableList>
              <Button
                size="sm"
                variant="outline"
                disabled={settings.Menus.length >= MAX_USER_CENTER_MENUS}
                onClick={addMenu}
              >
                <FormattedMessage id="library.user.addMenu" />
              </Button>
            </Stack>
            {selected && <MenuProperties key={selected.Id} store={store} menu={selected} />}
          </Stack>
        </Stack>
      </Stack>
    </StudioContext.Provider>
  );
}

/** Loads the user center and edits it; a reload after a stale save starts over from the server. */
export function UserCenterEditor() {
  const [generation, setGeneration] = useState(0);
  const query = useQuery({
    // A reload after a stale save must not be answered from the cache.
    queryKey: [...endpointKey(getUserCenterMenuList, {}), generation],
    queryFn: ({ signal }) => callEndpoint(getUserCenterMenuList, {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!query.data) return <Box height="96" bg="gray.50" borderRadius="md" />;
  const { Version, ShopType, HeaderStyle, BackgroundColour, BackgroundImage, Menus } = query.data;
  return (
    <Editor
      key={`${generation}-${Version}`}
      initial={{ HeaderStyle, BackgroundColour, BackgroundImage, Menus }}
      version={Version}
      shopType={ShopType as ShopType}
      reload={() => setGeneration((value) => value + 1)}
    />
  );
}
