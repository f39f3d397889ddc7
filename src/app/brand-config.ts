import { defineConfig } from '@chakra-ui/react';
import { tabsAnatomy } from '@chakra-ui/react/anatomy';
import { brandPalette, readableBrand, SIDEBAR_BACKGROUND, SUBMENU_BACKGROUND } from '../lib/theme-palette';
import { DEFAULT_THEME } from '../stores/settings-store';

const palette = brandPalette(DEFAULT_THEME);
const { solid, fg, onDark } = readableBrand(DEFAULT_THEME);

/**
 * A `brand` palette made the default colour palette, plus the sidebar colours. Its values are those
 * of the default theme colour; the settings panel recolours at run time by overriding the same CSS
 * variables (theme-style.tsx), so no new system is built on a theme change.
 */
export const brandConfig = defineConfig({
  globalCss: {
    html: { colorPalette: 'brand' },
    body: { fontFamily: 'body' },
    '#nprogress .bar': { background: 'var(--chakra-colors-brand-500) !important' },
  },
  theme: {
    slotRecipes: {
      // A tab's label stays on one line ("出售中", not one character a line on a phone); a row of
      // tabs wider than the screen scrolls sideways instead.
      tabs: {
        slots: tabsAnatomy.keys(),
        base: {
          list: { overflowX: 'auto', overflowY: 'hidden', scrollbarWidth: 'thin' },
          trigger: { whiteSpace: 'nowrap', wordBreak: 'keep-all', flexShrink: 0 },
        },
      },
    },
    recipes: {
      // Chakra lightens a solid button on hover (solid/90), which drops white text below AA contrast;
      // darkening keeps it readable in every palette.
      button: {
        variants: {
          variant: {
            solid: {
              _hover: { bg: 'colorPalette.solid', filter: 'brightness(0.9)' },
              _expanded: { bg: 'colorPalette.solid', filter: 'brightness(0.9)' },
            },
          },
        },
      },
    },
    tokens: {
      fonts: {
        body: {
          value:
            '-apple-system, BlinkMacSystemFont, "Segoe UI", "Helvetica Neue", Helvetica, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", Arial, sans-serif',
        },
        heading: { value: '{fonts.body}' },
      },
      colors: {
        brand: Object.fromEntries(Object.entries(palette).map(([shade, value]) => [shade, { value }])),
        sidebar: {
          bg: { value: SIDEBAR_BACKGROUND },
          submenu: { value: SUBMENU_BACKGROUND },
          hover: { value: '#263445' },
          text: { value: '#bfcbd9' },
        },
      },
    },
    semanticTokens: {
      colors: {
        // Chakra's red.500 error text is 3.8:1 on white; red.700 meets WCAG AA for small text.
        fg: { error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } } },
        brand: {
          solid: { value: solid },
          contrast: { value: 'white' },
          fg: { value: fg },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
          border: { value: '{colors.brand.500}' },
          onDark: { value: onDark },
        },
      },
    },
  },
});
