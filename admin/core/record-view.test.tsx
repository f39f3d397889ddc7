// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { system } from '../../src/lib/chakra-system';
import { en as appEn } from '../../src/lib/i18n/en';
import { PageHeading } from './record-view';

afterEach(cleanup);

function at(path: string, title?: string) {
  const router = createMemoryRouter([{ path, element: <PageHeading title={title} /> }], {
    initialEntries: [path],
  });
  render(
    <ChakraProvider value={system}>
      <IntlProvider locale="en" messages={appEn}>
        <RouterProvider router={router} />
      </IntlProvider>
    </ChakraProvider>,
  );
}

// The first render loads Chakra's styles, slow on a busy machine.
describe('PageHeading', { timeout: 20_000 }, () => {
  it('names the page by its route’s title in the menus', () => {
    at('/order/distributionSetting');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(appEn['route.distributionSetting']);
  });

  it('uses a more precise title when the page has one', () => {
    at('/order/editFaceConfig', 'New carrier account');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('New carrier account');
  });
});
