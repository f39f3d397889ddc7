// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { system } from './chakra-system';
import { FormDialog } from './form-dialog';
import { en } from './i18n/en';
import { InformationDialog } from './information-dialog';

// Closing a dialog hands focus back on a timer; let it run while the document still exists.
afterEach(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 20));
});

function inShell(children: React.ReactNode) {
  return render(
    <ChakraProvider value={system}>
      <IntlProvider locale="en" messages={en}>
        {children}
      </IntlProvider>
    </ChakraProvider>,
  );
}

// The first render loads Chakra's styles, slow on a busy machine.
describe('the shared dialogs', { timeout: 20_000 }, () => {
  it('an information dialog shows its text and closes with its one button', async () => {
    const onClose = vi.fn();
    inShell(
      <InformationDialog title="Key created" closeLabel="I have copied it" onClose={onClose}>
        the secret
      </InformationDialog>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Key created' });
    expect(dialog.textContent).toContain('the secret');
    fireEvent.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a form dialog submits through its own handler, with the browser’s checks off', async () => {
    const onSubmit = vi.fn();
    inShell(
      <FormDialog title="Reason" submitLabel="Send" onSubmit={onSubmit} onClose={vi.fn()}>
        <input aria-label="Why" required />
      </FormDialog>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reason' });
    expect(dialog.closest('form')?.noValidate).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: en['app.cancel'] })).toBeTruthy();
  });
});
