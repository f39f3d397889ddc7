import { Heading, Stack, Tabs } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { libraryCatalogues } from './messages';
import { ProductTemplatesPanel } from './product-templates-panel';
import { UserCenterEditor } from './user-center-editor';

/** /shop/decorateShop/userTemplate: the user-center page, and the goods-detail templates as a second tab. */
function UserTemplatePage() {
  return (
    <Stack gap="4" padding="5" data-testid="user-template-page">
      <Heading as="h1" size="lg">
        <FormattedMessage id="library.user.title" />
      </Heading>
      <Tabs.Root defaultValue="user" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="user">
            <FormattedMessage id="library.user.tabUser" />
          </Tabs.Trigger>
          <Tabs.Trigger value="goods">
            <FormattedMessage id="library.user.tabGoods" />
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="user">
          <UserCenterEditor />
        </Tabs.Content>
        <Tabs.Content value="goods">
          <ProductTemplatesPanel />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}

export default withModuleMessages(UserTemplatePage, libraryCatalogues);
