import { describe, expect, it } from 'vitest';
import { ShopType } from '../../contract/enums';
import { createTemplate } from '../../contract/template/create-template';
import { createStudioStore } from '../store/studio-store';

describe('the preview shop type of the studio', () => {
  it('changes what the canvas checks, not the template’s rules or its history', () => {
    const store = createStudioStore({ document: createTemplate(1, 'Home'), shopType: ShopType.officialSite });
    store.getState().setPreviewShopType(ShopType.mall);
    expect(store.getState().previewShopType).toBe(ShopType.mall);
    expect(store.getState().shopType).toBe(ShopType.officialSite);
    expect(store.temporal.getState().pastStates).toHaveLength(0);
    // A mall-only block is still refused: the template is an official site's.
    expect(store.getState().insertBlock('productList', 0)).toBeNull();
    expect(store.getState().notice).not.toBeNull();
  });
});
