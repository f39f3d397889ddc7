import { Box } from '@chakra-ui/react';
import { useMemo } from 'react';
import { isTextElement, type PosterElement } from '../../contract/poster-document';
import { elementText, fontOf, PLACEHOLDER_FILL, type PosterData, qrCells } from './draw-ops';

/** A QR code as SVG cells, from the same grid the PNG export draws. */
function QrView({ text, colour }: { text: string; colour: string }) {
  const { size, dark } = useMemo(() => qrCells(text), [text]);
  const path = useMemo(
    () =>
      dark.map((on, index) => (on ? `M${index % size} ${Math.floor(index / size)}h1v1h-1z` : '')).join(''),
    [dark, size],
  );
  return (
    <svg viewBox={`-2 -2 ${size + 4} ${size + 4}`} width="100%" height="100%" aria-hidden="true">
      <rect x="-2" y="-2" width={size + 4} height={size + 4} fill="#ffffff" />
      <path d={path} fill={colour} shapeRendering="crispEdges" />
    </svg>
  );
}

/** What an element looks like on the editor's canvas, with the sample data filled in. */
export function ElementView({ element, data }: { element: PosterElement; data: PosterData }) {
  if (isTextElement(element)) {
    return (
      <Box
        as="span"
        display="block"
        width="100%"
        height="100%"
        overflow="hidden"
        whiteSpace="pre-wrap"
        wordBreak="break-all"
        style={{
          font: fontOf(element),
          color: element.colour,
          textAlign: element.align,
          lineHeight: element.lineHeight,
        }}
      >
        {elementText(element, data)}
      </Box>
    );
  }
  const radius = `${Math.min(element.radius, element.width / 2, element.height / 2)}px`;
  if (element.type === 'qrcode') return <QrView text={data.qrText} colour={element.colour} />;
  const src =
    element.type === 'goodsImage' ? data.goodsImage : element.type === 'avatar' ? data.avatar : element.src;
  if (src)
    return (
      <img
        src={src}
        alt=""
        draggable={false}
        style={{ width: '100%', height: '100%', objectFit: 'cover', borderRadius: radius }}
      />
    );
  const initial = element.type === 'avatar' ? ([...data.nickname][0] ?? '') : '';
  const fill = element.type === 'seal' ? '#c0392b' : element.type === 'avatar' ? '#8ab4f8' : PLACEHOLDER_FILL;
  return (
    <Box
      width="100%"
      height="100%"
      display="flex"
      alignItems="center"
      justifyContent="center"
      color="white"
      fontWeight="bold"
      style={{
        background: fill,
        borderRadius: radius,
        fontSize: Math.min(element.width, element.height) * 0.5,
      }}
    >
      {initial}
    </Box>
  );
}

/** An element's accessible name: its kind, and the words of a text. */
export function elementName(
  formatMessage: (descriptor: { id: string }) => string,
  element: PosterElement,
): string {
  const kind = formatMessage({ id: `poster.element.${element.type}` });
  return element.type === 'text' && element.text.trim()
    ? `${kind}: ${element.text.trim().slice(0, 30)}`
    : kind;
}
