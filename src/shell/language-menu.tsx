import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { showToast } from '../app/toaster';
import { createTranslator, LANGUAGES, type Language } from '../lib/i18n/language';
import { useAppStore } from '../stores/app-store';
import { LanguageIcon } from './icons';

/** Language switch (SPEC §2): saves the choice and says 切换语言成功. */
export function LanguageMenu({ color, size = 'sm' }: { color?: string; size?: 'xs' | 'sm' | 'md' }) {
  const intl = useIntl();
  const language = useAppStore((state) => state.language);
  const setLanguage = useAppStore((state) => state.setLanguage);
  const choose = (next: Language) => {
    if (next === language) return;
    setLanguage(next);
    showToast('success', createTranslator(next).formatMessage({ id: 'language.switched' }), 2000);
  };
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
            <Menu.RadioItemGroup value={language} onValueChange={(details) => choose(details.value as Language)}>
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
