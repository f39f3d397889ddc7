import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { getSelectProducts } from '../../contract/endpoints/goods';
import { endpointQuery } from '../../src/lib/query-options';

export interface FoundGoods {
  Id: number;
  Name: string;
  Image: string;
  PriceFen: number;
}

/**
 * Goods of the shop found by name, each offered as a button (excluded goods of the member prices,
 * the goods of a seckill, a group buy or a bargain). Goods already chosen are left out.
 */
export function GoodsFinder({
  label,
  addLabel,
  chosen,
  onAdd,
  disabled,
  onShelfOnly,
}: {
  /** The search box's label and placeholder. */
  label: string;
  /** Each found good's button text. */
  addLabel(name: string): string;
  chosen: readonly number[];
  onAdd(goods: FoundGoods): void;
  disabled?: boolean;
  onShelfOnly?: boolean;
}) {
  const [keyword, setKeyword] = useState('');
  const found = useQuery({
    ...endpointQuery(getSelectProducts, {
      keyword,
      pageSize: 8,
      page: 1,
      ...(onShelfOnly ? { onShelfOnly: 'true' } : {}),
    }),
    enabled: keyword.trim() !== '',
  });
  const rows = (found.data?.Data ?? []).filter((goods) => !chosen.includes(goods.Id));
  return (
    <Stack gap="2">
      <Input
        aria-label={label}
        placeholder={label}
        value={keyword}
        maxWidth="md"
        onChange={(event) => setKeyword(event.target.value)}
      />
      {keyword.trim() !== '' && found.data && rows.length === 0 && (
        <Text color="fg.muted" fontSize="sm">
          <FormattedMessage id="engine.goods.noMatch" />
        </Text>
      )}
      <HStack gap="2" wrap="wrap">
        {rows.map((goods) => (
          <Button
            key={goods.Id}
            size="xs"
            variant="outline"
            disabled={disabled}
            onClick={() =>
              onAdd({ Id: goods.Id, Name: goods.Name, Image: goods.Image, PriceFen: goods.PriceFen })
            }
          >
            {addLabel(goods.Name)}
          </Button>
        ))}
      </HStack>
    </Stack>
  );
}
