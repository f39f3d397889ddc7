import '@puckeditor/core/puck.css';
import { type Config, type Data, Puck, type PuckApi, useGetPuck } from '@puckeditor/core';
import { useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AD_IMAGE, BLOCK_COUNT, type BlockSpec, benchBlocks } from './blocks';
import { type EditorAdapter, exposeBench } from './measure';

/**
 * Puck's side: its <Puck> editor with its drag-and-drop preview (the canvas), configured the way its
 * docs show, with blocks like ours: title, paragraph, image ad and spacer. Edits go through Puck's
 * own API (dispatch of its actions, history back and forward), as its fields panel and action bar do.
 */

type Align = 'left' | 'center' | 'right';
interface Components {
  Title: { text: string; align: Align; size: 'large' | 'medium' | 'small' };
  Text: { text: string; align: Align };
  ImageAd: { image: string; link: string; height: number };
  Spacer: { height: number };
}

const alignField = {
  type: 'radio' as const,
  options: [
    { label: 'Left', value: 'left' },
    { label: 'Center', value: 'center' },
    { label: 'Right', value: 'right' },
  ],
};
const SIZES = { large: 18, medium: 16, small: 14 } as const;

const config: Config<Components> = {
  components: {
    Title: {
      fields: {
        text: { type: 'text' },
        align: alignField,
        size: {
          type: 'select',
          options: [
            { label: 'Large', value: 'large' },
            { label: 'Medium', value: 'medium' },
            { label: 'Small', value: 'small' },
          ],
        },
      },
      defaultProps: { text: 'Title', align: 'left', size: 'medium' },
      render: ({ text, align, size }) => (
        <div style={{ background: '#fff', padding: '10px 12px', textAlign: align }}>
          <div style={{ fontSize: SIZES[size], fontWeight: 600, color: '#333' }}>{text}</div>
        </div>
      ),
    },
    Text: {
      fields: { text: { type: 'textarea' }, align: alignField },
      defaultProps: { text: 'Text', align: 'left' },
      render: ({ text, align }) => (
        <div style={{ background: '#fff', padding: 12, fontSize: 14, lineHeight: 1.6, textAlign: align }}>
          <p style={{ margin: 0 }}>{text}</p>
        </div>
      ),
    },
    ImageAd: {
      fields: { image: { type: 'text' }, link: { type: 'text' }, height: { type: 'number', min: 40 } },
      defaultProps: { image: AD_IMAGE, link: '', height: 150 },
      render: ({ image, link, height }) => (
        <a href={link || undefined} style={{ display: 'block' }}>
          <img src={image} alt="" style={{ display: 'block', width: '100%', height, objectFit: 'cover' }} />
        </a>
      ),
    },
    Spacer: {
      fields: { height: { type: 'number', min: 1, max: 200 } },
      defaultProps: { height: 20 },
      render: ({ height }) => <div style={{ height }} />,
    },
  },
};

const ZONE = 'root:default-zone';
const TYPES = { title: 'Title', text: 'Text', imageAd: 'ImageAd', spacer: 'Spacer' } as const;

function itemOf(block: BlockSpec): Data['content'][number] {
  const type = TYPES[block.kind];
  const props = { ...config.components[type].defaultProps, id: block.id };
  if (block.kind === 'title' || block.kind === 'text') return { type, props: { ...props, text: block.text } };
  return { type, props };
}

let getPuck: (() => PuckApi) | null = null;

/** Hands the bench Puck's API from inside the editor, as a composed child would. */
function ApiBridge() {
  const get = useGetPuck();
  useEffect(() => {
    getPuck = get as () => PuckApi;
    return () => {
      getPuck = null;
    };
  }, [get]);
  return null;
}

const container = document.getElementById('root')!;
let root: Root | null = null;
let inserted = 0;

const puck = () => {
  if (!getPuck) throw new Error('Puck is not mounted');
  return getPuck();
};
const content = () => puck().appState.data.content;
const indexOf = (id: string) => content().findIndex((item) => item.props.id === id);
const canvasBlocks = () =>
  container.querySelectorAll(`[data-puck-dropzone="${ZONE}"] > [data-puck-component]`);

const adapter: EditorAdapter = {
  save: (blocks) => JSON.stringify({ root: { props: {} }, content: blocks.map(itemOf) } satisfies Data),
  mount(saved) {
    root = createRoot(container);
    root.render(
      <Puck config={config} data={JSON.parse(saved) as Data} iframe={{ enabled: false }}>
        <ApiBridge />
        <Puck.Preview />
      </Puck>,
    );
  },
  unmount() {
    root?.unmount();
    root = null;
  },
  order: () => content().map((item) => String(item.props.id)),
  count: () => canvasBlocks().length,
  pending: () => [],
  blockElement: (id) => container.querySelector(`[data-puck-component="${id}"]`),
  idOf: (element) => element?.getAttribute('data-puck-component') ?? null,
  setText(id, text) {
    const index = indexOf(id);
    const item = content()[index]!;
    puck().dispatch({
      type: 'replace',
      destinationIndex: index,
      destinationZone: ZONE,
      data: { ...item, props: { ...item.props, text } },
    });
  },
  insert(index) {
    inserted += 1;
    puck().dispatch({
      type: 'insert',
      componentType: 'Title',
      destinationIndex: index,
      destinationZone: ZONE,
      id: `inserted-${inserted}`,
    });
  },
  move(id, toIndex) {
    puck().dispatch({
      type: 'move',
      sourceIndex: indexOf(id),
      sourceZone: ZONE,
      destinationIndex: toIndex,
      destinationZone: ZONE,
    });
  },
  remove: (id) => puck().dispatch({ type: 'remove', index: indexOf(id), zone: ZONE }),
  duplicate: (id) => puck().dispatch({ type: 'duplicate', sourceIndex: indexOf(id), sourceZone: ZONE }),
  undo: () => puck().history.back(),
  redo: () => puck().history.forward(),
  // Puck records a history step 250 ms after the last change (a debounce in its history slice).
  historyDelayMs: 300,
};

exposeBench(adapter, benchBlocks(BLOCK_COUNT));
