import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import { type ListResource, sortParam } from '../list-query';
import { fen, id, queryId, version } from '../scalars';

/**
 * The service shop type's (7) technicians and services (SPEC §3 shop type 7, the ModuleLibrary
 * technician and service lookups), kept under the shop group beside the other verticals' content.
 * A service names the technicians who give it and the booking form its button opens.
 */

export const ServiceShopPermission = {
  technicians: '/shop/technicianSupervise',
  technicianEdit: '/shop/technicianEdit',
  services: '/shop/serviceSupervise',
  serviceEdit: '/shop/serviceEdit',
} as const;

const BASE = '/DistributorsShopSet';

export const NAME_MAX = 30;
export const JOB_TITLE_MAX = 20;
export const SKILL_MAX = 10;
export const SKILLS_MAX = 8;
export const SORT_MAX = 9999;
/** Tenths of a star. */
export const RATING_MAX = 50;
export const MINUTES_MIN = 5;
export const MINUTES_MAX = 24 * 60;
export const TECHNICIANS_PER_SERVICE_MAX = 20;
export const MAX_BULK = 100;

export const SERVICE_SHOP_STATUSES = ['on', 'off'] as const;
export const SERVICE_SHOP_TABS = ['all', ...SERVICE_SHOP_STATUSES] as const;
type Tab = (typeof SERVICE_SHOP_TABS)[number];

const counts = z.object(
  Object.fromEntries(SERVICE_SHOP_TABS.map((tab) => [tab, z.number().int()])) as Record<Tab, z.ZodNumber>,
);

const common = {
  Id: z.number().int(),
  Name: z.string(),
  Image: z.string(),
  Sort: z.number().int(),
  Status: z.enum(SERVICE_SHOP_STATUSES),
  Rating: z.number().int(),
  Version: z.number().int(),
  CreatedAt: z.string(),
};

export const technicianRowSchema = z.object({
  ...common,
  JobTitle: z.string(),
  Skills: z.array(z.string()),
  StoreId: z.number().int().nullable(),
  StoreName: z.string(),
  /** Live services naming this technician. */
  ServiceCount: z.number().int(),
});
export type TechnicianRow = z.infer<typeof technicianRowSchema>;

export const serviceRowSchema = z.object({
  ...common,
  PriceFen: z.number().int(),
  Minutes: z.number().int(),
  TechnicianIds: z.array(z.number().int()),
  TechnicianNames: z.array(z.string()),
  BookingFormId: z.number().int().nullable(),
  BookingFormTitle: z.string(),
});
export type ServiceRow = z.infer<typeof serviceRowSchema>;

const listInput = listQuerySchema.extend({
  status: z.enum(SERVICE_SHOP_TABS).default('all'),
  /** Name contains it. */
  keyword: z.string().trim().max(40).optional(),
  /** Larger sort numbers first, as the studio's lookups and blocks show them. */
  sort: sortParam(['sort', 'createdAt', 'rating']).default('-sort'),
});

const listResource = (resource: string, list: ListResource['list']): ListResource => ({
  resource,
  list,
  filters: [{ name: 'keyword', kind: 'text', params: ['keyword'] }],
  tabs: { param: 'status', values: SERVICE_SHOP_TABS, default: 'all' },
  sortFields: ['sort', 'createdAt', 'rating'],
  defaultSort: '-sort',
});

export const getTechnicianList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetTechnicianList`,
  permission: ServiceShopPermission.technicians,
  input: listInput.extend({ StoreId: queryId.optional() }),
  output: pagedSchema(technicianRowSchema).extend({ Counts: counts }),
});
export const technicianListResource = listResource('technicians', getTechnicianList);

export const getServiceList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetServiceList`,
  permission: ServiceShopPermission.services,
  input: listInput.extend({ TechnicianId: queryId.optional() }),
  output: pagedSchema(serviceRowSchema).extend({ Counts: counts }),
});
export const serviceListResource = listResource('services', getServiceList);

export const getTechnicianInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetTechnicianInfo`,
  permission: ServiceShopPermission.technicians,
  input: z.strictObject({ id: queryId }),
  output: technicianRowSchema,
});

export const getServiceInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetServiceInfo`,
  permission: ServiceShopPermission.services,
  input: z.strictObject({ id: queryId }),
  output: serviceRowSchema,
});

const commonFields = {
  Name: z.string().trim().min(1).max(NAME_MAX),
  Image: z.string().trim().max(2048),
  Sort: z.number().int().min(0).max(SORT_MAX),
  Status: z.enum(SERVICE_SHOP_STATUSES),
  Rating: z.number().int().min(0).max(RATING_MAX),
};
const saved = z.object({ Id: z.number().int(), Version: z.number().int() });
const identity = { Id: id.optional(), Version: version.optional() };

export const technicianFieldsSchema = z.strictObject({
  ...commonFields,
  JobTitle: z.string().trim().max(JOB_TITLE_MAX),
  Skills: z.array(z.string().trim().min(1).max(SKILL_MAX)).max(SKILLS_MAX),
  StoreId: id.nullable(),
});

/** Adds a technician without `Id`; saves one with `Id` and the `Version` it was read at. */
export const saveTechnician = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindTechnicianInfo`,
  permission: ServiceShopPermission.technicianEdit,
  input: technicianFieldsSchema.extend(identity),
  output: saved,
});

export const serviceFieldsSchema = z.strictObject({
  ...commonFields,
  PriceFen: fen,
  Minutes: z.number().int().min(MINUTES_MIN).max(MINUTES_MAX),
  TechnicianIds: z.array(id).max(TECHNICIANS_PER_SERVICE_MAX),
  BookingFormId: id.nullable(),
});

export const saveService = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindServiceInfo`,
  permission: ServiceShopPermission.serviceEdit,
  input: serviceFieldsSchema.extend(identity),
  output: saved,
});

const ids = z.array(id).min(1).max(MAX_BULK);
const stateInput = z.strictObject({ Ids: ids, Status: z.enum(SERVICE_SHOP_STATUSES) });
const changed = z.object({ Changed: z.number().int() });
const deleted = z.object({ Deleted: z.number().int() });

export const setTechnicianStatus = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetTechnicianStatus`,
  permission: ServiceShopPermission.technicians,
  input: stateInput,
  output: changed,
});

export const setServiceStatus = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetServiceStatus`,
  permission: ServiceShopPermission.services,
  input: stateInput,
  output: changed,
});

/** Refused while a live service still names the technician. */
export const delTechnicians = defineEndpoint({
  method: 'POST',
  path: `${BASE}/DelTechnician`,
  permission: ServiceShopPermission.technicians,
  input: z.strictObject({ Ids: ids }),
  output: deleted,
});

export const delServices = defineEndpoint({
  method: 'POST',
  path: `${BASE}/DelService`,
  permission: ServiceShopPermission.services,
  input: z.strictObject({ Ids: ids }),
  output: deleted,
});
