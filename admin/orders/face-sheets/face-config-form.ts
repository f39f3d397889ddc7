import type { z } from 'zod';
import type { FaceConfigForm, faceConfigDetailSchema } from '../../../contract/endpoints/orders';

type FaceConfigDetail = z.infer<typeof faceConfigDetailSchema>;

/** What the edit form holds: every field a string or flag, secrets empty (they are write-only). */
export interface FaceConfigValues {
  Name: string;
  Carrier: FaceConfigForm['Carrier'];
  Paper: FaceConfigForm['Paper'];
  Sender: FaceConfigForm['Sender'];
  IsDefault: boolean;
  Provider: FaceConfigForm['Provider'];
  Kuaidi100: {
    Key: string;
    Secret: string;
    PartnerId: string;
    PartnerKey: string;
    PartnerSecret: string;
    PartnerName: string;
    Net: string;
    Code: string;
    TempId: string;
    ExpType: string;
  };
}

const EMPTY_KUAIDI100: FaceConfigValues['Kuaidi100'] = {
  Key: '',
  Secret: '',
  PartnerId: '',
  PartnerKey: '',
  PartnerSecret: '',
  PartnerName: '',
  Net: '',
  Code: '',
  TempId: '',
  ExpType: '',
};

export const NEW_FACE_CONFIG: FaceConfigValues = {
  Name: '',
  Carrier: 'SF',
  Paper: '100x180',
  Sender: { Name: '', Phone: '', Province: '', City: '', District: '', Detail: '' },
  IsDefault: false,
  Provider: 'none',
  Kuaidi100: EMPTY_KUAIDI100,
};

export function faceConfigValues(detail: FaceConfigDetail): FaceConfigValues {
  const account = detail.Kuaidi100;
  return {
    Name: detail.Name,
    Carrier: detail.Carrier,
    Paper: detail.Paper,
    Sender: { ...detail.Sender },
    IsDefault: detail.IsDefault,
    Provider: detail.Provider,
    Kuaidi100: account
      ? {
          ...EMPTY_KUAIDI100,
          Key: account.Key,
          PartnerId: account.PartnerId,
          PartnerName: account.PartnerName,
          Net: account.Net,
          Code: account.Code,
          TempId: account.TempId,
          ExpType: account.ExpType,
        }
      : EMPTY_KUAIDI100,
  };
}

const SECRETS = ['Secret', 'PartnerKey', 'PartnerSecret'] as const;

/**
 * The SetFaceConfig body: the provider's account only with a provider, and secrets left empty
 * are left out so the stored ones are kept.
 */
export function faceConfigInput(
  values: FaceConfigValues,
  record?: { Id: number; Version: number },
): Record<string, unknown> {
  const { Kuaidi100, ...rest } = values;
  const input: Record<string, unknown> = {
    ...(record ? { Id: record.Id, Version: record.Version } : {}),
    ...rest,
  };
  if (values.Provider === 'kuaidi100') {
    const account: Record<string, string> = { ...Kuaidi100 };
    for (const secret of SECRETS) if (account[secret]?.trim() === '') delete account[secret];
    input.Kuaidi100 = account;
  }
  return input;
}
