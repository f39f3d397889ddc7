import { expect, test } from './fixtures';

const FIRST_SCREEN = { timeout: 45_000 };

test('an operator closes the released mini-program to visitors after confirming, then opens it again', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
}) => {
  await signInByApi(page, 'admin');
  await page.goto('/smallRoutine/smallRoutineSupervise');
  const panel = page.getByRole('region', { name: 'Authorisation' });
  await expect(panel.getByTestId('visit-status')).toHaveText('Open to visitors', FIRST_SCREEN);

  await panel.getByRole('button', { name: 'Close to visitors' }).click();
  const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(confirm).toContainText('Close the mini-program to visitors?');
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.getByTestId('visit-status')).toHaveText('Open to visitors');

  await panel.getByRole('button', { name: 'Close to visitors' }).click();
  await confirm.getByRole('button', { name: 'Close to visitors' }).click();
  await expect(page.getByText('The mini-program is closed to visitors')).toBeVisible();
  await expect(panel.getByTestId('visit-status')).toHaveText('Closed to visitors');

  await panel.getByRole('button', { name: 'Open to visitors again' }).click();
  await expect(panel.getByTestId('visit-status')).toHaveText('Open to visitors');
});
