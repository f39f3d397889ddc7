import { describe, expect, it } from 'vitest';
import { EMPTY_SHOP_INFO, shopInfoFormSchema } from '../../../contract/endpoints/shop-info';
import { shopInfoDraft, shopInfoInput } from './shop-info-form';

const saved = { ...EMPTY_SHOP_INFO, ShopName: '演示商城', Lng: 121.4368, Lat: -31.5, Version: 3 };

describe('shop info draft', () => {
  it('shows the map point as text and gives it back as numbers, the rest unchanged', () => {
    const draft = shopInfoDraft(saved);
    expect(draft).toMatchObject({ Lng: '121.4368', Lat: '-31.5', ShopName: '演示商城', Version: 3 });
    expect(shopInfoInput(draft)).toEqual(saved);
  });

  it('leaves out what the read adds for the screen, so the save sends only the form', () => {
    const read = {
      ...saved,
      AreaText: '上海市 上海市 徐汇区',
      SameCityDelivery: true,
      GeocoderConfigured: false,
    };
    const input = shopInfoInput(shopInfoDraft(read));
    expect(input).toEqual(saved);
    expect(
      shopInfoFormSchema({ sameCityDelivery: false }).safeParse({
        ...input,
        Phone: '13800138000',
        Email: 'a@b.cn',
        Address: '路',
        Lng: null,
        Lat: null,
      }).success,
    ).toBe(true);
  });

  it('takes blank boxes as no point and trims what was typed', () => {
    const draft = shopInfoDraft({ ...saved, Lng: null, Lat: null });
    expect(draft).toMatchObject({ Lng: '', Lat: '' });
    expect(shopInfoInput({ ...draft, Lng: '  ', Lat: ' 30.5 ' })).toMatchObject({ Lng: null, Lat: 30.5 });
  });

  it('leaves text that is not a number for the schema to refuse on its field', () => {
    const input = shopInfoInput({ ...shopInfoDraft(saved), Lng: '121,4' });
    const result = shopInfoFormSchema({ sameCityDelivery: false }).safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join('.'))).toContain('Lng');
  });
});
