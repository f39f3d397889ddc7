import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { EndpointDefinition, EndpointInput } from '../../contract/endpoint';
import { getSelectProducts } from '../../contract/endpoints/goods';
import type { EndpointResponse } from '../../src/lib/http';
import { endpointQuery } from '../../src/lib/query-options';

/** Catalogue keys: the search box, each found row's add button (with `addValues`), no match. */
export interface FinderLabels {
  search: string;
  add: string;
  noMatch: string;
}

/**
 * Rows found by typing (goods, members), to add to a chosen list beside it: the chosen ones are
 * left out of what is found, and nothing is added past `max`.
 */
export function Finder<E extends EndpointDefinition, Item extends { Id: number }>({
  endpoint,
  input,
  items,
  addValues,
  chosen,
  onAdd,
  max,
  disabled,
  labels,
}: {
  endpoint: E;
  input(keyword: string): EndpointInput<E>;
  items(data: EndpointResponse<E>): Item[];
  addValues(item: Item): Record<string, string>;
  chosen: readonly { Id: number }[];
  onAdd(item: Item): void;
  max: number;
  disabled?: boolean;
  labels: FinderLabels;
}) {
  const intl = useIntl();
  const [keyword, setKeyword] = useState('');
  const found = useQuery({ ...endpointQuery(endpoint, input(keyword)), enabled: keyword.trim() !== '' });
  const rows = (found.data ? items(found.data) : []).filter(
    (item) => !chosen.some((taken) => taken.Id === item.Id),
  );
  const label = intl.formatMessage({ id: labels.search });
  return (
    <Stack gap="2">
      <Input
        aria-label={label}
        placeholder={label}
        value={keyword}
        maxWidth="md"
        disabled={disabled}
        onChange={(event) => setKeyword(event.target.value)}
      />
      {keyword.trim() !== '' && found.data && rows.length === 0 && (
        <Text color="fg.muted" fontSize="sm">
          <FormattedMessage id={labels.noMatch} />
        </Text>
      )}
      <HStack gap="2" wrap="wrap">
        {rows.map((item) => (
          <Button
            key={item.Id}
            size="xs"
            variant="outline"
            disabled={disabled || chosen.length >= max}
            onClick={() => onAdd(item)}
          >
            <FormattedMessage id={labels.add} values={addValues(item)} />
          </Button>
        ))}
      </HStack>
    </Stack>
  );
}

export interface ChosenGoods {
  Id: number;
  Name: string;
}

/**
 * Goods found by name (a grade's excluded goods, the goods a coupon covers, the good a deal sells);
 * `onShelfOnly` leaves out goods buyers cannot buy now.
 */
export function GoodsFinder({
  onShelfOnly,
  ...props
}: {
  chosen: readonly ChosenGoods[];
  onAdd(goods: ChosenGoods): void;
  max: number;
  disabled?: boolean;
  labels: FinderLabels;
  onShelfOnly?: boolean;
}) {
  return (
    <Finder
      {...props}
      endpoint={getSelectProducts}
      input={(keyword) => ({
        keyword,
        pageSize: 8,
        page: 1,
        ...(onShelfOnly ? { onShelfOnly: 'true' as const } : {}),
      })}
      items={(data) => data.Data.map((goods) => ({ Id: goods.Id, Name: goods.Name }))}
      addValues={(goods) => ({ name: goods.Name })}
    />
  );
}
