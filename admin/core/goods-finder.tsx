import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { getSelectProducts } from '../../contract/endpoints/goods';
import { endpointQuery } from '../../src/lib/query-options';

export interface ChosenGoods {
  Id: number;
  Name: string;
}

/**
 * Goods found by name, to add to a chosen list (goods a grade's prices leave out, goods a coupon
 * covers). `labels` are catalogue keys: the search box, each goods' add button (`{name}`), no match.
 */
export function GoodsFinder({
  chosen,
  onAdd,
  max,
  disabled,
  labels,
}: {
  chosen: readonly ChosenGoods[];
  onAdd(goods: ChosenGoods): void;
  max: number;
  disabled?: boolean;
  labels: { search: string; add: string; noMatch: string };
}) {
  const intl = useIntl();
  const [keyword, setKeyword] = useState('');
  const found = useQuery({
    ...endpointQuery(getSelectProducts, { keyword, pageSize: 8, page: 1 }),
    enabled: keyword.trim() !== '',
  });
  const rows = (found.data?.Data ?? []).filter((goods) => !chosen.some((item) => item.Id === goods.Id));
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
        {rows.map((goods) => (
          <Button
            key={goods.Id}
            size="xs"
            variant="outline"
            disabled={disabled || chosen.length >= max}
            onClick={() => onAdd({ Id: goods.Id, Name: goods.Name })}
          >
            <FormattedMessage id={labels.add} values={{ name: goods.Name }} />
          </Button>
        ))}
      </HStack>
    </Stack>
  );
}
