import {
  Box,
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  HStack,
  Portal,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { initCities, nextCities } from '../../../contract/endpoints/comm';
import type { NamedRegion } from '../../../contract/endpoints/freight-templates';
import { provinceOf } from '../../../contract/freight';
import { endpointQuery } from '../../../src/lib/query-options';

type Area = { Code: string; Name: string };

/** What a held region says: the rule that holds it, or that it is not delivered to. */
function useHeldText() {
  const intl = useIntl();
  return (owner: number) =>
    owner === 0
      ? intl.formatMessage({ id: 'freight.picker.heldByUndeliverable' })
      : intl.formatMessage(
          { id: 'freight.picker.heldBy' },
          { rule: intl.formatMessage({ id: 'freight.form.ruleName' }, { rule: owner }) },
        );
}

function RegionCheckbox({
  area,
  checked,
  disabled,
  note,
  onToggle,
}: {
  area: Area;
  checked: boolean | 'indeterminate';
  disabled: boolean;
  note?: string;
  onToggle(): void;
}) {
  return (
    <Checkbox.Root checked={checked} disabled={disabled} onCheckedChange={onToggle} size="sm">
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>
        {area.Name}
        {note && (
          <Text as="span" color="fg.muted" fontSize="xs">
            {` (${note})`}
          </Text>
        )}
      </Checkbox.Label>
    </Checkbox.Root>
  );
}

/** A province's cities, fetched when first shown. */
function ProvinceCities({
  province,
  id,
  selected,
  owners,
  onToggle,
}: {
  province: Area;
  id: string;
  selected: ReadonlyMap<string, string>;
  owners: ReadonlyMap<string, number>;
  onToggle(city: Area): void;
}) {
  const intl = useIntl();
  const held = useHeldText();
  const cities = useQuery({
    ...endpointQuery(nextCities, { code: province.Code }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const label = intl.formatMessage({ id: 'freight.picker.citiesOf' }, { province: province.Name });
  if (!cities.data)
    return <Spinner size="sm" aria-label={intl.formatMessage({ id: 'freight.picker.loading' })} />;
  const list = cities.data.Data;
  // Municipalities and the special regions list themselves as their one city: the province is the choice.
  if (list.length === 0 || (list.length === 1 && list[0]!.Name === province.Name))
    return (
      <Text id={id} fontSize="sm" color="fg.muted" paddingStart="6">
        <FormattedMessage id="freight.picker.noCities" />
      </Text>
    );
  const whole = selected.has(province.Code);
  return (
    <Box
      id={id}
      role="group"
      aria-label={label}
      display="grid"
      gridTemplateColumns="repeat(auto-fill, minmax(9rem, 1fr))"
      gap="2"
      paddingStart="6"
    >
      {list.map((city) => {
        const owner = owners.get(city.Code) ?? owners.get(province.Code);
        return (
          <RegionCheckbox
            key={city.Code}
            area={city}
            checked={whole || selected.has(city.Code)}
            disabled={whole || owner !== undefined}
            note={
              owner !== undefined
                ? held(owner)
                : whole
                  ? intl.formatMessage({ id: 'freight.picker.wholeProvince' })
                  : undefined
            }
            onToggle={() => onToggle(city)}
          />
        );
      })}
    </Box>
  );
}

/**
 * Chooses the regions of one rule (or the undeliverable list) over the area tree: whole provinces,
 * or single cities under a province shown on demand. Regions other lists hold are shown but cannot
 * be chosen, so two rules never claim one place. A dialog: focus stays inside until it closes, and
 * returns to the button that opened it.
 */
export function RegionPickerDialog({
  title,
  value,
  owners,
  onApply,
  onClose,
}: {
  title: string;
  value: readonly NamedRegion[];
  /** Regions held elsewhere: by a rule's number, or 0 for the undeliverable list. */
  owners: ReadonlyMap<string, number>;
  onApply(regions: NamedRegion[]): void;
  onClose(): void;
}) {
  const intl = useIntl();
  const held = useHeldText();
  const baseId = useId();
  const provinces = useQuery({ ...endpointQuery(initCities, {}), staleTime: Number.POSITIVE_INFINITY });
  const [selected, setSelected] = useState(() => new Map(value.map((region) => [region.Code, region.Name])));
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());

  const citiesChosenIn = (province: string) =>
    [...selected.keys()].filter((code) => code !== province && provinceOf(code) === province);
  const heldIn = (province: string) =>
    owners.get(province) ?? [...owners].find(([code]) => provinceOf(code) === province)?.[1];

  const toggleProvince = (province: Area) => {
    const next = new Map(selected);
    if (next.has(province.Code)) next.delete(province.Code);
    else {
      // The whole province takes in the cities chosen in it.
      for (const city of citiesChosenIn(province.Code)) next.delete(city);
      next.set(province.Code, province.Name);
    }
    setSelected(next);
  };
  const toggleCity = (city: Area) => {
    const next = new Map(selected);
    if (next.has(city.Code)) next.delete(city.Code);
    else next.set(city.Code, city.Name);
    setSelected(next);
  };
  const toggleOpen = (code: string) => {
    const next = new Set(open);
    if (next.has(code)) next.delete(code);
    else next.add(code);
    setOpen(next);
  };

  return (
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && onClose()}
      placement="center"
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text fontSize="sm" color="fg.muted">
                  <FormattedMessage id="freight.picker.help" />
                </Text>
                {!provinces.data ? (
                  <Spinner aria-label={intl.formatMessage({ id: 'freight.picker.loading' })} />
                ) : (
                  <Stack as="ul" gap="2" aria-label={intl.formatMessage({ id: 'freight.picker.provinces' })}>
                    {provinces.data.Data.map((province) => {
                      const owner = heldIn(province.Code);
                      const partly = citiesChosenIn(province.Code).length > 0;
                      const citiesId = `${baseId}-${province.Code}`;
                      const expanded = open.has(province.Code);
                      return (
                        <Box as="li" key={province.Code} listStyleType="none">
                          <HStack justify="space-between" gap="2">
                            <RegionCheckbox
                              area={province}
                              checked={selected.has(province.Code) ? true : partly ? 'indeterminate' : false}
                              disabled={owner !== undefined}
                              note={owner !== undefined ? held(owner) : undefined}
                              onToggle={() => toggleProvince(province)}
                            />
                            <Button
                              size="xs"
                              variant="ghost"
                              aria-expanded={expanded}
                              aria-controls={expanded ? citiesId : undefined}
                              onClick={() => toggleOpen(province.Code)}
                            >
                              <FormattedMessage
                                id="freight.picker.showCities"
                                values={{ province: province.Name }}
                              />
                            </Button>
                          </HStack>
                          {expanded && (
                            <ProvinceCities
                              province={province}
                              id={citiesId}
                              selected={selected}
                              owners={owners}
                              onToggle={toggleCity}
                            />
                          )}
                        </Box>
                      );
                    })}
                  </Stack>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer justifyContent="space-between">
              <Text fontSize="sm" aria-live="polite">
                <FormattedMessage id="freight.picker.chosen" values={{ count: selected.size }} />
              </Text>
              <HStack gap="2">
                <Button variant="outline" size="sm" onClick={onClose}>
                  <FormattedMessage id="engine.cancel" />
                </Button>
                <Button
                  size="sm"
                  colorPalette="brand"
                  onClick={() =>
                    onApply(
                      [...selected]
                        .sort(([left], [right]) => left.localeCompare(right))
                        .map(([Code, Name]) => ({ Code, Name })),
                    )
                  }
                >
                  <FormattedMessage id="freight.picker.apply" />
                </Button>
              </HStack>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'app.close' })} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
