import { Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { z } from 'zod';
import {
  type FaceSheet,
  reprintWaybill,
  voidWaybill,
  waybillListResource,
  type waybillRowSchema,
} from '../../../contract/endpoints/orders';
import { REPRINTABLE_WAYBILL_STATES, waybillMachine } from '../../../contract/machines/order';
import { actionLabelKey, can, permitted } from '../../../contract/state-machine';
import { EnumLabel } from '../../../src/lib/enum-values';
import { parseTime } from '../../../src/lib/format';
import { callEndpoint } from '../../../src/lib/http';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds, enumBadge } from '../../core/column-kinds';
import { type ResourceColumn, ResourceList } from '../../core/resource-list';
import { useGrantedPaths, useResourceAction, useResourceList } from '../../core/use-resource-list';
import { faceSheetCatalogues } from './messages';
import { WaybillSheets } from './waybill-sheets';

type WaybillRow = z.infer<typeof waybillRowSchema>;

const statePalette = { printed: 'orange', confirmed: 'green', void: 'gray' } as const;
const column = columnKinds<WaybillRow>('waybills.column');

const columns: ResourceColumn<WaybillRow>[] = [
  { id: 'trackingNo', header: 'waybills.column.trackingNo', cell: (row) => row.TrackingNo },
  { id: 'orderNo', header: 'waybills.column.orderNo', cell: (row) => row.OrderNo },
  {
    id: 'carrier',
    header: 'waybills.column.carrier',
    enumTypes: ['carrier'],
    cell: (row) => <EnumLabel type="carrier" value={row.Carrier} />,
  },
  { id: 'receiver', header: 'waybills.column.receiver', cell: (row) => row.ReceiverName },
  { id: 'config', header: 'waybills.column.config', cell: (row) => row.FaceConfigName },
  {
    id: 'source',
    header: 'waybills.column.source',
    cell: (row) => (
      <FormattedMessage id={row.FromProvider ? 'waybills.source.provider' : 'waybills.source.typed'} />
    ),
  },
  { id: 'batchNo', header: 'waybills.column.batchNo', cell: (row) => row.BatchNo },
  { id: 'printCount', header: 'waybills.column.printCount', align: 'end', cell: (row) => row.PrintCount },
  column.state('state', [enumBadge(waybillMachine, (row) => row.State, statePalette)]),
  {
    id: 'createdAt',
    header: 'waybills.column.createdAt',
    sortField: 'createdAt',
    cell: (row) => <Text whiteSpace="nowrap">{parseTime(row.CreatedAt, '{y}-{m}-{d} {h}:{i}')}</Text>,
  },
];

function Reprint({ sheet, onClose }: { sheet: FaceSheet; onClose(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack gap="4" padding="5">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="lg" ref={heading} tabIndex={-1}>
          <FormattedMessage
            id="waybills.reprintTitle"
            values={{ trackingNo: sheet.TrackingNo, count: sheet.PrintCount }}
          />
        </Heading>
        <HStack>
          <Button variant="outline" onClick={onClose}>
            <FormattedMessage id="waybills.backToList" />
          </Button>
          <Button colorPalette="brand" onClick={() => window.print()}>
            <FormattedMessage id="facePrinting.print" />
          </Button>
        </HStack>
      </Flex>
      <WaybillSheets sheets={[sheet]} />
    </Stack>
  );
}

/** /order/faceSupervise: printed waybills; reprint one, or void one that was not shipped with. */
function FaceSupervisePage() {
  const intl = useIntl();
  const granted = useGrantedPaths();
  const list = useResourceList<WaybillRow>(waybillListResource);
  const voiding = useResourceAction([], voidWaybill);
  const [reprinted, setReprinted] = useState<FaceSheet | null>(null);
  const voidAction = waybillMachine.actions.find((action) => action.name === 'void')!;
  const canVoid = permitted(voidAction.permission, granted);

  const reprint = async (row: WaybillRow) => {
    try {
      const result = await callEndpoint(reprintWaybill, { Id: row.Id });
      setReprinted(result.Sheet);
      void list.result.refetch();
    } catch {
      // The HTTP layer already showed the server's message.
    }
  };

  if (reprinted) return <Reprint sheet={reprinted} onClose={() => setReprinted(null)} />;
  return (
    <Stack gap="4" padding="5">
      <Heading as="h1" size="lg">
        <FormattedMessage id="waybills.title" />
      </Heading>
      <ResourceList<WaybillRow>
        resource={waybillListResource}
        columns={columns}
        rowKey={(row) => row.Id}
        {...list}
        rowActions={(row) => (
          <>
            {REPRINTABLE_WAYBILL_STATES.includes(row.State) && (
              <Button
                size="xs"
                variant="ghost"
                colorPalette="brand"
                aria-label={intl.formatMessage(
                  { id: 'waybills.reprintNamed' },
                  { trackingNo: row.TrackingNo },
                )}
                onClick={() => void reprint(row)}
              >
                <FormattedMessage id="waybills.reprint" />
              </Button>
            )}
            {canVoid && can(waybillMachine, row.State, 'void') && (
              <Button
                size="xs"
                variant="ghost"
                colorPalette="red"
                aria-label={intl.formatMessage({ id: 'waybills.voidNamed' }, { trackingNo: row.TrackingNo })}
                onClick={() =>
                  void voiding.run({
                    input: { Id: row.Id },
                    confirmKey: 'waybills.confirmVoid',
                    destructive: voidAction.destructive,
                  })
                }
              >
                <FormattedMessage id={actionLabelKey(waybillMachine, 'void')} />
              </Button>
            )}
          </>
        )}
      />
    </Stack>
  );
}

export default withModuleMessages(FaceSupervisePage, faceSheetCatalogues);
