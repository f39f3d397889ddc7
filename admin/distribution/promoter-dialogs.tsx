import { Field, Image, Link, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { getPromoterGradeOptions } from '../../contract/endpoints/distribution';
import {
  type ApplicationRow,
  getStoreDistributorsShopUrl,
  type PromoterRow,
  rejectApplication,
  setPromoterGrade,
} from '../../contract/endpoints/promoters';
import { applicationMachine } from '../../contract/machines/distribution';
import { REASON_MAX } from '../../contract/machines/order';
import { actionLabelKey } from '../../contract/state-machine';
import { FormDialog } from '../../src/lib/form-dialog';
import { endpointQuery } from '../../src/lib/query-options';
import { ReasonDialog } from '../core/reason-dialog';
import { useResourceAction } from '../core/use-resource-list';

/** Gives the chosen promoters a grade, or the default rates of the settings. */
export function PromoterGradeDialog({ rows, onClose }: { rows: PromoterRow[]; onClose(): void }) {
  const intl = useIntl();
  const grades = useQuery(endpointQuery(getPromoterGradeOptions, {}));
  const [grade, setGrade] = useState(rows.length === 1 ? String(rows[0]!.GradeId ?? '') : '');
  const call = useResourceAction([], setPromoterGrade);
  return (
    <FormDialog
      title={intl.formatMessage(
        { id: 'promoters.gradeTitle' },
        { count: rows.length, name: rows[0]!.Nickname },
      )}
      submitLabel={intl.formatMessage({ id: 'promoters.gradeSave' })}
      busy={call.pending}
      onClose={onClose}
      onSubmit={async () => {
        const input = { Ids: rows.map((row) => row.Id), GradeId: grade === '' ? null : Number(grade) };
        if (await call.run({ input })) onClose();
      }}
    >
      <Field.Root>
        <Field.Label>
          <FormattedMessage id="promoters.grade" />
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field autoFocus value={grade} onChange={(event) => setGrade(event.target.value)}>
            <option value="">{intl.formatMessage({ id: 'promoters.defaultGrade' })}</option>
            {grades.data?.Data.map((option) => (
              <option key={option.Id} value={String(option.Id)}>
                {option.Name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </FormDialog>
  );
}

/** The promoter's own link to the shop and its QR code, for the operator to pass on. */
export function ShopLinkDialog({ rows, onClose }: { rows: PromoterRow[]; onClose(): void }) {
  const intl = useIntl();
  const promoter = rows[0]!;
  const link = useQuery(endpointQuery(getStoreDistributorsShopUrl, { promoterId: promoter.Id }));
  return (
    <FormDialog
      title={intl.formatMessage(
        { id: 'promoters.shopLinkTitle' },
        { name: promoter.Nickname || promoter.MemberNo },
      )}
      submitLabel={intl.formatMessage({ id: 'promoters.close' })}
      onClose={onClose}
      onSubmit={onClose}
    >
      {link.data ? (
        <Stack gap="3" align="center">
          {link.data.Image && (
            <Image
              src={link.data.Image}
              alt={intl.formatMessage({ id: 'promoters.qrCode' })}
              width="48"
              height="48"
            />
          )}
          <Link href={link.data.Url} target="_blank" rel="noreferrer" wordBreak="break-all">
            {link.data.Url}
          </Link>
          <Text color="fg.muted" fontSize="sm">
            <FormattedMessage id="promoters.miniProgramPath" values={{ path: link.data.Path }} />
          </Text>
        </Stack>
      ) : (
        <Text>
          <FormattedMessage id={link.isError ? 'promoters.shopLinkFailed' : 'promoters.loading'} />
        </Text>
      )}
    </FormDialog>
  );
}

/** Rejects one application with the reason the member will read. */
export function RejectApplicationDialog({ rows, onClose }: { rows: ApplicationRow[]; onClose(): void }) {
  const intl = useIntl();
  const application = rows[0]!;
  const call = useResourceAction([], rejectApplication);
  return (
    <ReasonDialog
      title={intl.formatMessage(
        { id: 'applications.rejectTitle' },
        { name: application.Nickname || application.MemberNo },
      )}
      label={intl.formatMessage({ id: 'applications.reason' })}
      help={intl.formatMessage({ id: 'applications.reasonHelp' })}
      required={intl.formatMessage({ id: 'applications.reasonRequired' })}
      max={REASON_MAX}
      submitLabel={intl.formatMessage({ id: actionLabelKey(applicationMachine, 'reject') })}
      destructive
      onClose={onClose}
      onSubmit={(Reason) => call.run({ input: { Id: application.Id, Reason } })}
    />
  );
}
