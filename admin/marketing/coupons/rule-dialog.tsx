import { Checkbox, Field, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  type CouponRuleRow,
  couponRuleFormSchema,
  getSelectCouponList,
  getSendOptions,
  MAX_SEND_COPIES,
  RULE_EVENTS,
  type RuleEvent,
  saveCouponRule,
} from '../../../contract/endpoints/coupons';
import { FormDialog } from '../../../src/lib/form-dialog';
import { endpointQuery } from '../../../src/lib/query-options';
import { yuanToFen } from '../../core/list-state';
import { useResourceAction } from '../../core/use-resource-list';
import { CheckList } from './check-list';

/** A rule's form (new, or the row's): the event, the coupon sent and how many, the event's own terms. */
export function RuleDialog({ row, onClose }: { row?: CouponRuleRow; onClose(): void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const coupons = useQuery(endpointQuery(getSelectCouponList, { channel: 'online', pageSize: 100 }));
  const options = useQuery(endpointQuery(getSendOptions, {}));
  const [event, setEvent] = useState<RuleEvent>(row?.Event ?? 'newMember');
  const [couponId, setCouponId] = useState(row ? String(row.CouponId) : '');
  const [copies, setCopies] = useState(String(row?.Copies ?? 1));
  const [grades, setGrades] = useState<number[]>(row?.GradeIds ?? []);
  const [minimum, setMinimum] = useState(
    row && row.MinRechargeFen > 0 ? String(row.MinRechargeFen / 100) : '',
  );
  const [enabled, setEnabled] = useState(row?.Enabled ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const action = useResourceAction([], saveCouponRule);
  const couponOptions = coupons.data?.Data ?? [];
  // A rule whose coupon is no longer on offer still names it.
  const listed =
    row && !couponOptions.some((coupon) => coupon.Id === row.CouponId)
      ? [{ Id: row.CouponId, Title: row.CouponTitle }, ...couponOptions]
      : couponOptions;
  const submit = async () => {
    const input = {
      ...(row ? { Id: row.Id, Version: row.Version } : {}),
      Event: event,
      CouponId: Number(couponId),
      Copies: Number(copies),
      GradeIds: event === 'gradeUpgrade' ? grades : [],
      MinRechargeFen: event === 'recharge' ? (yuanToFen(minimum) ?? 0) : 0,
      Enabled: enabled,
    };
    const parsed = couponRuleFormSchema.safeParse(input);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        const key = (issue as { params?: { key?: string } }).params?.key;
        next[field] ??= t(key ?? `couponRules.form.invalid.${field}`);
      }
      setErrors(next);
      return;
    }
    if (await action.run({ input: parsed.data })) onClose();
  };
  return (
    <FormDialog
      title={t(row ? 'couponRules.form.editTitle' : 'couponRules.form.newTitle')}
      submitLabel={t('engine.save')}
      busy={action.pending}
      onClose={onClose}
      onSubmit={submit}
      size="md"
    >
      <Stack gap="4">
        <Field.Root required>
          <Field.Label>
            <FormattedMessage id="couponRules.form.event" />
            <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={event}
              onChange={(change) => setEvent(change.target.value as RuleEvent)}
            >
              {RULE_EVENTS.map((name) => (
                <option key={name} value={name}>
                  {t(`couponRules.event.${name}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.HelperText>
            <FormattedMessage id={`couponRules.eventHelp.${event}`} />
          </Field.HelperText>
        </Field.Root>
        <Field.Root required invalid={Boolean(errors.CouponId)}>
          <Field.Label>
            <FormattedMessage id="couponRules.form.coupon" />
            <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={couponId} onChange={(change) => setCouponId(change.target.value)}>
              <option value="">{t('couponRules.form.chooseCoupon')}</option>
              {listed.map((coupon) => (
                <option key={coupon.Id} value={String(coupon.Id)}>
                  {coupon.Title}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{errors.CouponId}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={Boolean(errors.Copies)}>
          <Field.Label>
            <FormattedMessage id="couponRules.form.copies" />
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="number"
            min={1}
            max={MAX_SEND_COPIES}
            value={copies}
            onChange={(change) => setCopies(change.target.value)}
          />
          <Field.ErrorText>{errors.Copies}</Field.ErrorText>
        </Field.Root>
        {event === 'gradeUpgrade' && (
          <CheckList
            legend={t('couponRules.form.grades')}
            options={(options.data?.Grades ?? []).map((grade) => ({ value: grade.Id, label: grade.Name }))}
            chosen={grades}
            error={errors.GradeIds}
            empty="coupons.form.noGrades"
            onChange={setGrades}
          />
        )}
        {event === 'recharge' && (
          <Field.Root required invalid={Boolean(errors.MinRechargeFen)}>
            <Field.Label>
              <FormattedMessage id="couponRules.form.minimum" />
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              inputMode="decimal"
              value={minimum}
              onChange={(change) => setMinimum(change.target.value)}
            />
            <Field.ErrorText>{errors.MinRechargeFen}</Field.ErrorText>
          </Field.Root>
        )}
        <Checkbox.Root checked={enabled} onCheckedChange={(change) => setEnabled(change.checked === true)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>
            <FormattedMessage id="couponRules.form.enabled" />
          </Checkbox.Label>
        </Checkbox.Root>
      </Stack>
    </FormDialog>
  );
}
