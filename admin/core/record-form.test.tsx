// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '../../contract/endpoint';
import { system } from '../../src/lib/chakra-system';
import { callEndpoint } from '../../src/lib/http';
import { en as appEn } from '../../src/lib/i18n/en';
import { showToast } from '../../src/lib/notify';
import { en } from './i18n/en';
import { type RecordFormDefinition, RecordFormPage } from './record-form';

vi.mock('../../src/lib/http', () => ({ callEndpoint: vi.fn() }));
vi.mock('../../src/lib/notify', () => ({ confirmDialog: vi.fn(), showToast: vi.fn() }));
const call = vi.mocked(callEndpoint);

const crewRow = z.object({
  Id: z.number(),
  Version: z.number(),
  Name: z.string(),
  CrewIds: z.array(z.number()),
});
type CrewRow = z.infer<typeof crewRow>;
const getBoat = defineEndpoint({
  method: 'GET',
  path: '/Boats/GetBoatInfo',
  permission: '/boats/editBoat',
  input: z.strictObject({ id: z.number() }),
  output: crewRow,
});
const getSailors = defineEndpoint({
  method: 'GET',
  path: '/Boats/GetSailorList',
  permission: '/boats/editBoat',
  input: z.strictObject({ page: z.number(), pageSize: z.number() }),
  output: z.object({ Data: z.array(z.object({ Id: z.number(), Title: z.string() })) }),
});
const saveBoat = defineEndpoint({
  method: 'POST',
  path: '/Boats/SaveBoat',
  permission: '/boats/editBoat',
  input: z.strictObject({
    Id: z.number().optional(),
    Version: z.number().optional(),
    Name: z.string().trim().min(1),
    CrewIds: z.array(z.number()),
  }),
  output: z.object({ Id: z.number() }),
});

interface BoatDraft {
  Name: string;
  CrewIds: number[];
}

const lookups = { sailors: getSailors };
const boatForm: RecordFormDefinition<CrewRow, BoatDraft, typeof saveBoat, typeof lookups> = {
  read: getBoat,
  save: saveBoat,
  titles: { create: 'boat.create', edit: 'boat.edit' },
  backTo: '/boats/list',
  backLabel: 'boat.back',
  savedMessage: 'boat.saved',
  lookups,
  empty: { Name: '', CrewIds: [] },
  draft: (row) => ({ Name: row.Name, CrewIds: row.CrewIds }),
  toInput: (draft) => ({ Name: draft.Name, CrewIds: draft.CrewIds }),
  sections: ({ t, lookups }) => [
    {
      title: 'boat.section',
      parts: [
        { columns: 2, fields: [{ name: 'Name', kind: 'text', label: t('boat.name'), required: true }] },
        {
          fields: [
            {
              name: 'CrewIds',
              kind: 'checkboxes',
              label: t('boat.crew'),
              choices: lookups.sailors.map((sailor) => ({ id: sailor.Id, label: sailor.Title })),
              noChoices: t('boat.noCrew'),
            },
          ],
        },
      ],
    },
  ],
};

const messages = {
  ...appEn,
  ...en,
  'boat.create': 'New boat',
  'boat.edit': 'Edit boat',
  'boat.back': 'Back to boats',
  'boat.saved': 'Boat saved',
  'boat.section': 'Boat',
  'boat.name': 'Name',
  'boat.crew': 'Crew',
  'boat.noCrew': 'No sailors yet',
};

function show(search: string, sailors: { Id: number; Title: string }[]) {
  call.mockImplementation(async (endpoint) => {
    if (endpoint === getSailors) return { Errcode: 0, Data: sailors } as never;
    if (endpoint === getBoat) return { Errcode: 0, Id: 7, Version: 3, Name: 'Swan', CrewIds: [2] } as never;
    return { Errcode: 0, Id: 7 } as never;
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/boats/editBoat', element: <RecordFormPage definition={boatForm} /> },
      { path: '/boats/list', element: <p>the list</p> },
    ],
    { initialEntries: [`/boats/editBoat${search}`] },
  );
  render(
    <ChakraProvider value={system}>
      <IntlProvider locale="en" messages={messages}>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </IntlProvider>
    </ChakraProvider>,
  );
  return router;
}

const crew = [
  { Id: 1, Title: 'Ahab' },
  { Id: 2, Title: 'Ishmael' },
];

beforeEach(() => call.mockReset());
afterEach(cleanup);

// The first render loads Chakra's styles, slow on a busy machine.
describe('a record form page', { timeout: 20_000 }, () => {
  it('edits the record of ?id= with its saved choices ticked, saving its Id and Version', async () => {
    const router = show('?id=7', crew);
    const form = await screen.findByRole('form', { name: 'Edit boat' });
    expect(call).toHaveBeenCalledWith(getSailors, { page: 1, pageSize: 100 }, expect.anything());
    expect(screen.getByRole('heading', { level: 1, name: 'Edit boat' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Crew' })).toBeTruthy();
    const ahab = screen.getByRole('checkbox', { name: 'Ahab' }) as HTMLInputElement;
    expect(ahab.checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Ishmael' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(ahab);
    fireEvent.submit(form);
    await waitFor(() => expect(router.state.location.pathname).toBe('/boats/list'));
    expect(call).toHaveBeenCalledWith(saveBoat, { Id: 7, Version: 3, Name: 'Swan', CrewIds: [2, 1] });
    expect(vi.mocked(showToast)).toHaveBeenCalledWith('success', 'Boat saved');
  });

  it('creates from the empty draft when no id is given, sending no Id or Version', async () => {
    show('', crew);
    const form = await screen.findByRole('form', { name: 'New boat' });
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Heron' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ahab' }));
    fireEvent.submit(form);
    await waitFor(() => expect(call).toHaveBeenCalledWith(saveBoat, { Name: 'Heron', CrewIds: [1] }));
    expect(call).not.toHaveBeenCalledWith(getBoat, expect.anything(), expect.anything());
  });

  it('says so when a set of checkboxes has nothing to choose', async () => {
    show('', []);
    expect(await screen.findByText('No sailors yet')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('offers the way back to its list', async () => {
    const router = show('', crew);
    fireEvent.click(await screen.findByRole('button', { name: 'Back to boats' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/boats/list'));
  });
});
