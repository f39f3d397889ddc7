import {
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  Field,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { changeStock } from '../../../contract/endpoints/goods';
import { bindOrderState } from '../../../contract/endpoints/orders';
import { CARRIERS, type OrderCommand } from '../../../contract/machines/order';
import { useEnumLabels } from '../../../src/lib/enum-values';
import { fenToYuan } from '../../../src/lib/format';
import { callEndpoint } from '../../../src/lib/http';
import { showToast } from '../../../src/lib/notify';
import { invalidateAreas } from '../../../src/lib/query-options';
import { serverFieldErrors } from '../../core/form-errors';
import { type CommandDraft, type CommandTarget, commandInput, initialDraft } from './command-input';
import { priceChange, refundableFen } from './order-rules';

/** The server's field names of BindOrderState → the dialog's fields. */
const SERVER_FIELDS: Record<string, keyof CommandDraft> = {
  TrackingNo: 'trackingNo',
  LineIds: 'lineIds',
  Reason: 'reason',
  Remark: 'remark',
  AdjustFen: 'goods',
  FreightFen: 'freight',
  AmountFen: 'amount',
  Code: 'code',
  'Address.Name': 'name',
  'Address.Phone': 'phone',
  'Address.Province': 'province',
  'Address.City': 'city',
  'Address.District': 'district',
  'Address.Detail': 'detail',
  Address: 'detail',
};

const DESTRUCTIVE: readonly OrderCommand[] = ['close', 'rejectRefund'];

/**
 * One operator command on one order in a dialog: the small form it needs (or a confirmation), the
 * BindOrderState call, then a refresh of every order query. A refusal the person cannot fix in the
 * form (someone changed the order, its state moved on) closes the dialog and reloads the order; the
 * HTTP layer has already shown the server's message.
 */
export function OrderCommandDialog({
  command,
  order,
  onClose,
}: {
  command: OrderCommand;
  order: CommandTarget;
  onClose(): void;
}) {
  const intl = useIntl();
  const client = useQueryClient();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const carriers = useEnumLabels('carrier');
  const [draft, setDraft] = useState<CommandDraft>(() => initialDraft(order));
  const [errors, setErrors] = useState<Partial<Record<keyof CommandDraft, string>>>({});
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<CommandDraft>) => setDraft((current) => ({ ...current, ...change }));
  // A command may change the list, its counts and the details (all the order area), and closing
  // or refunding puts stock back, which goods screens show.
  const refresh = () => invalidateAreas(client, bindOrderState, changeStock);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const built = commandInput(command, order, draft);
    if (!built.ok) {
      setErrors(
        Object.fromEntries(built.problems.map((problem) => [problem.field, t(problem.key, problem.values)])),
      );
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await callEndpoint(bindOrderState, built.input);
      showToast('success', t(`orders.done.${command}`, { orderNo: order.OrderNo }));
      onClose();
      void refresh();
    } catch (failure) {
      const fields: Partial<Record<keyof CommandDraft, string>> = {};
      for (const [field, message] of Object.entries(serverFieldErrors(failure))) {
        const own = SERVER_FIELDS[field];
        if (own) fields[own] = message;
      }
      if (Object.keys(fields).length > 0) setErrors(fields);
      else {
        onClose();
        void refresh();
      }
    } finally {
      setBusy(false);
    }
  };

  const field = (
    name: keyof CommandDraft,
    label: string,
    control: ReactNode,
    options: { required?: boolean; help?: string } = {},
  ) => (
    <Field.Root invalid={Boolean(errors[name])} required={options.required}>
      <Field.Label>
        {label}
        {options.required && <Field.RequiredIndicator />}
      </Field.Label>
      {control}
      {options.help && <Field.HelperText>{options.help}</Field.HelperText>}
      <Field.ErrorText>{errors[name]}</Field.ErrorText>
    </Field.Root>
  );
  const text = (name: Exclude<keyof CommandDraft, 'lineIds' | 'carrier'>, label: string, required = false) =>
    field(
      name,
      label,
      <Input value={draft[name]} onChange={(event) => set({ [name]: event.target.value })} />,
      { required },
    );
  const reason = (required: boolean) =>
    field(
      'reason',
      t(required ? 'orders.form.reason' : 'orders.form.reasonOptional'),
      <Textarea rows={3} value={draft.reason} onChange={(event) => set({ reason: event.target.value })} />,
      { required },
    );

  const body = (): ReactNode => {
    switch (command) {
      case 'ship': {
        const waiting = (order.Lines ?? []).filter((line) => line.ShipmentId === null);
        return (
          <>
            {field(
              'carrier',
              t('orders.form.carrier'),
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={draft.carrier}
                  onChange={(event) => set({ carrier: event.target.value as CommandDraft['carrier'] })}
                >
                  {CARRIERS.map((carrier) => (
                    <option key={carrier} value={carrier}>
                      {carriers.label(carrier)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>,
              { required: true },
            )}
            {field(
              'trackingNo',
              t('orders.form.trackingNoLabel'),
              <Input
                value={draft.trackingNo}
                autoComplete="off"
                onChange={(event) => set({ trackingNo: event.target.value })}
              />,
              { required: draft.carrier !== 'self', help: t('orders.form.trackingNoHelp') },
            )}
            {waiting.length > 1 && (
              <Field.Root invalid={Boolean(errors.lineIds)}>
                <Stack as="fieldset" gap="2">
                  <Text as="legend" fontSize="sm" fontWeight="medium" marginBottom="1">
                    <FormattedMessage id="orders.form.linesLabel" />
                  </Text>
                  {waiting.map((line) => (
                    <Checkbox.Root
                      key={line.Id}
                      checked={draft.lineIds.includes(line.Id)}
                      onCheckedChange={(change) =>
                        set({
                          lineIds:
                            change.checked === true
                              ? [...draft.lineIds, line.Id]
                              : draft.lineIds.filter((id) => id !== line.Id),
                        })
                      }
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>
                        {line.Name}
                        {line.SpecText ? ` · ${line.SpecText}` : ''} × {line.Quantity}
                      </Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </Stack>
                <Field.HelperText>
                  <FormattedMessage id="orders.form.linesHelp" />
                </Field.HelperText>
                <Field.ErrorText>{errors.lineIds}</Field.ErrorText>
              </Field.Root>
            )}
          </>
        );
      }
      case 'close':
      case 'rejectRefund':
        return reason(true);
      case 'remark':
        return field(
          'remark',
          t('orders.form.remark'),
          <Textarea
            rows={4}
            value={draft.remark}
            onChange={(event) => set({ remark: event.target.value })}
          />,
        );
      case 'verifyPickup':
        return field(
          'code',
          t('orders.form.code'),
          <Input
            value={draft.code}
            inputMode="numeric"
            autoComplete="off"
            onChange={(event) => set({ code: event.target.value })}
          />,
          { required: true },
        );
      case 'approveRefund':
        return (
          <>
            {field(
              'amount',
              t('orders.form.refundAmount'),
              <Input
                value={draft.amount}
                inputMode="decimal"
                onChange={(event) => set({ amount: event.target.value })}
              />,
              {
                required: true,
                help: t('orders.form.refundAmountHelp', { max: fenToYuan(refundableFen(order)) }),
              },
            )}
            {reason(false)}
          </>
        );
      case 'markRefunded':
        return (
          <Text>
            <FormattedMessage id="orders.form.markRefundedText" values={{ orderNo: order.OrderNo }} />
          </Text>
        );
      case 'modifyPrice': {
        const change = priceChange(
          { GoodsFen: order.GoodsFen ?? 0, DiscountFen: order.DiscountFen ?? 0 },
          draft.goods,
          draft.freight,
        );
        return (
          <>
            {text('goods', t('orders.form.goods'), true)}
            {text('freight', t('orders.form.freight'), true)}
            <Text fontSize="sm" aria-live="polite">
              <FormattedMessage
                id="orders.form.newTotal"
                values={{ total: change ? `¥${fenToYuan(change.TotalFen)}` : '–' }}
              />
            </Text>
            {reason(false)}
          </>
        );
      }
      case 'changeAddress':
        return (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            {text('name', t('orders.form.receiverName'), true)}
            {text('phone', t('orders.form.receiverPhone'), true)}
            {text('province', t('orders.form.province'), true)}
            {text('city', t('orders.form.city'), true)}
            {text('district', t('orders.form.district'))}
            {text('detail', t('orders.form.detail'), true)}
          </SimpleGrid>
        );
    }
  };

  return (
    <Dialog.Root
      open
      placement="center"
      size={command === 'changeAddress' ? 'lg' : 'md'}
      role={DESTRUCTIVE.includes(command) ? 'alertdialog' : 'dialog'}
      onOpenChange={(details) => !details.open && onClose()}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content asChild>
            <form onSubmit={(event) => void submit(event)} noValidate>
              <Dialog.Header>
                <Dialog.Title>{t(`orders.dialog.${command}`, { orderNo: order.OrderNo })}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">{body()}</Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" size="sm" onClick={onClose}>
                  <FormattedMessage id="engine.cancel" />
                </Button>
                <Button
                  type="submit"
                  size="sm"
                  colorPalette={DESTRUCTIVE.includes(command) ? 'red' : 'brand'}
                  loading={busy}
                >
                  <FormattedMessage id={`orders.submit.${command}`} />
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('orders.close')} />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
