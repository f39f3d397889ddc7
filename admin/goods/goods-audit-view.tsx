import {
  Alert,
  Badge,
  Box,
  Button,
  CloseButton,
  Dialog,
  Field,
  Flex,
  Heading,
  HStack,
  Image,
  Portal,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import {
  auditProducts,
  getCategoryTree,
  type ProductRow,
  waitAuditListResource,
} from '../../contract/endpoints/goods';
import {
  type AuditState,
  auditMachine,
  auditRejectForm,
  GoodsPermission,
  REJECT_REASON_MAX,
} from '../../contract/machines/goods';
import { actionLabelKey, type MachineAction } from '../../contract/state-machine';
import { fenToYuan, parseTime } from '../../src/lib/format';
import { endpointQuery } from '../../src/lib/query-options';
import { type ResourceColumn, ResourceList } from '../core/resource-list';
import { bulkActions } from '../core/row-actions';
import { useGrantedPaths, useResourceAction, useResourceList } from '../core/use-resource-list';
import { categoryOptions } from './category-options';

/** The goods list page shows this view for `?view=audit` (the audit has no menu path of its own). */
export const AUDIT_VIEW = { view: 'audit' } as const;
/** An audit decision changes the audit list and the goods list (tabs, counts, shelf). */
const columns: ResourceColumn<ProductRow>[] = [
  {
    id: 'goods',
    header: 'goods.column.goods',
    cell: (row) => (
      <HStack gap="3" minWidth="64">
        {row.Image ? (
          <Image src={row.Image} alt="" boxSize="12" borderRadius="md" objectFit="cover" bg="bg.muted" />
        ) : (
          <Box boxSize="12" borderRadius="md" bg="bg.muted" flexShrink={0} />
        )}
        <Stack gap="0">
          <Text fontWeight="medium" lineClamp={2}>
            {row.Name}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {row.Code}
          </Text>
        </Stack>
      </HStack>
    ),
  },
  { id: 'category', header: 'goods.column.category', cell: (row) => row.CategoryName },
  {
    id: 'price',
    header: 'goods.column.price',
    align: 'end',
    cell: (row) => `¥${fenToYuan(row.PriceFen)}`,
  },
  {
    id: 'state',
    header: 'goods.column.state',
    cell: (row) => (
      <Stack gap="1">
        <Badge colorPalette={row.AuditState === 'rejected' ? 'red' : 'orange'} alignSelf="flex-start">
          <FormattedMessage id={`goods.audit.state.${row.AuditState}`} />
        </Badge>
        {row.AuditState === 'rejected' && row.RejectReason && (
          <Text fontSize="xs" color="fg.muted">
            <FormattedMessage id="goodsAudit.reasonShown" values={{ reason: row.RejectReason }} />
          </Text>
        )}
      </Stack>
    ),
  },
  {
    id: 'updatedAt',
    header: 'goodsAudit.column.updatedAt',
    cell: (row) => <Text whiteSpace="nowrap">{parseTime(row.UpdatedAt, '{y}-{m}-{d} {h}:{i}')}</Text>,
  },
];

/** The reject action's small form: the reason the operator will see on the goods. */
function RejectDialog({
  count,
  onReject,
  onClose,
}: {
  count: number;
  onReject(reason: string): Promise<boolean>;
  onClose(): void;
}) {
  const intl = useIntl();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const valid = auditRejectForm.safeParse({ Reason: reason }).success;
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form
              onSubmit={async (event) => {
                event.preventDefault();
                setBusy(true);
                const done = await onReject(reason.trim());
                setBusy(false);
                if (done) onClose();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>
                  <FormattedMessage id="goodsAudit.rejectTitle" values={{ count }} />
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Field.Root required>
                  <Field.Label>
                    <FormattedMessage id="goodsAudit.reason" />
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <Textarea
                    autoFocus
                    value={reason}
                    maxLength={REJECT_REASON_MAX}
                    onChange={(event) => setReason(event.target.value)}
                  />
                  <Field.HelperText>
                    <FormattedMessage id="goodsAudit.reasonHelp" values={{ max: REJECT_REASON_MAX }} />
                  </Field.HelperText>
                </Field.Root>
              </Dialog.Body>
              <Dialog.Footer>
                <Button size="sm" variant="outline" onClick={onClose}>
                  <FormattedMessage id="engine.cancel" />
                </Button>
                <Button size="sm" type="submit" colorPalette="red" disabled={!valid} loading={busy}>
                  <FormattedMessage id={actionLabelKey(auditMachine, 'reject')} />
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'goodsComment.close' })} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Goods waiting for audit (or rejected): approve, or reject with a reason; one by one or in bulk. */
export function GoodsAuditView() {
  const intl = useIntl();
  const navigate = useNavigate();
  const granted = useGrantedPaths();
  const list = useResourceList<ProductRow>(waitAuditListResource, AUDIT_VIEW);
  const categories = useQuery(endpointQuery(getCategoryTree, {}));
  const audit = useResourceAction([], auditProducts);
  const [rejecting, setRejecting] = useState<{ ids: number[]; clear?: () => void } | null>(null);

  const approve = (ids: number[]) =>
    audit.run({
      input: { List: ids.map((Id) => ({ Id, Action: 'approve', Reason: '' })) },
      confirmKey: 'goods.confirm.approve',
      count: ids.length,
    });
  const act = async (action: MachineAction, ids: number[], clear?: () => void) => {
    if (action.form) setRejecting({ ids, clear });
    else if (await approve(ids)) clear?.();
  };
  const actionsFor = (states: AuditState[]) => bulkActions(auditMachine, states, granted);
  const label = (action: MachineAction) =>
    intl.formatMessage({ id: actionLabelKey(auditMachine, action.name) });

  return (
    <Stack gap="4" padding="5">
      <Flex justify="space-between" align="center" gap="3">
        <Heading as="h1" size="lg">
          <FormattedMessage id="goodsAudit.title" />
        </Heading>
        <Button size="sm" variant="outline" onClick={() => navigate(GoodsPermission.list)}>
          <FormattedMessage id="goods.form.backToList" />
        </Button>
      </Flex>
      {list.result.data && !list.result.data.AuditRequired && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>
            <FormattedMessage id="goodsAudit.notRequired" />
          </Alert.Title>
        </Alert.Root>
      )}
      <ResourceList<ProductRow>
        resource={waitAuditListResource}
        columns={columns}
        rowKey={(row) => row.Id}
        {...list}
        filterOptions={{ category: categoryOptions(categories.data?.Data ?? []) }}
        rowActions={(row) =>
          actionsFor([row.AuditState]).map((action) => (
            <Button
              key={action.name}
              size="xs"
              variant="ghost"
              colorPalette={action.name === 'reject' ? 'red' : 'brand'}
              aria-label={intl.formatMessage(
                { id: 'goods.action.named' },
                { action: label(action), name: row.Name },
              )}
              onClick={() => void act(action, [row.Id])}
            >
              {label(action)}
            </Button>
          ))
        }
        bulkActions={(rows, clear) =>
          actionsFor(rows.map((row) => row.AuditState)).map((action) => (
            <Button
              key={action.name}
              size="xs"
              variant="outline"
              colorPalette={action.name === 'reject' ? 'red' : 'brand'}
              onClick={() =>
                void act(
                  action,
                  rows.map((row) => row.Id),
                  clear,
                )
              }
            >
              {label(action)}
            </Button>
          ))
        }
      />
      {rejecting && (
        <RejectDialog
          count={rejecting.ids.length}
          onClose={() => setRejecting(null)}
          onReject={async (Reason) => {
            const done = await audit.run({
              input: { List: rejecting.ids.map((Id) => ({ Id, Action: 'reject', Reason })) },
            });
            if (done) rejecting.clear?.();
            return done;
          }}
        />
      )}
    </Stack>
  );
}
