import { z } from 'zod';
import { ShopType } from '../../contract/enums';
import { defineBlock } from '../block-definition';
import { boxFields, boxShape, choice, flag, image, options, text } from '../props-kit';

export const ORDER_STATES = ['unpaid', 'toShip', 'toReceive', 'toReview', 'refund'] as const;
export const WALLET_ENTRIES = ['balance', 'points', 'coupons', 'cards'] as const;

const stateSchema = z.strictObject({ state: choice(ORDER_STATES, 'unpaid'), text: text(6), icon: image() });
const walletSchema = z.strictObject({ entry: choice(WALLET_ENTRIES, 'balance'), text: text(6) });

export const schema = z.strictObject({
  title: text(10),
  showAll: flag(true),
  states: z
    .array(stateSchema)
    .max(5)
    .default(() => ORDER_STATES.map((state) => ({ state, text: '', icon: '' }))),
  showWallet: flag(true),
  wallet: z
    .array(walletSchema)
    .max(4)
    .default(() => WALLET_ENTRIES.slice(0, 3).map((entry) => ({ entry, text: '' }))),
  ...boxShape,
});
export type Props = z.infer<typeof schema>;

export const definition = defineBlock({
  type: 'orderEntry',
  icon: 'order',
  category: 'user',
  maxPerPage: 1,
  shopTypes: [
    ShopType.mall,
    ShopType.course,
    ShopType.food,
    ShopType.hotel,
    ShopType.service,
    ShopType.storePlatform,
  ],
  schema,
  fields: [
    { kind: 'text', name: 'title', label: 'field.title' },
    { kind: 'switch', name: 'showAll', label: 'field.showAllOrders' },
    {
      kind: 'list',
      name: 'states',
      label: 'field.orderStates',
      itemLabel: 'field.orderState',
      newItem: () => ({ state: 'unpaid' as const, text: '', icon: '' }),
      fields: [
        {
          kind: 'select',
          name: 'state',
          label: 'field.orderState',
          options: options(ORDER_STATES, 'option.orderState'),
        },
        { kind: 'text', name: 'text', label: 'field.text', hint: 'hint.defaultText' },
        { kind: 'image', name: 'icon', label: 'field.icon', size: '60×60' },
      ],
    },
    { kind: 'switch', name: 'showWallet', label: 'field.showWallet' },
    {
      kind: 'list',
      name: 'wallet',
      label: 'field.walletEntries',
      itemLabel: 'field.walletEntry',
      newItem: () => ({ entry: 'balance' as const, text: '' }),
      visibleWhen: (props) => props.showWallet === true,
      fields: [
        {
          kind: 'select',
          name: 'entry',
          label: 'field.walletEntry',
          options: options(WALLET_ENTRIES, 'option.wallet'),
        },
        { kind: 'text', name: 'text', label: 'field.text', hint: 'hint.defaultText' },
      ],
    },
    ...boxFields,
  ],
});
