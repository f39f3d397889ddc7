/** The query-key root of everything about carrier accounts: writes refresh all of it. */
export const FACE_CONFIG_QUERY_ROOT = 'order.faceConfigs';
/** The query-key root of printed waybills and the orders they ship. */
export const WAYBILL_QUERY_ROOT = 'waybills';
/** The order list's root (the supervision screen's too): shipping changes it. */
export const ORDER_QUERY_ROOT = 'orders';
