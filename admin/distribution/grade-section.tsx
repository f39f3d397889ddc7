import { Button, Field, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { RATE_SCALE } from '../../contract/commission';
import {
  bindPromoterGrade,
  deletePromoterGrade,
  GRADE_NAME_MAX,
  getPromoterGradeList,
  type PromoterGrade,
} from '../../contract/endpoints/distribution';
import { FormDialog } from '../../src/lib/form-dialog';
import { endpointQuery } from '../../src/lib/query-options';
import { FormSection } from '../core/form-field';
import { fenToYuanText, yuanToFen } from '../core/list-state';
import { useResourceAction } from '../core/use-resource-list';

const percent = (rate: number) => `${fenToYuanText(rate)}%`;

/** Adds a grade or changes one: its name and its two rates in percent. */
function GradeDialog({ grade, onClose }: { grade: PromoterGrade | null; onClose(): void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [name, setName] = useState(grade?.Name ?? '');
  const [level1, setLevel1] = useState(grade ? fenToYuanText(grade.Level1Rate) : '');
  const [level2, setLevel2] = useState(grade ? fenToYuanText(grade.Level2Rate) : '0.00');
  const [error, setError] = useState<{ field: 'name' | 'level1' | 'level2'; key: string } | null>(null);
  const save = useResourceAction([], bindPromoterGrade);
  const fields = [
    ['level1', level1, setLevel1],
    ['level2', level2, setLevel2],
  ] as const;
  return (
    <FormDialog
      title={t(grade ? 'grades.editTitle' : 'grades.addTitle')}
      submitLabel={t('grades.save')}
      busy={save.pending}
      onClose={onClose}
      onSubmit={async () => {
        const first = yuanToFen(level1);
        const second = yuanToFen(level2);
        if (!name.trim()) return setError({ field: 'name', key: 'grades.nameRequired' });
        if (first === null || first > RATE_SCALE)
          return setError({ field: 'level1', key: 'grades.rateInvalid' });
        if (second === null || second > RATE_SCALE)
          return setError({ field: 'level2', key: 'grades.rateInvalid' });
        if (first + second > RATE_SCALE)
          return setError({ field: 'level2', key: 'distribution.rule.ratesOverWhole' });
        const input = {
          ...(grade ? { Id: grade.Id, Version: grade.Version } : {}),
          Name: name.trim(),
          Level1Rate: first,
          Level2Rate: second,
        };
        if (await save.run({ input })) onClose();
      }}
    >
      <Stack gap="4">
        <Field.Root required invalid={error?.field === 'name'}>
          <Field.Label>
            <FormattedMessage id="grades.name" />
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            autoFocus
            value={name}
            maxLength={GRADE_NAME_MAX}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
          />
          {error?.field === 'name' && <Field.ErrorText>{t(error.key)}</Field.ErrorText>}
        </Field.Root>
        {fields.map(([field, value, set]) => (
          <Field.Root key={field} required invalid={error?.field === field}>
            <Field.Label>
              <FormattedMessage id={`grades.${field}`} />
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              inputMode="decimal"
              value={value}
              onChange={(event) => {
                set(event.target.value);
                setError(null);
              }}
            />
            {error?.field === field ? (
              <Field.ErrorText>{t(error.key)}</Field.ErrorText>
            ) : (
              <Field.HelperText>{t('promotionSetting.rateHelp')}</Field.HelperText>
            )}
          </Field.Root>
        ))}
      </Stack>
    </FormDialog>
  );
}

/** Promoter grades: a grade's promoters earn its rates instead of the settings' defaults. */
export function GradeSection() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const grades = useQuery(endpointQuery(getPromoterGradeList, {}));
  const remove = useResourceAction([], deletePromoterGrade);
  const [editing, setEditing] = useState<PromoterGrade | 'new' | null>(null);
  return (
    <FormSection title={t('grades.title')}>
      <Text color="fg.muted" fontSize="sm">
        <FormattedMessage id="grades.help" />
      </Text>
      {grades.data && grades.data.Data.length > 0 && (
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              {['name', 'level1', 'level2', 'promoters', 'actions'].map((column) => (
                <Table.ColumnHeader key={column}>
                  <FormattedMessage id={`grades.column.${column}`} />
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {grades.data.Data.map((grade) => (
              <Table.Row key={grade.Id}>
                <Table.Cell>{grade.Name}</Table.Cell>
                <Table.Cell>{percent(grade.Level1Rate)}</Table.Cell>
                <Table.Cell>{percent(grade.Level2Rate)}</Table.Cell>
                <Table.Cell>{grade.Promoters}</Table.Cell>
                <Table.Cell>
                  <HStack gap="2">
                    <Button
                      size="xs"
                      variant="outline"
                      aria-label={t('grades.editNamed', { name: grade.Name })}
                      onClick={() => setEditing(grade)}
                    >
                      <FormattedMessage id="grades.edit" />
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      aria-label={t('grades.deleteNamed', { name: grade.Name })}
                      onClick={() =>
                        void remove.run({
                          input: { Id: grade.Id },
                          confirmKey: 'grades.confirmDelete',
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
      )}
      <HStack>
        <Button size="sm" variant="outline" colorPalette="brand" onClick={() => setEditing('new')}>
          <FormattedMessage id="grades.add" />
        </Button>
      </HStack>
      {editing && <GradeDialog grade={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </FormSection>
  );
}
