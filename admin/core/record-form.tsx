import { SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import { useQueries } from '@tanstack/react-query';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import type { EndpointDefinition, EndpointInput } from '../../contract/endpoint';
import type { EndpointResponse } from '../../src/lib/http';
import { endpointQuery } from '../../src/lib/query-options';
import { type FieldSpec, FormFields, FormSection } from './form-field';
import { FormHeading, RecordView } from './record-view';
import { useRecord } from './use-record';
import { useResourceForm } from './use-resource-form';

/** A saved record: what the save is told it edits, so a stale version is refused. */
interface VersionedRow {
  Id: number;
  Version: number;
}

/** The rows of a list endpoint's page. */
type PageRows<E extends EndpointDefinition> = EndpointResponse<E> extends { Data: infer Rows } ? Rows : never;

/** Lists read before the form (its selects and checkboxes), by name. */
type Lookups = Record<string, EndpointDefinition>;

export type LookupRows<L extends Lookups> = { [K in keyof L]: PageRows<L[K]> };

/** One run of fields in a section: in a grid of `columns` on wide screens, else one a line. */
export interface FormPart<Draft extends FieldValues> {
  columns?: number;
  fields: FieldSpec<Draft>[];
}

export interface FormSectionSpec<Draft extends FieldValues> {
  /** Catalogue key of the section's heading. */
  title: string;
  parts: FormPart<Draft>[];
}

/** What a definition's fields are drawn from: the catalogue, the lists read first, the record. */
export interface FormContext<Row, L extends Lookups> {
  t(id: string, values?: Record<string, number | string>): string;
  lookups: LookupRows<L>;
  /** The record being edited; none while creating. */
  row?: Row;
}

/**
 * A create-or-edit page declared as data: the record read from `?id=` (none creates), the draft
 * made from it, the save call's input made from the draft (the record's Id and Version added when
 * editing), and the form's sections. The lists its choices come from are read before the form, so
 * the saved choices are selected from the start.
 */
export interface RecordFormDefinition<
  Row extends VersionedRow,
  Draft extends FieldValues,
  E extends EndpointDefinition,
  L extends Lookups = Record<never, EndpointDefinition>,
> {
  /** Reads the record by `?id=`. */
  read: EndpointDefinition<z.ZodType, z.ZodType<Row>>;
  save: E;
  /** Catalogue keys of the page's title while creating and while editing; it also names the form. */
  titles: { create: string; edit: string };
  /** The list the page goes back to, and once saved. */
  backTo: string;
  /** Catalogue key of the way back. */
  backLabel: string;
  /** Catalogue key of the toast once saved. */
  savedMessage: string;
  lookups?: L;
  /** The draft of a new record. */
  empty: Draft;
  draft(row: Row): Draft;
  toInput(draft: Draft): Record<string, unknown>;
  /** The save's field names that the draft holds under other names (a text typed for a number). */
  renames?: Readonly<Record<string, string>>;
  sections(context: FormContext<Row, L>): FormSectionSpec<Draft>[];
}

function RecordForm<
  Row extends VersionedRow,
  Draft extends FieldValues,
  E extends EndpointDefinition,
  L extends Lookups,
>({
  definition,
  lookups,
  row,
}: {
  definition: RecordFormDefinition<Row, Draft, E, L>;
  lookups: LookupRows<L>;
  row?: Row;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number | string>) => intl.formatMessage({ id }, values);
  const { form, submit } = useResourceForm({
    defaultValues: (row ? definition.draft(row) : definition.empty) as DefaultValues<Draft>,
    save: definition.save,
    toInput: (draft: Draft) => ({
      ...(row ? { Id: row.Id, Version: row.Version } : {}),
      ...definition.toInput(draft),
    }),
    renames: definition.renames,
    savedMessage: definition.savedMessage,
    afterSave: () => ({ to: definition.backTo }),
  });
  const title = t(row ? definition.titles.edit : definition.titles.create);
  return (
    <form aria-label={title} onSubmit={submit} noValidate>
      <Stack gap="4" padding="5">
        <FormHeading
          title={title}
          backTo={definition.backTo}
          backLabel={t(definition.backLabel)}
          saving={form.formState.isSubmitting}
        />
        {definition.sections({ t, lookups, row }).map((section) => (
          <FormSection key={section.title} title={t(section.title)}>
            {section.parts.map((part) =>
              part.columns ? (
                <SimpleGrid key={part.fields[0]?.name} columns={{ base: 1, md: part.columns }} gap="4">
                  <FormFields form={form} fields={part.fields} />
                </SimpleGrid>
              ) : (
                <FormFields key={part.fields[0]?.name} form={form} fields={part.fields} />
              ),
            )}
          </FormSection>
        ))}
      </Stack>
    </form>
  );
}

/** Draws a RecordFormDefinition: its lists, then its record (or a new one), then the form. */
export function RecordFormPage<
  Row extends VersionedRow,
  Draft extends FieldValues,
  E extends EndpointDefinition,
  L extends Lookups,
>({ definition }: { definition: RecordFormDefinition<Row, Draft, E, L> }) {
  const record = useRecord(definition.read, { allowNew: true });
  const sources = Object.entries(definition.lookups ?? {});
  // Each list's first hundred rows: the choices of a select or a set of checkboxes.
  const firstPage = { page: 1, pageSize: 100 } as EndpointInput<EndpointDefinition>;
  const lists = useQueries({ queries: sources.map(([, endpoint]) => endpointQuery(endpoint, firstPage)) });
  if (lists.some((list) => !list.data)) return <Skeleton height="64" margin="5" />;
  const lookups = Object.fromEntries(
    sources.map(([name], index) => [name, (lists[index]!.data as unknown as { Data: unknown }).Data]),
  ) as LookupRows<L>;
  return (
    <RecordView
      record={record}
      renderNew={() => <RecordForm key="new" definition={definition} lookups={lookups} />}
    >
      {(row) => (
        <RecordForm key={`${row.Id}-${row.Version}`} definition={definition} lookups={lookups} row={row} />
      )}
    </RecordView>
  );
}
