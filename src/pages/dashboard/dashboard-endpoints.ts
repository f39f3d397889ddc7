import type {
  getIndexDataInfo,
  getIndexOrderSaleReport,
  getNewNews,
  getQcodeImg,
} from '../../../contract/endpoints/dashboard';
import { type EndpointRef, endpointRef } from '../../lib/endpoint-ref';

/**
 * The dashboard's calls as references, so the first screen after login loads without the contract's
 * schemas (zod); dashboard-endpoints.test.ts checks them against the contract.
 */
export const getIndexDataInfoRef: EndpointRef<typeof getIndexDataInfo> = endpointRef(
  'GET',
  '/Comm/GetIndexDataInfo',
);
export const getIndexOrderSaleReportRef: EndpointRef<typeof getIndexOrderSaleReport> = endpointRef(
  'GET',
  '/Comm/GetIndexOrderSaleReport',
);
export const getNewNewsRef: EndpointRef<typeof getNewNews> = endpointRef('GET', '/Comm/GetNewNews');
export const getQcodeImgRef: EndpointRef<typeof getQcodeImg> = endpointRef('GET', '/Comm/GetQcodeImg');
