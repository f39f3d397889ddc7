import type { BookingFormRow } from '../data-rows';
import { BlockBox, BRAND, EmptyRows, MUTED, Picture, type RendererProps, useText } from '../renderer-kit';
import type { Props } from './definition';

/** The linked form, live: its title, and why it cannot be booked now or that it takes a deposit. */
function FormLine({ form, color }: { form: BookingFormRow; color: string }) {
  const t = useText();
  const note =
    form.state !== 'running'
      ? t(`render.activity.state.${form.state}`)
      : form.price === 'deposit'
        ? t('render.booking.deposit')
        : '';
  return (
    <div data-row={form.id} style={{ fontSize: 12, color, marginTop: 2 }}>
      {form.title}
      {note ? (
        <span data-part="form-state" style={{ marginLeft: 6 }}>
          {`· ${note}`}
        </span>
      ) : null}
    </div>
  );
}

export function BookingEntryBlock({ props, data, context }: RendererProps<Props, BookingFormRow>) {
  const t = useText();
  const form = data?.[0];
  if (!form) {
    return (
      <BlockBox box={props}>
        <EmptyRows context={context} messageId="render.booking.choose" />
      </BlockBox>
    );
  }
  const button = (
    <span
      style={{
        fontSize: 13,
        color: '#fff',
        // A form that cannot be booked now greys its button out, as the mini-program does.
        background: form.state === 'running' ? BRAND : '#8c8c8c',
        borderRadius: 16,
        padding: '6px 16px',
        flexShrink: 0,
      }}
    >
      {props.buttonText || t('render.booking.button')}
    </span>
  );
  const title = props.title || form.title;
  if (props.layout === 'banner') {
    return (
      <BlockBox box={props} style={{ position: 'relative' }}>
        <Picture src={props.image || form.image} height={150} alt={title} />
        <div
          style={{
            position: 'absolute',
            left: 14,
            bottom: 14,
            right: 14,
            display: 'flex',
            alignItems: 'flex-end',
            justifyContent: 'space-between',
            color: '#fff',
          }}
        >
          <div style={{ textShadow: '0 1px 2px rgba(0,0,0,.4)' }}>
            <div style={{ fontSize: 17, fontWeight: 600 }}>{title}</div>
            {props.subText ? <div style={{ fontSize: 12 }}>{props.subText}</div> : null}
            <FormLine form={form} color="#fff" />
          </div>
          {button}
        </div>
      </BlockBox>
    );
  }
  return (
    <BlockBox
      box={props}
      style={{
        background: props.background || '#ffffff',
        padding: 14,
        display: 'flex',
        alignItems: 'center',
        gap: 12,
      }}
    >
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ fontSize: 16, fontWeight: 600, color: '#333' }}>{title}</div>
        {props.subText ? (
          <div style={{ fontSize: 12, color: MUTED, marginTop: 2 }}>{props.subText}</div>
        ) : null}
        <FormLine form={form} color={MUTED} />
      </div>
      {button}
    </BlockBox>
  );
}
