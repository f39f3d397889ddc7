/** Brand palette from one theme colour, the way Element derives its light and dark steps. */
export type Shade = '50' | '100' | '200' | '300' | '400' | '500' | '600' | '700' | '800' | '900' | '950';
export type Palette = Record<Shade, string>;

type Rgb = [number, number, number];

export function hexToRgb(hex: string): Rgb {
  const value = hex.replace('#', '');
  const full = value.length === 3 ? [...value].map((digit) => digit + digit).join('') : value;
  return [0, 2, 4].map((offset) => Number.parseInt(full.slice(offset, offset + 2), 16)) as Rgb;
}

export function rgbToHex(rgb: Rgb): string {
  return `#${rgb
    .map((channel) =>
      Math.round(Math.min(255, Math.max(0, channel)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Mixes `weight` (0–1) of `other` into `hex`. */
export function mix(hex: string, other: string, weight: number): string {
  const base = hexToRgb(hex);
  const blend = hexToRgb(other);
  return rgbToHex(base.map((channel, index) => channel + (blend[index]! - channel) * weight) as Rgb);
}

function channelLuminance(channel: number): number {
  const value = channel / 255;
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

export function luminance(hex: string): number {
  const [red, green, blue] = hexToRgb(hex).map(channelLuminance) as Rgb;
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA for normal text. */
export const AA_CONTRAST = 4.5;

const TINTS: [Shade, number][] = [
  ['50', 0.9],
  ['100', 0.8],
  ['200', 0.6],
  ['300', 0.4],
  ['400', 0.2],
];
const SHADES: [Shade, number][] = [
  ['600', 0.1],
  ['700', 0.25],
  ['800', 0.4],
  ['900', 0.55],
  ['950', 0.7],
];

export function brandPalette(theme: string): Palette {
  const palette = { 500: theme.toLowerCase() } as Palette;
  for (const [shade, weight] of TINTS) palette[shade] = mix(theme, '#ffffff', weight);
  for (const [shade, weight] of SHADES) palette[shade] = mix(theme, '#000000', weight);
  return palette;
}

/**
 * The colour closest to `theme` that reaches AA contrast against every one of `backgrounds`, moving
 * towards `toward` (black to darken, white to lighten for text on the dark sidebar).
 */
export function readableVariant(
  theme: string,
  backgrounds: string | readonly string[],
  toward: '#000000' | '#ffffff',
): string {
  const against = typeof backgrounds === 'string' ? [backgrounds] : backgrounds;
  for (let weight = 0; weight <= 1; weight += 0.02) {
    const candidate = mix(theme, toward, weight);
    if (against.every((background) => contrastRatio(candidate, background) >= AA_CONTRAST)) return candidate;
  }
  return toward;
}

/** Sidebar colours of vue-element-admin, and the grey behind the pages. */
export const SIDEBAR_BACKGROUND = '#304156';
export const SUBMENU_BACKGROUND = '#1f2d3d';
export const PAGE_BACKGROUND = '#f0f2f5';

/** The brand colours text needs: solid (under white text), fg (text on light grounds), on-dark (sidebar). */
export function readableBrand(theme: string) {
  const palette = brandPalette(theme);
  return {
    solid: readableVariant(theme, '#ffffff', '#000000'),
    fg: readableVariant(theme, ['#ffffff', palette[50], palette[100], PAGE_BACKGROUND], '#000000'),
    onDark: readableVariant(theme, [SIDEBAR_BACKGROUND, SUBMENU_BACKGROUND, '#263445', '#001528'], '#ffffff'),
  };
}

/** CSS custom properties that recolour the UI: the palette plus readable solid and sidebar text. */
export function themeVariables(theme: string): Record<string, string> {
  const palette = brandPalette(theme);
  const variables: Record<string, string> = {};
  for (const [shade, value] of Object.entries(palette)) variables[`--chakra-colors-brand-${shade}`] = value;
  const readable = readableBrand(theme);
  variables['--chakra-colors-brand-solid'] = readable.solid;
  variables['--chakra-colors-brand-fg'] = readable.fg;
  variables['--chakra-colors-brand-on-dark'] = readable.onDark;
  return variables;
}
