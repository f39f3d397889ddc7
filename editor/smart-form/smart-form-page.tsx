import { Heading, Stack, Tabs } from '@chakra-ui/react';
import { type ComponentType, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { FormBuilder } from './form-builder';
import { FormList } from './form-list';
import { smartFormCatalogues } from './messages';
import { NoticeDialog } from './notice-dialog';

/** The submissions tab: an admin list screen, so the view registry hands it in (editor/ cannot import admin/). */
export type SubmissionsTab = ComponentType<{ onNotice(formId: number, name: string): void }>;

/**
 * /shop/decorateShop/smartForm. The menu tree has no child routes for the builder or the
 * submissions, so they are views of this page in its query: `?view=builder&form=<id>` and
 * `?view=submissions` (with the list's own filters, e.g. `&FormId=<id>`).
 */
function SmartFormPage({ Submissions }: { Submissions: SubmissionsTab }) {
  const [search, setSearch] = useSearchParams();
  const [notice, setNotice] = useState<{ id: number; name: string } | null>(null);
  const view = search.get('view');
  const formId = Number(search.get('form'));
  if (view === 'builder' && formId > 0)
    return (
      <Stack padding="5">
        <FormBuilder formId={formId} onBack={() => setSearch({})} />
      </Stack>
    );
  const tab = view === 'submissions' ? 'submissions' : 'forms';
  return (
    <Stack gap="4" padding="5">
      <Heading as="h1" size="lg">
        <FormattedMessage id="smartForm.title" />
      </Heading>
      <Tabs.Root
        value={tab}
        lazyMount
        unmountOnExit
        onValueChange={(details) => setSearch(details.value === 'submissions' ? { view: 'submissions' } : {})}
      >
        <Tabs.List>
          <Tabs.Trigger value="forms">
            <FormattedMessage id="smartForm.tab.forms" />
          </Tabs.Trigger>
          <Tabs.Trigger value="submissions">
            <FormattedMessage id="smartForm.tab.submissions" />
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="forms">
          <FormList
            onEdit={(id) => setSearch({ view: 'builder', form: String(id) })}
            onSubmissions={(id) => setSearch({ view: 'submissions', FormId: String(id) })}
          />
        </Tabs.Content>
        <Tabs.Content value="submissions">
          <Submissions onNotice={(id, name) => setNotice({ id, name })} />
        </Tabs.Content>
      </Tabs.Root>
      {notice && <NoticeDialog formId={notice.id} name={notice.name} onClose={() => setNotice(null)} />}
    </Stack>
  );
}

/** The page with its submissions tab, as the view registry's lazy view. */
export function smartFormPage(Submissions: SubmissionsTab): ComponentType {
  const Page = withModuleMessages(SmartFormPage, smartFormCatalogues);
  return function SmartFormView() {
    return <Page Submissions={Submissions} />;
  };
}
