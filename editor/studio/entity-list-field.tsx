import { Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MAX_LOOKUP_IDS } from '../../contract/endpoints/link-entities';
import type { LinkKind } from '../../contract/link-targets';
import { type LinkValue, linkValueSchema } from '../../contract/link-value';
import { endpointQuery } from '../../src/lib/query-options';
import { descriptorOf, isPickableKind } from './link-entity-descriptors';
import { EntityPickerDialog, OffBadge } from './link-picker';

interface Chosen {
  id: number;
  title: string;
  link: LinkValue;
}

function chosenOf(value: unknown): Chosen[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const parsed = linkValueSchema.safeParse(entry);
    if (!parsed.success || !('id' in parsed.data) || typeof parsed.data.id !== 'number') return [];
    const title = 'linkTitle' in parsed.data ? (parsed.data.linkTitle ?? '') : '';
    return [{ id: parsed.data.id, title, link: parsed.data }];
  });
}

/**
 * Entities chosen by hand (goods of a product list, coupons of a coupon block...): the chosen ones in
 * display order, each movable and removable and marked when the shop switched it off, and a picker
 * that adds several at once up to `max`.
 */
export function EntityListField({
  value,
  kinds,
  max,
  disabled,
  label,
  onChange,
}: {
  value: unknown;
  kinds: readonly LinkKind[];
  max: number;
  disabled: boolean;
  label: string;
  onChange: (links: LinkValue[]) => void;
}) {
  const intl = useIntl();
  const [picking, setPicking] = useState(false);
  const kind = kinds.find(isPickableKind);
  const chosen = chosenOf(value);
  const ids = chosen.map((entry) => entry.id).slice(0, MAX_LOOKUP_IDS);
  const statuses = useQuery({
    ...endpointQuery(descriptorOf(kind ?? 'product').endpoint, {
      page: 1,
      pageSize: MAX_LOOKUP_IDS,
      Ids: ids.join(','),
    }),
    enabled: kind !== undefined && ids.length > 0,
    staleTime: 30_000,
  });
  const off = new Set((statuses.data?.Data ?? []).filter((row) => row.Status === 'off').map((row) => row.Id));
  if (!kind) return null;
  const links = chosen.map((entry) => entry.link);
  const full = chosen.length >= max;
  return (
    <Stack gap="1.5" borderWidth="1px" borderRadius="md" padding="2" data-testid="entity-list-field">
      {chosen.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="studio.link.nothingChosen" />
        </Text>
      ) : (
        <Stack as="ol" gap="1" listStyleType="none" aria-label={label}>
          {chosen.map((entry, index) => (
            <Box as="li" key={entry.id}>
              <HStack gap="1" justify="space-between">
                <HStack gap="1.5" minWidth="0">
                  <Text fontSize="sm" lineClamp={1}>
                    {entry.title || `#${entry.id}`}
                  </Text>
                  {off.has(entry.id) && <OffBadge />}
                </HStack>
                <HStack gap="0.5" flexShrink={0}>
                  <IconButton
                    size="2xs"
                    variant="ghost"
                    aria-label={intl.formatMessage({ id: 'studio.entities.moveUp' }, { name: entry.title })}
                    disabled={disabled || index === 0}
                    onClick={() => onChange(links.toSpliced(index, 1).toSpliced(index - 1, 0, entry.link))}
                  >
                    <span aria-hidden="true">↑</span>
                  </IconButton>
                  <IconButton
                    size="2xs"
                    variant="ghost"
                    aria-label={intl.formatMessage({ id: 'studio.entities.remove' }, { name: entry.title })}
                    disabled={disabled}
                    onClick={() => onChange(links.toSpliced(index, 1))}
                  >
                    <span aria-hidden="true">✕</span>
                  </IconButton>
                </HStack>
              </HStack>
            </Box>
          ))}
        </Stack>
      )}
      <HStack justify="space-between">
        <Text fontSize="xs" color="fg.muted">
          <FormattedMessage id="studio.entities.count" values={{ count: chosen.length, max }} />
        </Text>
        <Button size="xs" variant="outline" disabled={disabled || full} onClick={() => setPicking(true)}>
          <FormattedMessage id={`studio.link.pick.${kind}`} />
        </Button>
      </HStack>
      {picking && (
        <EntityPickerDialog
          kind={kind}
          chosen={new Set(chosen.map((entry) => entry.id))}
          onClose={() => setPicking(false)}
          onPick={(picked) => {
            const next = [...links, picked];
            onChange(next);
            if (next.length >= max) setPicking(false);
          }}
        />
      )}
    </Stack>
  );
}
