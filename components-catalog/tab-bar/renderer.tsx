import { Picture, type RendererProps, SAFE_AREA_BOTTOM, TAB_BAR_HEIGHT, useText } from '../renderer-kit';
import type { Props } from './definition';

export function TabBarBlock({ props }: RendererProps<Props>) {
  const t = useText();
  return (
    <nav
      style={{
        display: 'flex',
        height: TAB_BAR_HEIGHT,
        paddingBottom: SAFE_AREA_BOTTOM,
        background: props.backgroundColor,
        borderTop: `0.5px solid ${props.borderStyle === 'black' ? 'rgba(0,0,0,.15)' : 'rgba(255,255,255,.6)'}`,
      }}
    >
      {props.items.map((item, index) => {
        const selected = index === 0;
        return (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: Tabs have no id of their own; their order is their identity.
            key={index}
            data-selected={selected}
            style={{
              flex: 1,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 2,
              color: selected ? props.selectedColour : props.colour,
              fontSize: 10,
            }}
          >
            <Picture
              src={(selected && item.selectedIcon) || item.icon}
              width={24}
              height={24}
              fit="contain"
            />
            <span>{item.text || t('render.tabBar.tab', { index: index + 1 })}</span>
          </div>
        );
      })}
    </nav>
  );
}
