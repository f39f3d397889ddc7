import { describe, expect, it } from 'vitest';
import { faceConfigFormSchema } from '../../../contract/endpoints/orders';
import { faceConfigInput, faceConfigValues, NEW_FACE_CONFIG } from './face-config-form';
import { issueMessage } from './form-issues';

const sender = {
  Name: '演示商城',
  Phone: '0755-26000001',
  Province: '广东省',
  City: '深圳市',
  District: '南山区',
  Detail: '科技园 8 号',
};

const detail = {
  Id: 7,
  Name: '中通',
  Carrier: 'ZTO' as const,
  Paper: '76x130' as const,
  SenderName: sender.Name,
  SenderPhone: sender.Phone,
  SenderAddress: '广东省深圳市南山区科技园 8 号',
  IsDefault: true,
  Provider: 'kuaidi100' as const,
  Version: 3,
  Sender: sender,
  Kuaidi100: {
    Key: 'key',
    PartnerId: 'zto-001',
    PartnerName: '',
    Net: '',
    Code: '',
    TempId: 't1',
    ExpType: '',
    HasSecret: true,
    HasPartnerKey: true,
    HasPartnerSecret: false,
  },
};

describe('the carrier-account form', () => {
  it('loads a record with its write-only secrets empty', () => {
    const values = faceConfigValues(detail);
    expect(values.Kuaidi100).toMatchObject({ Key: 'key', PartnerId: 'zto-001', TempId: 't1', Secret: '' });
    expect(values.Sender).toEqual(sender);
  });

  it('keeps stored secrets by leaving empty ones out, and sends the version', () => {
    const input = faceConfigInput(
      {
        ...faceConfigValues(detail),
        Kuaidi100: { ...faceConfigValues(detail).Kuaidi100, PartnerSecret: 'new' },
      },
      {
        Id: 7,
        Version: 3,
      },
    );
    expect(input).toMatchObject({ Id: 7, Version: 3, Provider: 'kuaidi100' });
    expect(input.Kuaidi100).not.toHaveProperty('Secret');
    expect(input.Kuaidi100).not.toHaveProperty('PartnerKey');
    expect(input.Kuaidi100).toHaveProperty('PartnerSecret', 'new');
    expect(faceConfigFormSchema.safeParse(input).success).toBe(true);
  });

  it('sends no provider account without a provider, so its empty fields do not block saving', () => {
    const input = faceConfigInput({ ...NEW_FACE_CONFIG, Name: '顺丰', Sender: sender });
    expect(input).not.toHaveProperty('Kuaidi100');
    expect(input).not.toHaveProperty('Id');
    expect(faceConfigFormSchema.safeParse(input).success).toBe(true);
  });

  it('a new empty form fails on the required fields, each by its path', () => {
    const result = faceConfigFormSchema.safeParse(faceConfigInput(NEW_FACE_CONFIG));
    const paths = result.error?.issues.map((issue) => issue.path.join('.')).sort();
    expect(paths).toEqual([
      'Name',
      'Sender.City',
      'Sender.Detail',
      'Sender.Name',
      'Sender.Phone',
      'Sender.Province',
    ]);
  });
});

describe('issueMessage', () => {
  it.each([
    [{ code: 'too_small', origin: 'string', minimum: 1 }, 'face.issue.required', {}],
    [{ code: 'too_small', origin: 'string', minimum: 5 }, 'face.issue.tooShort', { min: 5 }],
    [{ code: 'too_big', origin: 'string', maximum: 30 }, 'face.issue.tooLong', { max: 30 }],
    [{ code: 'invalid_type' }, 'face.issue.required', {}],
    [{ code: 'invalid_value' }, 'face.issue.invalid', {}],
  ])('%o → %s', (issue, id, values) => {
    expect(issueMessage(issue)).toEqual({ id, values });
  });
});
