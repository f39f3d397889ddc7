/** A small drawing per catalogue icon name; decorative, the block's name is the label. */
const GLYPHS: Record<string, string> = {
  settings: '⚙',
  navigation: '▔',
  tabs: '▁',
  floating: '●',
  popup: '◫',
  search: '⌕',
  notice: '♪',
  grid: '▦',
  list: '☰',
  title: 'T',
  richText: '¶',
  spacer: '↕',
  divider: '―',
  carousel: '◧',
  image: '▣',
  cube: '◰',
  hotZone: '◎',
  video: '▶',
  goods: '◆',
  goodsTabs: '◇',
  coupon: '¥',
  seckill: '⚡',
  group: '⚇',
  bargain: '✂',
  points: '★',
  news: '▤',
  user: '☺',
  order: '▥',
  store: '⌂',
  stores: '⌂',
  course: '✎',
  hotel: '⌘',
  service: '✚',
  contact: '☎',
  booking: '✓',
  live: '◉',
  vote: '✔',
};

export function BlockGlyph({ icon }: { icon: string }) {
  return (
    <span aria-hidden="true" style={{ fontSize: 18, lineHeight: 1, color: '#ff4444' }}>
      {GLYPHS[icon] ?? '■'}
    </span>
  );
}
