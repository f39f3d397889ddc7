// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { system } from './chakra-system';
import { en } from './i18n/en';
import { type QueryLike, QueryOutcome } from './query-outcome';

afterEach(cleanup);

function show(query: QueryLike<string[]>) {
  render(
    <ChakraProvider value={system}>
      <IntlProvider locale="en" messages={en}>
        <QueryOutcome query={query} isEmpty={(rows) => rows.length === 0} emptyText="No rows yet">
          {(rows) => <p>{rows.join(', ')}</p>}
        </QueryOutcome>
      </IntlProvider>
    </ChakraProvider>,
  );
}

// The first render loads Chakra's styles, slow on a busy machine.
describe('QueryOutcome', { timeout: 20_000 }, () => {
  it('says it is loading until data comes', () => {
    show({ isError: false, data: undefined, refetch: vi.fn() });
    expect(screen.getByRole('status', { name: en['app.loading'] })).toBeTruthy();
  });

  it('says the load failed and tries again on request', () => {
    const refetch = vi.fn();
    show({ isError: true, data: undefined, refetch });
    expect(screen.getByRole('alert').textContent).toContain(en['app.loadFailed']);
    fireEvent.click(screen.getByRole('button', { name: en['app.retry'] }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the empty text for data that counts as nothing', () => {
    show({ isError: false, data: [], refetch: vi.fn() });
    expect(screen.getByText('No rows yet')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('hands the data to its children', () => {
    show({ isError: false, data: ['tea', 'cake'], refetch: vi.fn() });
    expect(screen.getByText('tea, cake')).toBeTruthy();
  });
});
