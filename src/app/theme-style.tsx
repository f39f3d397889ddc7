import { useMemo } from 'react';
import { themeVariables } from '../lib/theme-palette';
import { useSettingsStore } from '../stores/settings-store';

/** Recolours the whole UI by overriding the brand palette's CSS variables (SPEC §4). */
export function ThemeStyle() {
  const theme = useSettingsStore((state) => state.theme);
  const css = useMemo(() => {
    const declarations = Object.entries(themeVariables(theme))
      .map(([name, value]) => `${name}:${value};`)
      .join('');
    return `:root{${declarations}}`;
  }, [theme]);
  return <style data-theme-style>{css}</style>;
}
