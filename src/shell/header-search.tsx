import { Box, chakra, Dialog, Flex, HStack, Input, Kbd, Portal, Text } from '@chakra-ui/react';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { DASHBOARD_ROUTE, routeTitleKey } from '../app/route-model';
import { usePermittedRoutes } from '../app/use-permitted-routes';
import { createRouteSearch, searchEntries } from '../lib/route-search';
import { ChevronRightIcon, SearchIcon } from './icons';

/** Header search (SPEC §2, §9): fuzzy over the permitted routes' titles, pinyin and paths. */
export default function HeaderSearch({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const listId = useId();
  const { tree } = usePermittedRoutes();
  const search = useMemo(
    () =>
      createRouteSearch(
        searchEntries([DASHBOARD_ROUTE, ...tree], (titleKey) =>
          intl.formatMessage({ id: routeTitleKey(titleKey) }),
        ),
      ),
    [intl, tree],
  );
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const results = useMemo(() => search(query).slice(0, 12), [search, query]);

  const go = (path: string) => {
    onClose();
    navigate(path);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => (results.length ? (index + 1) % results.length : 0));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (results.length ? (index - 1 + results.length) % results.length : 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = results[active];
      if (chosen) go(chosen.path);
    }
  };

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} placement="top" size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content marginTop="16" data-testid="header-search">
            <Dialog.Title srOnly>
              <FormattedMessage id="search.label" />
            </Dialog.Title>
            <Flex align="center" gap="2" paddingX="4" paddingY="3" borderBottomWidth="1px">
              <SearchIcon boxSize="5" color="fg.muted" />
              <Input
                variant="flushed"
                border="none"
                autoFocus
                role="combobox"
                aria-expanded={results.length > 0}
                aria-controls={listId}
                aria-activedescendant={results[active] ? `${listId}-${active}` : undefined}
                aria-label={intl.formatMessage({ id: 'search.label' })}
                placeholder={intl.formatMessage({ id: 'search.placeholder' })}
                value={query}
                onChange={(event) => {
                  setQuery(event.target.value);
                  setActive(0);
                }}
                onKeyDown={onKeyDown}
                data-testid="header-search-input"
              />
              <Kbd size="sm">Esc</Kbd>
            </Flex>
            <chakra.ul
              id={listId}
              role="listbox"
              listStyleType="none"
              margin="0"
              padding="2"
              maxHeight="60vh"
              overflowY="auto"
            >
              {query.trim() && results.length === 0 && (
                <Text as="li" color="fg.muted" padding="4" textAlign="center">
                  <FormattedMessage id="search.empty" />
                </Text>
              )}
              {results.map((result, index) => (
                <chakra.li
                  key={result.path}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  paddingX="3"
                  paddingY="2.5"
                  borderRadius="md"
                  cursor="pointer"
                  bg={index === active ? 'brand.subtle' : undefined}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => go(result.path)}
                  data-testid="header-search-option"
                >
                  <HStack gap="1" color={index === active ? 'brand.fg' : 'fg'} fontSize="sm" flexWrap="wrap">
                    {result.trail.map((title, position) => (
                      <HStack key={result.trail.slice(0, position + 1).join('>')} gap="1">
                        {position > 0 && <ChevronRightIcon boxSize="3" color="fg.muted" />}
                        <Text fontWeight={position === result.trail.length - 1 ? 'semibold' : 'normal'}>
                          {title}
                        </Text>
                      </HStack>
                    ))}
                  </HStack>
                  <Text fontSize="xs" color="fg.muted">
                    {result.path}
                  </Text>
                </chakra.li>
              ))}
            </chakra.ul>
            <Box paddingX="4" paddingY="2" borderTopWidth="1px" fontSize="xs" color="fg.muted">
              <FormattedMessage id="search.hint" />
            </Box>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
