/** A small square picture as an inline SVG, so demo rows need no uploaded files. */
export function demoPicture(colour: string, label: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 80"><rect width="80" height="80" fill="${colour}"/>` +
    `<text x="40" y="48" font-size="16" text-anchor="middle" fill="#fff">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
