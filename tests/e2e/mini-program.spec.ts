import { solidPng } from '../api/images';
import { expect, test } from './fixtures';

/**
 * The mini-program in the sandbox: authorise, commit a version, submit it for audit, approve it
 * through the sandbox's audit push and release it; then walk a WeChat Pay applyment to "to be
 * signed". The demo mall's seeded versions and applyments are the starting point.
 */

const FIRST_SCREEN = { timeout: 45_000 };

test('an operator authorises, commits, audits and releases a version in the sandbox', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
}) => {
  test.setTimeout(180_000);
  const version = `3.0.${Date.now() % 100000}`;
  await signInByApi(page, 'admin');
  await page.goto('/smallRoutine/smallRoutineSupervise');
  await expect(page.getByRole('heading', { name: 'Mini-program management' })).toBeVisible(FIRST_SCREEN);
  await expect(page.getByText('Sandbox: WeChat is not connected')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Authorising leaves for the sandbox's answer and comes back with its code.
  await page.getByRole('button', { name: 'Authorise again' }).click();
  await expect(page.getByText('The mini-program is authorised')).toBeVisible(FIRST_SCREEN);
  await expect(page).not.toHaveURL(/auth_code/);
  await expect(page.getByTestId('authorization-status')).toHaveText('Authorised');

  // The seeded version under audit is rejected through the sandbox, freeing the audit.
  const seeded = page.getByRole('row').filter({ hasText: '2.1.1' });
  await seeded.getByRole('button', { name: 'Audit result (sandbox): 2.1.1' }).click();
  const rejectDialog = page.getByRole('dialog');
  await rejectDialog.getByLabel('Result').selectOption('fail');
  await rejectDialog.getByRole('button', { name: 'Send the result' }).click();
  await expect(rejectDialog.getByText('A rejection needs its reason')).toBeVisible();
  await rejectDialog.getByLabel('Reason').fill('首页内容与类目不符');
  await rejectDialog.getByRole('button', { name: 'Send the result' }).click();
  await expect(seeded).toContainText('Rejected');
  await expect(seeded).toContainText('首页内容与类目不符');

  await page.getByRole('button', { name: 'Commit a new version' }).click();
  await expect(page.getByRole('heading', { name: 'Commit a code version' })).toBeVisible(FIRST_SCREEN);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('combobox', { name: 'Code template' }).selectOption({ index: 1 });
  await page.getByLabel('Version number').fill(version);
  await page.getByRole('textbox', { name: 'Description' }).fill('端到端测试版本');
  await page.getByRole('button', { name: 'Commit', exact: true }).click();
  await expect(page.getByText('The version was committed')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mini-program management' })).toBeVisible(FIRST_SCREEN);

  const row = page.getByRole('row').filter({ hasText: version });
  await expect(row).toContainText('Committed');
  await row.getByRole('button', { name: `Submit for audit: ${version}` }).click();
  const audit = page.getByRole('dialog');
  await audit.getByRole('button', { name: 'Submit' }).click();
  await expect(audit.getByText('Choose the page WeChat should audit')).toBeVisible();
  await audit.getByRole('combobox', { name: 'Page' }).selectOption('pages/index/index');
  await audit.getByRole('combobox', { name: 'Category' }).selectOption({ index: 1 });
  await audit.getByRole('textbox', { name: 'Page title' }).fill('首页');
  await expectNoSeriousA11yViolations(page);
  await audit.getByRole('button', { name: 'Submit' }).click();
  await expect(row).toContainText('Under audit');

  await row.getByRole('button', { name: `Audit result (sandbox): ${version}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send the result' }).click();
  await expect(row).toContainText('Approved');

  await row.getByRole('button', { name: `Release: ${version}` }).click();
  const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(row).toContainText('On line');
  await expect(page.getByRole('region', { name: 'Authorisation' })).toContainText(version);

  await row.getByRole('button', { name: `Timeline: ${version}` }).click();
  const timeline = page.getByRole('list', { name: 'Steps of the version' });
  await expect(timeline.getByRole('listitem')).toHaveCount(7);
  await expect(timeline).toContainText('WeChat approved it');
  await expectNoSeriousA11yViolations(page);
});

test('an operator completes a payment applyment and walks it to be signed', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
}) => {
  test.setTimeout(120_000);
  await signInByApi(page, 'admin');
  await page.goto('/smallRoutine/payApplymentList');
  await expect(page.getByRole('heading', { name: 'Payment applications' })).toBeVisible(FIRST_SCREEN);
  await expectNoSeriousA11yViolations(page);

  const draft = page.getByRole('row').filter({ hasText: '上海演示商贸有限公司（门店）' });
  await draft.getByRole('button', { name: 'Submit: 上海演示商贸有限公司（门店）' }).click();
  await page
    .getByRole('alertdialog')
    .or(page.getByRole('dialog'))
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(page.getByText(/missing: BankAddressCode/)).toBeVisible();

  await draft.getByRole('button', { name: 'Edit: 上海演示商贸有限公司（门店）' }).click();
  await expect(page.getByRole('heading', { name: 'Edit the WeChat Pay applyment' })).toBeVisible(
    FIRST_SCREEN,
  );
  await expect(page.getByText('Stored as 3101**********1234; leave blank to keep it')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Bank area code').fill('310000');
  // The shop's mini-program authorised in the sandbox is the one named; the operator adds a screenshot.
  await expect(page.getByText(/^Mini-program: wx[0-9a-f]{16} /)).toBeVisible();
  await page.getByRole('button', { name: 'Choose from library: Mini-program screenshot 1' }).click();
  const picker = page.getByTestId('image-picker-dialog');
  const file = `applyment-screenshot-${Date.now() % 100_000}.png`;
  await picker
    .getByLabel('Choose image files to upload')
    .setInputFiles([{ name: file, mimeType: 'image/png', buffer: solidPng(36, 64, [16, 185, 129, 255]) }]);
  await expect(picker.getByTestId('upload-item').filter({ hasText: file })).toContainText('Uploaded', {
    timeout: 30_000,
  });
  await picker.getByRole('button', { name: 'Use selected' }).click();
  await expect(picker).toBeHidden();
  await expect(
    page.getByRole('button', { name: 'Choose from library: Mini-program screenshot 2' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The applyment was saved')).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Payment applications' })).toBeVisible(FIRST_SCREEN);
  await draft.getByRole('button', { name: 'Submit: 上海演示商贸有限公司（门店）' }).click();
  await page
    .getByRole('alertdialog')
    .or(page.getByRole('dialog'))
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(draft).toContainText('Under audit');
  await draft.getByRole('button', { name: 'Ask WeChat Pay now: 上海演示商贸有限公司（门店）' }).click();
  await expect(draft).toContainText('To be signed');
  await expect(draft).toContainText('https://pay.weixin.qq.com/');
});
