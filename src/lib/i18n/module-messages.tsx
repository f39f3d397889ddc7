import type { ComponentType, ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import type { Language } from './language';

/** A module's own catalogues (admin/goods, editor…), loaded with its lazy views. */
export type ModuleCatalogues = Record<Language, Record<string, string>>;

/**
 * Adds a module's messages on top of the shell's for the views below it, so each lazy module ships
 * its text with its own chunk instead of growing the shell's catalogue.
 */
export function ModuleMessages({
  catalogues,
  children,
}: {
  catalogues: ModuleCatalogues;
  children: ReactNode;
}) {
  const intl = useIntl();
  const language: Language = intl.locale.startsWith('zh') ? 'zh' : 'en';
  return (
    <IntlProvider
      locale={intl.locale}
      defaultLocale={intl.defaultLocale}
      messages={{ ...(intl.messages as Record<string, string>), ...catalogues[language] }}
    >
      {children}
    </IntlProvider>
  );
}

/** Wraps a lazy view so it renders inside its module's messages. */
export function withModuleMessages<Props extends object>(
  View: ComponentType<Props>,
  catalogues: ModuleCatalogues,
): ComponentType<Props> {
  function ViewWithMessages(props: Props) {
    return (
      <ModuleMessages catalogues={catalogues}>
        <View {...props} />
      </ModuleMessages>
    );
  }
  ViewWithMessages.displayName = `WithModuleMessages(${View.displayName ?? View.name})`;
  return ViewWithMessages;
}
