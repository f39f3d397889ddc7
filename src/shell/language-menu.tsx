import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { useChangeLanguage } from '../app/use-change-language';
import { LANGUAGES, type Language } from '../lib/i18n/language';
import { LanguageIcon } from './icons';

/** Language switch (SPEC §2): saves the choice and says 切换语言成功. */
export function LanguageMenu({ color, size = 'sm' }: { color?: string; size?: 'xs' | 'sm' | 'md' }) {
  const intl = useIntl();
  const { language, change } = useChangeLanguage();
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton
          variant="ghost"
          size={size}
          color={color}
          aria-label={intl.formatMessage({ id: 'navbar.language' })}
          data-testid="language-menu"
        >
          <LanguageIcon boxSize="5" />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minWidth="32">
            <Menu.RadioItemGroup
              value={language}
              onValueChange={(details) => change(details.value as Language)}
            >
              {LANGUAGES.map((option) => (
                <Menu.RadioItem key={option} value={option}>
                  {intl.formatMessage({ id: `language.${option}` })}
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
