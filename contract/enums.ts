/** Shop types of SPEC §3. The numbering has gaps (5 and 6 are not used). */
export const ShopType = {
  mall: 0,
  officialSite: 1,
  course: 2,
  food: 3,
  hotel: 4,
  service: 7,
  storePlatform: 8,
} as const;
export type ShopType = (typeof ShopType)[keyof typeof ShopType];
export const SHOP_TYPES: readonly ShopType[] = Object.values(ShopType);
/** i18n keys of each shop type's name. */
export const SHOP_TYPE_LABEL_KEYS: Record<ShopType, string> = {
  0: 'shopType.mall',
  1: 'shopType.officialSite',
  2: 'shopType.course',
  3: 'shopType.food',
  4: 'shopType.hotel',
  7: 'shopType.service',
  8: 'shopType.storePlatform',
};

/** Account kinds of SPEC §1. */
export const AccountKind = { main: 'main', sub: 'sub', store: 'store' } as const;
export type AccountKind = (typeof AccountKind)[keyof typeof AccountKind];

/** LoginType of POST /user/login. 3 is the switch-system login of SPEC §4. */
export const LoginType = { password: 1, subAccount: 2, switchSite: 3 } as const;
export type LoginType = (typeof LoginType)[keyof typeof LoginType];

/** The role carried by sub-account sessions; logging out of it goes to /dislogin (SPEC §4, §6). */
export const SUB_ACCOUNT_ROLE = 'roles';
/** Roles of SPEC's permission demo pages. */
export const DemoRole = { admin: 'admin', editor: 'editor' } as const;

export const PASSWORD_MIN_LENGTH = 6;
export const VERIFY_CODE_LENGTH = 5;
export const VERIFY_CODE_PATTERN = /^[A-Za-z0-9]{5}$/;
