import { createTranslator, type Language, loadCatalogue } from '../lib/i18n/language';
import { useAppStore } from '../stores/app-store';
import { showToast } from './toaster';

/** Loads and saves a language and says 切换语言成功 (SPEC §2), in the language chosen. */
export function useChangeLanguage() {
  const language = useAppStore((state) => state.language);
  const setLanguage = useAppStore((state) => state.setLanguage);
  return {
    language,
    change: (next: Language) => {
      if (next === language) return;
      loadCatalogue(next).then(
        () => {
          setLanguage(next);
          showToast('success', createTranslator(next).formatMessage({ id: 'language.switched' }), 3000);
        },
        () => showToast('error', createTranslator(language).formatMessage({ id: 'app.loadFailed' }), 3000),
      );
    },
  };
}
