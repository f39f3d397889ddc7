import { Box, Field, NativeSelect, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { getMyTemplateList } from '../../contract/endpoints/module-library';
import {
  getShopTemplateList,
  type SetShopTemplateInput,
  type ShopTemplateRow,
  setShopTemplate,
} from '../../contract/endpoints/shop-templates';
import { ApiError, callEndpoint } from '../../src/lib/http';
import { showToast } from '../../src/lib/notify';
import { endpointQuery, invalidateAreas } from '../../src/lib/query-options';

/** The call that makes a page kind use a choice. */
function choose(row: ShopTemplateRow, value: string): SetShopTemplateInput {
  switch (row.Kind) {
    case 'home':
    case 'goodsDetail':
      return { Kind: row.Kind, TemplateId: Number(value) };
    case 'userCenter':
      return {
        Kind: 'userCenter',
        Style: value as Extract<SetShopTemplateInput, { Kind: 'userCenter' }>['Style'],
      };
    case 'category':
      return {
        Kind: 'category',
        Style: value as Extract<SetShopTemplateInput, { Kind: 'category' }>['Style'],
      };
  }
}

/** Styles are named by the screen; templates by their own names. */
const STYLE_LABELS: Partial<Record<ShopTemplateRow['Kind'], string>> = {
  userCenter: 'library.user.header',
  category: 'library.pages.categoryStyle',
};

/**
 * Which template each page kind of the shop uses (/DistributorsShopSet/ templates), on the templates
 * screen: the home page's choice is the same as "make current" in the list below.
 */
export function PageTemplatesPanel() {
  const intl = useIntl();
  const client = useQueryClient();
  const list = useQuery(endpointQuery(getShopTemplateList, {}));
  const change = async (row: ShopTemplateRow, value: string) => {
    try {
      await callEndpoint(setShopTemplate, choose(row, value));
      showToast('success', intl.formatMessage({ id: 'library.pages.saved' }));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
    await invalidateAreas(client, getShopTemplateList, getMyTemplateList);
  };
  return (
    <Box bg="white" borderRadius="md" padding="4" data-testid="page-templates">
      <Stack gap="3">
        <Text fontWeight="semibold">
          <FormattedMessage id="library.pages.title" />
        </Text>
        {list.isPending ? (
          <Skeleton height="16" />
        ) : (
          <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="3">
            {(list.data?.Data ?? []).map((row) => {
              const prefix = STYLE_LABELS[row.Kind];
              return (
                <Field.Root key={row.Kind}>
                  <Field.Label>
                    <FormattedMessage id={`library.pages.kind.${row.Kind}`} />
                  </Field.Label>
                  <NativeSelect.Root size="sm" disabled={row.Options.length === 0}>
                    <NativeSelect.Field
                      value={row.Value === null ? '' : String(row.Value)}
                      onChange={(event) => void change(row, event.target.value)}
                    >
                      {row.Value === null && (
                        <option value="">{intl.formatMessage({ id: 'library.pages.none' })}</option>
                      )}
                      {row.Options.map((option) => (
                        <option key={String(option.Value)} value={String(option.Value)}>
                          {prefix ? intl.formatMessage({ id: `${prefix}.${option.Value}` }) : option.Name}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
              );
            })}
          </SimpleGrid>
        )}
      </Stack>
    </Box>
  );
}
