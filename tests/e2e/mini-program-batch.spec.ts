import { expect, saveScreenshot, test } from './fixtures';

/**
 * A batch commit in the sandbox: the admin, who manages the mall and the official site, commits one
 * code template to both and follows the progress; the official site has not authorised its
 * mini-program, so its shop fails with the reason while the mall's commit goes through.
 */

const FIRST_SCREEN = { timeout: 45_000 };

test('an account that manages two shops commits both in one batch and follows its progress', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
}) => {
  test.setTimeout(120_000);
  const version = `5.0.${Date.now() % 100000}`;
  await signInByApi(page, 'admin');
  await page.goto('/smallRoutine/packSmallRoutine');
  await expect(page.getByRole('heading', { name: 'Commit a code version' })).toBeVisible(FIRST_SCREEN);
  await page.getByRole('tab', { name: 'Several shops' }).click();

  const history = page.getByRole('region', { name: 'Batch commits' });
  await expect(history.getByRole('row').filter({ hasText: '2.1.2' })).toContainText('1 committed');
  await expectNoSeriousA11yViolations(page);

  const form = page.getByRole('form', { name: 'Commit to several shops' });
  await expect(form.getByRole('checkbox', { name: /演示商城/ })).toBeChecked();
  await form.getByText('演示官网 · not authorised').click();
  await form.getByRole('combobox', { name: 'Code template' }).selectOption({ index: 1 });
  await form.getByLabel('Version number').fill(version);
  await form.getByRole('textbox', { name: 'Description' }).fill('端到端批量提交');
  await form.getByRole('button', { name: 'Commit to the shops' }).click();
  await expect(page.getByText('The batch was queued')).toBeVisible();

  const progress = page.getByRole('region', {
    name: new RegExp(`version ${version.replaceAll('.', '\\.')}`),
  });
  await expect(progress.getByTestId('batch-progress')).toHaveText(
    '2 of 2 shops done: 1 committed, 1 failed',
    FIRST_SCREEN,
  );
  const shops = progress.getByRole('table', { name: 'Shops of the batch' });
  await expect(shops.getByRole('row').filter({ hasText: '演示商城' })).toContainText('Committed');
  await expect(shops.getByRole('row').filter({ hasText: '演示官网' })).toContainText(
    'Authorise the mini-program to the platform first',
  );
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'mini-program-batch-progress', { fullPage: true });

  await progress.getByRole('button', { name: 'Retry the failed shop' }).click();
  await expect(page.getByText('The failed shops were queued again')).toBeVisible();
  await expect(progress.getByTestId('batch-progress')).toHaveText('2 of 2 shops done: 1 committed, 1 failed');

  // The mall's new version waits on the mini-program screen for its audit.
  await page.goto('/smallRoutine/smallRoutineSupervise');
  await expect(page.getByRole('row').filter({ hasText: version })).toContainText('Committed', FIRST_SCREEN);
});
