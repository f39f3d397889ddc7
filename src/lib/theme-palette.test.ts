import { describe, expect, it } from 'vitest';
import {
  brandPalette,
  contrastRatio,
  mix,
  PAGE_BACKGROUND,
  readableBrand,
  readableVariant,
  SIDEBAR_BACKGROUND,
  SUBMENU_BACKGROUND,
  themeVariables,
} from './theme-palette';

describe('theme palette', () => {
  it('keeps the theme colour at 500 and mixes lighter and darker steps like Element', () => {
    const palette = brandPalette('#409EFF');
    expect(palette[500]).toBe('#409eff');
    expect(palette[50]).toBe(mix('#409EFF', '#ffffff', 0.9));
    expect(palette[50]).toBe('#ecf5ff');
    expect(palette[600]).toBe('#3a8ee6');
  });

  it.each(['#409EFF', '#11a983', '#13c2c2', '#f5222d', '#1890ff'])(
    'derives readable solids from %s for white text and for the dark sidebar',
    (theme) => {
      const readable = readableBrand(theme);
      expect(contrastRatio(readable.solid, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      for (const background of ['#ffffff', brandPalette(theme)[50], PAGE_BACKGROUND]) {
        expect(contrastRatio(readable.fg, background)).toBeGreaterThanOrEqual(4.5);
      }
      for (const background of [SIDEBAR_BACKGROUND, SUBMENU_BACKGROUND]) {
        expect(contrastRatio(readable.onDark, background)).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it('leaves an already dark colour as it is', () => {
    expect(readableVariant('#304156', '#ffffff', '#000000')).toBe('#304156');
  });

  it('produces the CSS variables that recolour Chakra’s brand palette', () => {
    const variables = themeVariables('#6959CD');
    expect(variables['--chakra-colors-brand-500']).toBe('#6959cd');
    expect(Object.keys(variables)).toEqual(
      expect.arrayContaining([
        '--chakra-colors-brand-50',
        '--chakra-colors-brand-solid',
        '--chakra-colors-brand-on-dark',
      ]),
    );
  });
});
