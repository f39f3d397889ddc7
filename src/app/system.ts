import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';
import { DEFAULT_THEME } from '../stores/settings-store';
import { brandPalette, readableVariant, SUBMENU_BACKGROUND } from '../lib/theme-palette';

const palette = brandPalette(DEFAULT_THEME);
const solid = readableVariant(DEFAULT_THEME, '#ffffff', '#000000');
const onDark = readableVariant(DEFAULT_THEME, SUBMENU_BACKGROUND, '#ffffff');

/**
 * Chakra with a `brand` palette made the default colour palette. Its values here are those of the
 * default theme colour; the settings panel recolours at run time by overriding the same CSS variables
 * (see theme-style.tsx), so no new system is built on a theme change.
 */
const config = defineConfig({
  globalCss: {
    html: { colorPalette: 'brand' },
    body: { fontFamily: 'body' },
    '#nprogress .bar': { background: 'brand.500 !important' },
  },
  theme: {
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
          bg: { value: '#304156' },
          submenu: { value: SUBMENU_BACKGROUND },
          hover: { value: '#263445' },
          text: { value: '#bfcbd9' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: solid },
          contrast: { value: 'white' },
          fg: { value: solid },
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

export const system = createSystem(defaultConfig, config);
