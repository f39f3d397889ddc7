import { SimpleGrid, Stack } from '@chakra-ui/react';
import { Controller } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { createLiveRoom, LivePermission, ROOM_TYPES } from '../../contract/endpoints/live-rooms';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { ImageField } from '../../src/lib/image-library/image-field';
import { MiniProgramReachNotice } from '../core/authorise-first-notice';
import { FormFields, FormSection } from '../core/form-field';
import { FormHeading } from '../core/record-view';
import { useResourceForm } from '../core/use-resource-form';
import { liveCatalogues } from './messages';

interface RoomDraft {
  Title: string;
  AnchorName: string;
  AnchorWechat: string;
  StartsAt: string;
  EndsAt: string;
  Type: (typeof ROOM_TYPES)[number];
  CloseComment: boolean;
  CloseShare: boolean;
  Cover: string;
  ShareImage: string;
}

/** A local `datetime-local` value an hour and two hours from now. */
function inHours(hours: number): string {
  const at = new Date(Date.now() + hours * 3600_000);
  at.setMinutes(0, 0, 0);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** /smallRoutine/createrLivePlayerRoom: a room created on WeChat's live broadcast (the sandbox when unconnected). */
function CreateRoomPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { form, submit } = useResourceForm({
    defaultValues: {
      Title: '',
      AnchorName: '',
      AnchorWechat: '',
      StartsAt: inHours(2),
      EndsAt: inHours(3),
      Type: 'phone',
      CloseComment: false,
      CloseShare: false,
      Cover: '',
      ShareImage: '',
    },
    save: createLiveRoom,
    toInput: (draft: RoomDraft) => ({
      ...draft,
      StartsAt: draft.StartsAt ? new Date(draft.StartsAt).toISOString() : '',
      EndsAt: draft.EndsAt ? new Date(draft.EndsAt).toISOString() : '',
    }),
    savedMessage: 'live.form.saved',
    afterSave: (saved) => ({ to: `${LivePermission.roomGoods}?id=${saved.Id}` }),
  });
  const title = t('live.form.title');
  return (
    <Stack gap="4" padding="5" maxWidth="4xl">
      <MiniProgramReachNotice />
      <form aria-label={title} onSubmit={submit} noValidate>
        <Stack gap="4">
          <FormHeading
            title={title}
            backTo={LivePermission.rooms}
            backLabel={t('live.form.back')}
            saving={form.formState.isSubmitting}
          />
          <FormSection title={t('live.form.basics')}>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <FormFields
                form={form}
                fields={[
                  {
                    name: 'Title',
                    kind: 'text',
                    label: t('live.form.Title'),
                    help: t('live.form.TitleHelp'),
                    required: true,
                    maxLength: 17,
                  },
                  {
                    name: 'AnchorName',
                    kind: 'text',
                    label: t('live.form.AnchorName'),
                    required: true,
                    maxLength: 15,
                  },
                  {
                    name: 'AnchorWechat',
                    kind: 'text',
                    label: t('live.form.AnchorWechat'),
                    help: t('live.form.AnchorWechatHelp'),
                    required: true,
                    maxLength: 20,
                  },
                  {
                    name: 'Type',
                    kind: 'select',
                    label: t('live.form.Type'),
                    options: ROOM_TYPES.map((value) => ({ value, label: t(`live.form.type.${value}`) })),
                  },
                  {
                    name: 'StartsAt',
                    kind: 'datetime-local',
                    label: t('live.form.StartsAt'),
                    help: t('live.form.timesHelp'),
                    required: true,
                  },
                  { name: 'EndsAt', kind: 'datetime-local', label: t('live.form.EndsAt'), required: true },
                ]}
              />
            </SimpleGrid>
            <FormFields
              form={form}
              fields={[
                { name: 'CloseComment', kind: 'checkbox', label: t('live.form.CloseComment') },
                { name: 'CloseShare', kind: 'checkbox', label: t('live.form.CloseShare') },
              ]}
            />
          </FormSection>
          <FormSection title={t('live.form.images')}>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {(['Cover', 'ShareImage'] as const).map((name) => (
                <Controller
                  key={name}
                  control={form.control}
                  name={name}
                  render={({ field }) => (
                    <ImageField
                      label={t(`live.form.${name}`)}
                      value={field.value}
                      onChange={(url) => field.onChange(url)}
                    />
                  )}
                />
              ))}
            </SimpleGrid>
          </FormSection>
        </Stack>
      </form>
    </Stack>
  );
}

export default withModuleMessages(CreateRoomPage, liveCatalogues);
