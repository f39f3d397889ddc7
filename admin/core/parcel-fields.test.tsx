// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shipForm } from '../../contract/machines/order';
import { system } from '../../src/lib/chakra-system';
import { en as appEn } from '../../src/lib/i18n/en';
import { type Parcel, ParcelDialog } from './parcel-fields';

vi.mock('../../src/lib/http', () => ({ callEndpoint: vi.fn(() => new Promise(() => {})) }));

afterEach(cleanup);

const messages = {
  ...appEn,
  'parcels.carrier': 'Carrier',
  'parcels.trackingNo': 'Tracking number',
  'parcels.trackingNoInvalid': 'Not a tracking number',
};

function show(onSubmit: (parcel: Parcel) => Promise<boolean>) {
  const onClose = vi.fn();
  render(
    <ChakraProvider value={system}>
      <IntlProvider locale="en" messages={messages}>
        <QueryClientProvider client={new QueryClient()}>
          <ParcelDialog
            title="Ship it"
            submitLabel="Ship"
            messages="parcels"
            schema={shipForm.pick({ Carrier: true, TrackingNo: true })}
            busy={false}
            onSubmit={onSubmit}
            onClose={onClose}
          >
            <p>To the winner</p>
          </ParcelDialog>
        </QueryClientProvider>
      </IntlProvider>
    </ChakraProvider>,
  );
  return onClose;
}

const typeNumber = (value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: /Tracking number/ }), { target: { value } });
const ship = () => fireEvent.click(screen.getByRole('button', { name: 'Ship' }));

// The first render loads Chakra's styles, slow on a busy machine.
describe('a parcel dialog', { timeout: 20_000 }, () => {
  it('refuses a tracking number the server would refuse, sending nothing, until it is typed again', async () => {
    const onSubmit = vi.fn(async () => true);
    show(onSubmit);
    expect(screen.getByText('To the winner')).toBeTruthy();
    for (const wrong of ['', '   ', 'SF 123', '中文单号']) {
      typeNumber(wrong);
      ship();
      expect(await screen.findByText('Not a tracking number')).toBeTruthy();
    }
    typeNumber('SF1234567890');
    expect(screen.queryByText('Not a tracking number')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the carrier and the trimmed number, closing once the call succeeds', async () => {
    const onSubmit = vi.fn(async () => true);
    const onClose = show(onSubmit);
    typeNumber('  SF1234567890 ');
    ship();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({ Carrier: 'SF', TrackingNo: 'SF1234567890' });
  });

  it('stays open when the call is refused', async () => {
    const onSubmit = vi.fn(async () => false);
    const onClose = show(onSubmit);
    typeNumber('SF1234567890');
    ship();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onClose).not.toHaveBeenCalled();
  });
});
