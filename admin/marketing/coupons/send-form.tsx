import {
  Box,
  Button,
  Field,
  HStack,
  Input,
  List,
  NativeSelect,
  RadioGroup,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import {
  checkSendMobiles,
  createCouponSend,
  findSendMembers,
  getSelectCouponList,
  getSendMobilesTemplate,
  getSendOptions,
  MAX_SEND_COPIES,
  MAX_SEND_MEMBERS,
  type mobileCheckRowSchema,
  SEND_TARGETS,
  type SendMember,
  type SendTarget,
  type SendTargetInput,
  sendCouponToMembers,
} from '../../../contract/endpoints/coupons';
import { downloadFile } from '../../../src/lib/file-download';
import { http } from '../../../src/lib/http';
import { confirmDialog, showToast } from '../../../src/lib/notify';
import { endpointQuery, invalidateAreas } from '../../../src/lib/query-options';
import { Finder } from '../../core/finder';
import { serverFieldErrors } from '../../core/form-errors';
import { FormSection } from '../../core/form-field';
import { PageHeading } from '../../core/record-view';

type MobileRow = z.infer<typeof mobileCheckRowSchema>;

/** A key made once per form, so a double submit or a retried request makes one send. */
function requestKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const MEMBER_FINDER_LABELS = {
  search: 'couponSend.findMember',
  add: 'couponSend.addMember',
  noMatch: 'couponSend.noMember',
};

/** The uploaded sheet's rows as checked by the server, those that cannot be sent to first. */
function MobileRows({ rows }: { rows: readonly MobileRow[] }) {
  const intl = useIntl();
  const sorted = [...rows].sort((left, right) => Number(left.Ok) - Number(right.Ok) || left.Row - right.Row);
  return (
    <Box maxHeight="80" overflowY="auto">
      <Table.Root size="sm" aria-label={intl.formatMessage({ id: 'couponSend.checked' })}>
        <Table.Header>
          <Table.Row>
            {['row', 'mobile', 'member', 'result'].map((name) => (
              <Table.ColumnHeader key={name}>
                <FormattedMessage id={`couponSend.checkColumn.${name}`} />
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {sorted.map((row) => (
            <Table.Row key={row.Row}>
              <Table.Cell>{row.Row}</Table.Cell>
              <Table.Cell>{row.Mobile}</Table.Cell>
              <Table.Cell>{row.MemberName}</Table.Cell>
              <Table.Cell color={row.Ok ? 'green.700' : 'red.700'}>
                {row.Ok ? <FormattedMessage id="couponSend.rowOk" /> : row.Message}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/**
 * Sends a coupon to members: any target on the coupon screen, the chosen members only on the member
 * list's. The send runs in the background; the send records show its progress.
 */
export function SendForm({
  membersOnly,
  initialCouponId,
  initialMembers,
  doneTo,
}: {
  membersOnly: boolean;
  initialCouponId?: number;
  initialMembers: readonly SendMember[];
  doneTo: string;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const navigate = useNavigate();
  const client = useQueryClient();
  const key = useMemo(requestKey, []);
  const coupons = useQuery(endpointQuery(getSelectCouponList, { channel: 'online', pageSize: 100 }));
  const options = useQuery({ ...endpointQuery(getSendOptions, {}), enabled: !membersOnly });
  const [couponId, setCouponId] = useState(initialCouponId ? String(initialCouponId) : '');
  const [copies, setCopies] = useState('1');
  const [target, setTarget] = useState<SendTarget>('members');
  const [members, setMembers] = useState<SendMember[]>([...initialMembers]);
  const [gradeId, setGradeId] = useState('');
  const [tag, setTag] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<{ rows: MobileRow[]; valid: number; invalid: number } | null>(null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);

  const check = async () => {
    if (!file) {
      setErrors({ file: t('couponSend.fileRequired') });
      return;
    }
    setBusy(true);
    try {
      const body = new FormData();
      body.append('file', file);
      const response = await http.post<{ Rows: MobileRow[]; Valid: number; Invalid: number }>(
        checkSendMobiles.path,
        body,
      );
      setChecked({ rows: response.data.Rows, valid: response.data.Valid, invalid: response.data.Invalid });
      setErrors({});
    } catch (failure) {
      setErrors({ file: serverFieldErrors(failure).file });
    } finally {
      setBusy(false);
    }
  };

  const targetInput = (): SendTargetInput | string => {
    if (target === 'members')
      return members.length > 0
        ? { Kind: 'members', MemberIds: members.map((member) => member.Id) }
        : 'couponSend.membersRequired';
    if (target === 'grade')
      return gradeId ? { Kind: 'grade', GradeId: Number(gradeId) } : 'couponSend.gradeRequired';
    if (target === 'tag') return tag ? { Kind: 'tag', Tag: tag } : 'couponSend.tagRequired';
    const mobiles = checked?.rows.filter((row) => row.Ok).map((row) => row.Mobile) ?? [];
    return mobiles.length > 0
      ? { Kind: 'mobiles', Mobiles: mobiles, FileName: file?.name ?? '' }
      : 'couponSend.mobilesRequired';
  };

  const submit = async () => {
    const chosenTarget = targetInput();
    const count = Number(copies);
    const next = {
      coupon: couponId ? undefined : t('couponSend.couponRequired'),
      copies:
        Number.isInteger(count) && count >= 1 && count <= MAX_SEND_COPIES
          ? undefined
          : t('couponSend.copiesRange', { max: MAX_SEND_COPIES }),
      target: typeof chosenTarget === 'string' ? t(chosenTarget) : undefined,
    };
    setErrors(next);
    if (next.coupon || next.copies || typeof chosenTarget === 'string') return;
    const title = coupons.data?.Data.find((coupon) => String(coupon.Id) === couponId)?.Title ?? '';
    const confirmed = await confirmDialog({
      title: t('engine.confirmTitle'),
      message: t('couponSend.confirm', { title, copies: count }),
      confirmText: t('couponSend.submit'),
      cancelText: t('engine.cancel'),
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      const base = { CouponId: Number(couponId), Copies: count, RequestKey: key };
      if (membersOnly && chosenTarget.Kind === 'members')
        await http.post(sendCouponToMembers.path, { ...base, MemberIds: chosenTarget.MemberIds });
      else await http.post(createCouponSend.path, { ...base, Target: chosenTarget });
      showToast('success', t('couponSend.started'));
      await invalidateAreas(client, createCouponSend);
      navigate(doneTo);
    } catch (failure) {
      const fields = serverFieldErrors(failure);
      setErrors({
        coupon: fields.CouponId,
        copies: fields.Copies,
        target: fields.Target ?? fields['Target.MemberIds'],
      });
    } finally {
      setBusy(false);
    }
  };

  const choice = (
    id: string,
    value: string,
    onChange: (value: string) => void,
    list: { value: string; label: string }[],
    error?: string,
  ) => (
    <Field.Root required invalid={Boolean(error)} maxWidth="md">
      <Field.Label>
        <FormattedMessage id={id} />
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{t('couponSend.choose')}</option>
          {list.map((item) => (
            <option key={item.value} value={item.value}>
              {item.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText color="red.700">{error}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <form
      aria-label={t('couponSend.formLabel')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="4" padding="5">
        <PageHeading>
          <Button type="submit" colorPalette="brand" loading={busy}>
            <FormattedMessage id="couponSend.submit" />
          </Button>
        </PageHeading>
        <FormSection title={t('couponSend.couponSection')}>
          {choice(
            'couponSend.coupon',
            couponId,
            setCouponId,
            (coupons.data?.Data ?? []).map((coupon) => ({
              value: String(coupon.Id),
              label:
                coupon.Remaining === null
                  ? coupon.Title
                  : t('couponSend.couponLeft', { title: coupon.Title, left: coupon.Remaining }),
            })),
            errors.coupon,
          )}
          <Field.Root required invalid={Boolean(errors.copies)} maxWidth="xs">
            <Field.Label>
              <FormattedMessage id="couponSend.copies" />
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              type="number"
              min={1}
              max={MAX_SEND_COPIES}
              value={copies}
              onChange={(event) => setCopies(event.target.value)}
            />
            <Field.ErrorText color="red.700">{errors.copies}</Field.ErrorText>
          </Field.Root>
        </FormSection>
        <FormSection title={t('couponSend.targetSection')}>
          {!membersOnly && (
            <RadioGroup.Root
              value={target}
              onValueChange={(details) => setTarget(details.value as SendTarget)}
              aria-label={t('couponSend.target')}
            >
              <HStack gap="5" wrap="wrap">
                {SEND_TARGETS.map((name) => (
                  <RadioGroup.Item key={name} value={name}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>
                      <FormattedMessage id={`couponSends.filter.target.${name}`} />
                    </RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </HStack>
            </RadioGroup.Root>
          )}
          {target === 'members' && (
            <Stack gap="2">
              {members.length > 0 && (
                <List.Root gap="1" listStyle="none" aria-label={t('couponSend.chosenMembers')}>
                  {members.map((member) => (
                    <List.Item key={member.Id}>
                      <HStack gap="2">
                        <Text>
                          {member.Name} {member.Mobile} {member.GradeName}
                        </Text>
                        <Button
                          size="xs"
                          variant="ghost"
                          colorPalette="red"
                          onClick={() => setMembers(members.filter((item) => item.Id !== member.Id))}
                        >
                          <FormattedMessage id="couponSend.removeMember" values={{ name: member.Name }} />
                        </Button>
                      </HStack>
                    </List.Item>
                  ))}
                </List.Root>
              )}
              <Finder
                endpoint={findSendMembers}
                input={(keyword) => ({ keyword })}
                items={(data) => data.Data.slice(0, 10)}
                addValues={(member) => ({ name: member.Name, mobile: member.Mobile })}
                chosen={members}
                onAdd={(member) => setMembers([...members, member])}
                max={MAX_SEND_MEMBERS}
                labels={MEMBER_FINDER_LABELS}
              />
            </Stack>
          )}
          {target === 'grade' &&
            choice(
              'couponSend.grade',
              gradeId,
              setGradeId,
              (options.data?.Grades ?? []).map((grade) => ({
                value: String(grade.Id),
                label: t('couponSend.withMembers', { name: grade.Name, members: grade.Members }),
              })),
            )}
          {target === 'tag' &&
            choice(
              'couponSend.tag',
              tag,
              setTag,
              (options.data?.Tags ?? []).map((entry) => ({
                value: entry.Tag,
                label: t('couponSend.withMembers', { name: entry.Tag, members: entry.Members }),
              })),
            )}
          {target === 'mobiles' && (
            <Stack gap="3">
              <Text fontSize="sm" color="fg.muted">
                <FormattedMessage id="couponSend.mobilesHelp" />
              </Text>
              <HStack>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => void downloadFile(getSendMobilesTemplate, {}).catch(() => undefined)}
                >
                  <FormattedMessage id="couponSend.template" />
                </Button>
              </HStack>
              <Field.Root invalid={Boolean(errors.file)} maxWidth="md">
                <Field.Label>
                  <FormattedMessage id="couponSend.file" />
                </Field.Label>
                <Input
                  type="file"
                  accept=".xlsx"
                  padding="1"
                  onChange={(event) => {
                    setFile(event.target.files?.[0] ?? null);
                    setChecked(null);
                  }}
                />
                <Field.ErrorText color="red.700">{errors.file}</Field.ErrorText>
              </Field.Root>
              <HStack>
                <Button size="sm" onClick={() => void check()} loading={busy}>
                  <FormattedMessage id="couponSend.check" />
                </Button>
              </HStack>
              {checked && (
                <Stack gap="2">
                  <Text role="status">
                    <FormattedMessage
                      id="couponSend.checkSummary"
                      values={{ valid: checked.valid, invalid: checked.invalid }}
                    />
                  </Text>
                  <MobileRows rows={checked.rows} />
                </Stack>
              )}
            </Stack>
          )}
          {errors.target && (
            <Text color="red.700" fontSize="sm" role="alert">
              {errors.target}
            </Text>
          )}
        </FormSection>
      </Stack>
    </form>
  );
}
