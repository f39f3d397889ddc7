import { describe, expect, it } from 'vitest';
import {
  getIndexDataInfo,
  getIndexOrderSaleReport,
  getNewNews,
  getQcodeImg,
} from '../../../contract/endpoints/dashboard';
import {
  getIndexDataInfoRef,
  getIndexOrderSaleReportRef,
  getNewNewsRef,
  getQcodeImgRef,
} from './dashboard-endpoints';

describe('dashboard endpoint references', () => {
  it.each([
    [getIndexDataInfoRef, getIndexDataInfo],
    [getIndexOrderSaleReportRef, getIndexOrderSaleReport],
    [getNewNewsRef, getNewNews],
    [getQcodeImgRef, getQcodeImg],
  ])('%o matches the contract', (reference, definition) => {
    expect({ method: reference.method, path: reference.path }).toEqual({
      method: definition.method,
      path: definition.path,
    });
  });
});
