import { Badge, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TemplatePage } from '../../contract/template-document';
import { NameDialog } from '../../src/lib/name-dialog';
import { confirmDialog } from '../../src/lib/notify';
import { useStudio } from './studio-context';

type Naming = { mode: 'add' } | { mode: 'rename'; page: TemplatePage } | null;

/** The template's pages: show one, add, rename, delete (with a confirm), make it the home page. */
export function PagesPanel() {
  const intl = useIntl();
  const pages = useStudio((state) => state.history.document.pages);
  const homePageId = useStudio((state) => state.history.document.homePageId);
  const pageId = useStudio((state) => state.pageId);
  const showPage = useStudio((state) => state.showPage);
  const addPage = useStudio((state) => state.addPage);
  const renamePage = useStudio((state) => state.renamePage);
  const deletePage = useStudio((state) => state.deletePage);
  const setHomePage = useStudio((state) => state.setHomePage);
  const [naming, setNaming] = useState<Naming>(null);
  const titleOf = (page: TemplatePage) =>
    page.settings.title || intl.formatMessage({ id: 'studio.pages.untitled' });

  const remove = async (page: TemplatePage) => {
    const confirmed = await confirmDialog({
      title: intl.formatMessage({ id: 'studio.pages.deleteTitle' }),
      message: intl.formatMessage({ id: 'studio.pages.deleteMessage' }, { name: titleOf(page) }),
    });
    if (confirmed) deletePage(page.id);
  };

  return (
    <Stack gap="2">
      <HStack justify="space-between">
        <Text fontWeight="semibold" fontSize="sm">
          <FormattedMessage id="studio.pages.title" />
        </Text>
        <Button size="2xs" variant="outline" onClick={() => setNaming({ mode: 'add' })}>
          <FormattedMessage id="studio.pages.add" />
        </Button>
      </HStack>
      <Stack as="ul" listStyleType="none" gap="1" data-testid="pages">
        {pages.map((page) => {
          const name = titleOf(page);
          const label = (id: string) => intl.formatMessage({ id }, { name });
          return (
            <HStack as="li" key={page.id} gap="0.5">
              <Button
                flex="1"
                size="xs"
                variant={page.id === pageId ? 'subtle' : 'ghost'}
                colorPalette={page.id === pageId ? 'blue' : 'gray'}
                justifyContent="flex-start"
                aria-current={page.id === pageId ? 'page' : undefined}
                onClick={() => showPage(page.id)}
              >
                <Text lineClamp={1}>{name}</Text>
                {page.id === homePageId && (
                  <Badge size="xs" colorPalette="green">
                    <FormattedMessage id="studio.pages.home" />
                  </Badge>
                )}
              </Button>
              {page.id !== homePageId && (
                <IconButton
                  size="2xs"
                  variant="ghost"
                  aria-label={label('studio.pages.setHome')}
                  onClick={() => setHomePage(page.id)}
                >
                  <span aria-hidden="true">⌂</span>
                </IconButton>
              )}
              <IconButton
                size="2xs"
                variant="ghost"
                aria-label={label('studio.pages.rename')}
                onClick={() => setNaming({ mode: 'rename', page })}
              >
                <span aria-hidden="true">✎</span>
              </IconButton>
              <IconButton
                size="2xs"
                variant="ghost"
                colorPalette="red"
                aria-label={label('studio.pages.delete')}
                disabled={pages.length === 1}
                onClick={() => remove(page)}
              >
                <span aria-hidden="true">✕</span>
              </IconButton>
            </HStack>
          );
        })}
      </Stack>
      {naming && (
        <NameDialog
          title={intl.formatMessage({
            id: naming.mode === 'add' ? 'studio.pages.addTitle' : 'studio.pages.renameTitle',
          })}
          label={intl.formatMessage({ id: 'studio.pages.name' })}
          initial={naming.mode === 'rename' ? naming.page.settings.title : ''}
          maxLength={40}
          onClose={() => setNaming(null)}
          onSubmit={(name) => {
            if (naming.mode === 'add') addPage(name);
            else renamePage(naming.page.id, name);
            setNaming(null);
          }}
        />
      )}
    </Stack>
  );
}
