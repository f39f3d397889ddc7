import { createTranslator, type Language } from '../lib/i18n/language';
import { useAppStore } from '../stores/app-store';
import { showToast } from './toaster';

/** Saves a language and says 切换语言成功 (SPEC §2), in the language chosen. */
export function useChangeLanguage() {
  const language = useAppStore((state) => state.language);
  const setLanguage = useAppStore((state) => state.setLanguage);
  return {
    language,
    change: (next: Language) => {
      if (next === language) return;
      setLanguage(next);
      showToast('success', createTranslator(next).formatMessage({ id: 'language.switched' }), 3000);
    },
  };
}
