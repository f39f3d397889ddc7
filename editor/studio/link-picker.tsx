import {
  Badge,
  Button,
  CloseButton,
  Dialog,
  Field,
  HStack,
  Image,
  Input,
  NativeSelect,
  Portal,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
} from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { getShortcutDataList } from '../../contract/endpoints/module-library-lookups';
import { type EntityLinkKind, type LinkKind, linkTargetsFor } from '../../contract/link-targets';
import {
  describeLinkProblem,
  emptyLink,
  LinkType,
  type LinkValue,
  linkKindOf,
  linkValueSchema,
  NAVIGATE_PAGES,
  NO_LINK,
  QUICK_ENTRIES,
  QUICK_ENTRY_TITLES,
  type QuickEntry,
  type TypedInLinkKind,
  validateLink,
} from '../../contract/link-value';
import { endpointQuery } from '../../src/lib/query-options';
import { descriptorOf, isPickableKind } from './link-entity-descriptors';
import { useStudio } from './studio-context';

const TYPED_IN: readonly LinkKind[] = [
  'none',
  'miniProgram',
  'navigate',
  'phone',
  'wifi',
  'webLink',
  'videoChannel',
  'quickEntry',
];
const PICKER_PAGE_SIZE = 8;

/** Marks an entity the shop switched off: a link to it still works but shows nothing to buy. */
export function OffBadge() {
  const intl = useIntl();
  return (
    <Badge size="sm" colorPalette="orange" title={intl.formatMessage({ id: 'studio.link.offHint' })}>
      <FormattedMessage id="studio.link.off" />
    </Badge>
  );
}

/** The text fields each typed-in kind shows, in order. */
const KIND_FIELDS: Partial<Record<LinkKind, readonly string[]>> = {
  miniProgram: ['appId', 'appIdLianjie', 'linkTitle'],
  phone: ['tel', 'linkTitle'],
  wifi: ['wifiId', 'wifimac', 'wifipassword', 'linkTitle'],
  webLink: ['webLink', 'linkTitle'],
  videoChannel: ['appId', 'appIdLianjie', 'linkTitle'],
  navigate: ['linkTitle'],
  quickEntry: ['linkTitle'],
};

/**
 * The rows of one entity kind to choose from. With `chosen`, it picks several: a chosen row's button
 * turns into a "chosen" mark and the dialog stays open until closed.
 */
export function EntityPickerDialog({
  kind,
  onPick,
  onClose,
  chosen,
}: {
  kind: EntityLinkKind;
  onPick: (link: LinkValue) => void;
  onClose: () => void;
  chosen?: ReadonlySet<number>;
}) {
  const intl = useIntl();
  const descriptor = descriptorOf(kind);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const search = keyword.trim();
  const list = useQuery({
    ...endpointQuery(descriptor.endpoint, {
      page,
      pageSize: PICKER_PAGE_SIZE,
      ...(search ? { Keyword: search } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.Data ?? [];
  const total = list.data?.Total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PICKER_PAGE_SIZE));
  const title = intl.formatMessage({ id: `studio.link.pick.${kind}` });
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} placement="center" size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={`${kind}-picker`}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Input
                  size="sm"
                  type="search"
                  value={keyword}
                  aria-label={intl.formatMessage({ id: 'studio.link.search' })}
                  placeholder={intl.formatMessage({ id: 'studio.link.search' })}
                  onChange={(event) => {
                    setKeyword(event.target.value);
                    setPage(1);
                  }}
                />
                {list.isPending ? (
                  <Skeleton height="40" />
                ) : list.isError ? (
                  <Text color="red.600" role="alert">
                    <FormattedMessage id="studio.link.loadFailed" />
                  </Text>
                ) : rows.length === 0 ? (
                  <Text color="fg.muted" data-testid="picker-empty">
                    {search ? (
                      <FormattedMessage id="studio.link.noMatch" values={{ keyword: search }} />
                    ) : (
                      <FormattedMessage id="studio.link.empty" />
                    )}
                  </Text>
                ) : (
                  <Table.Root size="sm">
                    <Table.Body>
                      {rows.map((row) => (
                        <Table.Row key={row.Id}>
                          <Table.Cell width="12">
                            {row.Image && (
                              <Image alt="" src={row.Image} width="10" height="10" objectFit="cover" />
                            )}
                          </Table.Cell>
                          <Table.Cell>
                            <HStack gap="2">
                              <Text fontSize="sm">{row.Title}</Text>
                              {row.Status === 'off' && <OffBadge />}
                            </HStack>
                            {descriptor.facts(row).map((fact) => (
                              <Text key={fact.id} fontSize="xs" color="fg.muted" lineClamp={1}>
                                {intl.formatMessage({ id: fact.id }, fact.values)}
                              </Text>
                            ))}
                          </Table.Cell>
                          <Table.Cell textAlign="end">
                            {chosen?.has(row.Id) ? (
                              <Badge size="sm" colorPalette="green">
                                <FormattedMessage id="studio.link.chosen" />
                              </Badge>
                            ) : (
                              <Button
                                size="xs"
                                colorPalette="brand"
                                aria-label={intl.formatMessage(
                                  { id: 'studio.link.choose' },
                                  { name: row.Title },
                                )}
                                onClick={() => onPick(descriptor.toLink(row))}
                              >
                                <FormattedMessage id="studio.link.chooseShort" />
                              </Button>
                            )}
                          </Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                )}
                <HStack justify="space-between">
                  <Text fontSize="xs" color="fg.muted">
                    <FormattedMessage id="studio.link.pageOf" values={{ page, pages, total }} />
                  </Text>
                  <HStack gap="1">
                    <Button
                      size="xs"
                      variant="outline"
                      disabled={page <= 1}
                      onClick={() => setPage(page - 1)}
                    >
                      <FormattedMessage id="studio.link.previous" />
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      disabled={page >= pages}
                      onClick={() => setPage(page + 1)}
                    >
                      <FormattedMessage id="studio.link.next" />
                    </Button>
                  </HStack>
                </HStack>
              </Stack>
            </Dialog.Body>
            {chosen && (
              <Dialog.Footer>
                <Button size="sm" onClick={onClose}>
                  <FormattedMessage id="studio.link.done" />
                </Button>
              </Dialog.Footer>
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'studio.close' })} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * The quick entry of a quick-entry link. Choosing one takes the shop's own data from the shortcut
 * look-up (`location` brings the shop's address and map point), keeping the link's title.
 */
function QuickEntrySelect({
  link,
  disabled,
  label,
  onChange,
}: {
  link: LinkValue;
  disabled: boolean;
  label: string;
  onChange: (link: LinkValue) => void;
}) {
  const intl = useIntl();
  const locale = intl.locale.startsWith('zh') ? 'zh' : 'en';
  const shortcuts = useQuery(endpointQuery(getShortcutDataList, {}));
  const record = link as unknown as Record<string, unknown>;
  const choose = (entry: QuickEntry) => {
    const shortcut = shortcuts.data?.Data.find((row) => row.Value === entry);
    const title = typeof record.linkTitle === 'string' ? { linkTitle: record.linkTitle } : {};
    onChange(
      shortcut
        ? ({ ...shortcut.Link, ...title } as LinkValue)
        : ({ linkType: LinkType.quickEntry, linkUrl: entry, ...title } as LinkValue),
    );
  };
  return (
    <NativeSelect.Root size="sm" disabled={disabled}>
      <NativeSelect.Field
        aria-label={label}
        value={String(record.linkUrl ?? '')}
        onChange={(event) => choose(event.target.value as QuickEntry)}
      >
        {QUICK_ENTRIES.map((entry) => (
          <option key={entry} value={entry}>
            {QUICK_ENTRY_TITLES[entry][locale]}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/**
 * A link property: the kinds the template's shop type allows (and the field accepts), the chosen
 * kind's own fields with their validation messages, and live rows for entity links.
 */
export function LinkField({
  value,
  kinds,
  disabled,
  onChange,
}: {
  value: unknown;
  kinds?: LinkKind[];
  disabled: boolean;
  onChange: (link: LinkValue) => void;
}) {
  const intl = useIntl();
  const locale = intl.locale.startsWith('zh') ? 'zh' : 'en';
  const shopType = useStudio((state) => state.shopType);
  const pages = useStudio((state) => state.history.document.pages);
  const parsed = linkValueSchema.safeParse(value);
  const link: LinkValue = parsed.success ? parsed.data : NO_LINK;
  const current = linkKindOf(link);
  const [kind, setKind] = useState<LinkKind>(current);
  const [picking, setPicking] = useState(false);
  const targets = linkTargetsFor(shopType).filter(
    (target) => target.kind === 'none' || !kinds || kinds.includes(target.kind),
  );
  const shownKind = kind === current || !targets.some((target) => target.kind === kind) ? current : kind;
  const problems = current === 'none' ? [] : validateLink(link, shopType);
  const record = link as unknown as Record<string, unknown>;
  const label = (name: string) => intl.formatMessage({ id: `studio.link.field.${name}` });

  const chooseKind = (next: LinkKind) => {
    setKind(next);
    if (TYPED_IN.includes(next)) onChange(emptyLink(next as TypedInLinkKind));
    else if (next === 'customPage' && pages[0])
      onChange({ linkType: LinkType.customPage, id: pages[0].id, linkTitle: pages[0].settings.title });
  };

  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" padding="2" data-testid="link-field">
      <NativeSelect.Root size="sm" disabled={disabled}>
        <NativeSelect.Field
          aria-label={intl.formatMessage({ id: 'studio.link.kind' })}
          value={shownKind}
          onChange={(event) => chooseKind(event.target.value as LinkKind)}
        >
          {targets.map((target) => (
            <option key={target.kind} value={target.kind}>
              {target.title[locale]}
            </option>
          ))}
          {!targets.some((target) => target.kind === current) && (
            <option value={current}>{intl.formatMessage({ id: 'studio.link.notAllowedKind' })}</option>
          )}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {shownKind === 'navigate' && current === 'navigate' && (
        <NativeSelect.Root size="sm" disabled={disabled}>
          <NativeSelect.Field
            aria-label={label('linkUrl')}
            value={String(record.linkUrl ?? '')}
            onChange={(event) => onChange({ ...link, linkUrl: event.target.value } as LinkValue)}
          >
            {NAVIGATE_PAGES.map((page) => (
              <option key={page.path} value={page.path}>
                {page.title[locale]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
      {shownKind === 'quickEntry' && current === 'quickEntry' && (
        <QuickEntrySelect link={link} disabled={disabled} label={label('quickEntry')} onChange={onChange} />
      )}
      {shownKind === 'customPage' && (
        <NativeSelect.Root size="sm" disabled={disabled}>
          <NativeSelect.Field
            aria-label={label('page')}
            value={current === 'customPage' ? String(record.id) : ''}
            onChange={(event) => {
              const page = pages.find((entry) => entry.id === event.target.value);
              if (page)
                onChange({ linkType: LinkType.customPage, id: page.id, linkTitle: page.settings.title });
            }}
          >
            {pages.map((page) => (
              <option key={page.id} value={page.id}>
                {page.settings.title || intl.formatMessage({ id: 'studio.pages.untitled' })}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
      {shownKind === current &&
        (KIND_FIELDS[current] ?? []).map((name) => {
          const problem = problems.find((entry) => entry.field === name);
          return (
            <Field.Root key={name} invalid={Boolean(problem)}>
              <Field.Label fontSize="xs">{label(name)}</Field.Label>
              <Input
                size="sm"
                value={String(record[name] ?? '')}
                disabled={disabled}
                onChange={(event) => onChange({ ...link, [name]: event.target.value } as LinkValue)}
              />
              {problem && <Field.ErrorText>{describeLinkProblem(problem, locale)}</Field.ErrorText>}
            </Field.Root>
          );
        })}
      {shownKind === 'webLink' && current === 'webLink' && (
        <Switch.Root
          size="sm"
          checked={record.isLink === true}
          disabled={disabled}
          onCheckedChange={(details) => onChange({ ...link, isLink: details.checked } as LinkValue)}
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label fontSize="xs">{label('isLink')}</Switch.Label>
        </Switch.Root>
      )}
      {isPickableKind(shownKind) && (
        <HStack justify="space-between">
          <Text fontSize="sm" lineClamp={1} data-testid="link-summary">
            {current === shownKind
              ? String(record.linkTitle ?? '')
              : intl.formatMessage({ id: 'studio.link.nothingChosen' })}
          </Text>
          <Button size="xs" variant="outline" disabled={disabled} onClick={() => setPicking(true)}>
            <FormattedMessage id={`studio.link.pick.${shownKind}`} />
          </Button>
        </HStack>
      )}
      {problems
        .filter((problem) => !(KIND_FIELDS[current] ?? []).includes(problem.field))
        .map((problem) => (
          <Text key={`${problem.field}:${problem.code}`} fontSize="xs" color="red.600" role="alert">
            {describeLinkProblem(problem, locale)}
          </Text>
        ))}
      {picking && isPickableKind(shownKind) && (
        <EntityPickerDialog
          kind={shownKind}
          onClose={() => setPicking(false)}
          onPick={(picked) => {
            onChange(picked);
            setPicking(false);
          }}
        />
      )}
    </Stack>
  );
}
