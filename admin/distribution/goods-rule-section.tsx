import { Button, Field, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { GOODS_RULE_MODES, type GoodsRuleMode, RATE_SCALE } from '../../contract/commission';
import {
  bindGoodsRule,
  deleteGoodsRule,
  type GoodsRuleRow,
  getGoodsRuleList,
} from '../../contract/endpoints/distribution';
import { FormDialog } from '../../src/lib/form-dialog';
import { endpointQuery } from '../../src/lib/query-options';
import { type ChosenGoods, GoodsFinder } from '../core/finder';
import { FormSection } from '../core/form-field';
import { fenToYuanText, yuanToFen } from '../core/list-state';
import { useResourceAction } from '../core/use-resource-list';

/** A rule's level value as shown: a percent for a ratio, yuan per unit for a fixed amount. */
function shown(mode: GoodsRuleMode, value: number): string {
  if (mode === 'ratio') return `${fenToYuanText(value)}%`;
  if (mode === 'fixed') return `¥${fenToYuanText(value)}`;
  return '—';
}

const LEVELS = ['level1', 'level2'] as const;

/** Adds a goods rule or changes one: the goods (chosen once), how it pays, and each level's value. */
function GoodsRuleDialog({ rule, onClose }: { rule: GoodsRuleRow | null; onClose(): void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [goods, setGoods] = useState<ChosenGoods | null>(
    rule ? { Id: rule.ProductId, Name: rule.ProductName } : null,
  );
  const [mode, setMode] = useState<GoodsRuleMode>(rule?.Mode ?? 'ratio');
  const [values, setValues] = useState({
    level1: rule && rule.Mode !== 'excluded' ? fenToYuanText(rule.Level1) : '',
    level2: rule && rule.Mode !== 'excluded' ? fenToYuanText(rule.Level2) : '0.00',
  });
  const [error, setError] = useState<{ field: 'goods' | (typeof LEVELS)[number]; key: string } | null>(null);
  const save = useResourceAction([], bindGoodsRule);
  const submit = async () => {
    if (!goods) return setError({ field: 'goods', key: 'goodsRules.goodsRequired' });
    const parsed = LEVELS.map((level) => (mode === 'excluded' ? 0 : yuanToFen(values[level])));
    for (const [index, value] of parsed.entries()) {
      if (value === null || (mode === 'ratio' && value > RATE_SCALE))
        return setError({ field: LEVELS[index]!, key: `goodsRules.invalid.${mode}` });
    }
    const [level1, level2] = parsed as [number, number];
    if (mode === 'ratio' && level1 + level2 > RATE_SCALE)
      return setError({ field: 'level2', key: 'distribution.rule.ratesOverWhole' });
    const input = {
      ...(rule ? { Id: rule.Id, Version: rule.Version } : {}),
      ProductId: goods.Id,
      Mode: mode,
      Level1: level1,
      Level2: level2,
    };
    if (await save.run({ input })) onClose();
  };
  return (
    <FormDialog
      title={t(rule ? 'goodsRules.editTitle' : 'goodsRules.addTitle')}
      submitLabel={t('goodsRules.save')}
      busy={save.pending}
      size="md"
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <Stack gap="4">
        {goods ? (
          <HStack justify="space-between">
            <Text fontWeight="medium">{goods.Name}</Text>
            {!rule && (
              <Button size="xs" variant="outline" onClick={() => setGoods(null)}>
                <FormattedMessage id="goodsRules.changeGoods" />
              </Button>
            )}
          </HStack>
        ) : (
          <Stack gap="1">
            <GoodsFinder
              chosen={[]}
              max={1}
              onAdd={(chosen) => {
                setGoods(chosen);
                setError(null);
              }}
              labels={{
                search: 'goodsRules.search',
                add: 'goodsRules.choose',
                noMatch: 'goodsRules.noMatch',
              }}
            />
            {error?.field === 'goods' && (
              <Text color="red.700" fontSize="sm" role="alert">
                {t(error.key)}
              </Text>
            )}
          </Stack>
        )}
        <Field.Root>
          <Field.Label>
            <FormattedMessage id="goodsRules.mode" />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={mode}
              onChange={(event) => setMode(event.target.value as GoodsRuleMode)}
            >
              {GOODS_RULE_MODES.map((value) => (
                <option key={value} value={value}>
                  {t(`goodsRules.mode.${value}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {mode !== 'excluded' &&
          LEVELS.map((level) => (
            <Field.Root key={level} required invalid={error?.field === level}>
              <Field.Label>
                <FormattedMessage id={`goodsRules.${level}.${mode}`} />
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                inputMode="decimal"
                value={values[level]}
                onChange={(event) => {
                  setValues({ ...values, [level]: event.target.value });
                  setError(null);
                }}
              />
              {error?.field === level && <Field.ErrorText>{t(error.key)}</Field.ErrorText>}
            </Field.Root>
          ))}
      </Stack>
    </FormDialog>
  );
}

/** Per-goods commission: a rate or a fixed amount of its own, or no commission at all. */
export function GoodsRuleSection() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const rules = useQuery(endpointQuery(getGoodsRuleList, {}));
  const remove = useResourceAction([], deleteGoodsRule);
  const [editing, setEditing] = useState<GoodsRuleRow | 'new' | null>(null);
  return (
    <FormSection title={t('goodsRules.title')}>
      <Text color="fg.muted" fontSize="sm">
        <FormattedMessage id="goodsRules.help" />
      </Text>
      {rules.data && rules.data.Data.length > 0 && (
        <Table.ScrollArea>
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                {['goods', 'price', 'mode', 'level1', 'level2', 'actions'].map((column) => (
                  <Table.ColumnHeader key={column}>
                    <FormattedMessage id={`goodsRules.column.${column}`} />
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rules.data.Data.map((rule) => (
                <Table.Row key={rule.Id}>
                  <Table.Cell>{rule.ProductName}</Table.Cell>
                  <Table.Cell>¥{fenToYuanText(rule.PriceFen)}</Table.Cell>
                  <Table.Cell>
                    <FormattedMessage id={`goodsRules.mode.${rule.Mode}`} />
                  </Table.Cell>
                  <Table.Cell>{shown(rule.Mode, rule.Level1)}</Table.Cell>
                  <Table.Cell>{shown(rule.Mode, rule.Level2)}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="2">
                      <Button
                        size="xs"
                        variant="outline"
                        aria-label={t('goodsRules.editNamed', { name: rule.ProductName })}
                        onClick={() => setEditing(rule)}
                      >
                        <FormattedMessage id="grades.edit" />
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="red"
                        aria-label={t('goodsRules.deleteNamed', { name: rule.ProductName })}
                        onClick={() =>
                          void remove.run({
                            input: { Id: rule.Id },
                            confirmKey: 'goodsRules.confirmDelete',
                            destructive: true,
                          })
                        }
                      >
                        <FormattedMessage id="grades.delete" />
                      </Button>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <HStack>
        <Button size="sm" variant="outline" colorPalette="brand" onClick={() => setEditing('new')}>
          <FormattedMessage id="goodsRules.add" />
        </Button>
      </HStack>
      {editing && (
        <GoodsRuleDialog rule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </FormSection>
  );
}
