import { describe, expect, it } from 'vitest';
import { addressLine, openRefund, payableGoodsFen, timelineFacts } from './order-rules';

describe('payableGoodsFen', () => {
  it.each([
    [{ GoodsFen: 10_000, DiscountFen: 1_000, AdjustFen: 0 }, 9_000],
    [{ GoodsFen: 10_000, DiscountFen: 1_000, AdjustFen: -500 }, 8_500],
    [{ GoodsFen: 10_000, DiscountFen: 1_000, AdjustFen: 200 }, 9_200],
  ])('%o → %i fen', (order, expected) => {
    expect(payableGoodsFen(order)).toBe(expected);
  });
});

describe('openRefund', () => {
  it('takes the latest of several open refunds', () => {
    const refunds = [
      { Id: 1, State: 'approved' },
      { Id: 2, State: 'rejected' },
      { Id: 3, State: 'requested' },
    ];
    expect(openRefund(refunds)?.Id).toBe(3);
  });

  it('leaves the list it is given in its order', () => {
    const refunds = [
      { Id: 1, State: 'approved' },
      { Id: 2, State: 'requested' },
    ];
    openRefund(refunds);
    expect(refunds.map((refund) => refund.Id)).toEqual([1, 2]);
  });
});

describe('addressLine', () => {
  const address = {
    Name: 'Li Lei',
    Phone: '13800000000',
    Province: '浙江省',
    City: '杭州市',
    District: '西湖区',
    Detail: '文三路 1 号',
  };
  it.each([
    [address, '浙江省杭州市西湖区文三路 1 号'],
    [{ ...address, District: null }, '浙江省杭州市文三路 1 号'],
    [{ ...address, District: '' }, '浙江省杭州市文三路 1 号'],
    [null, ''],
  ])('%o → %j', (value, expected) => {
    expect(addressLine(value as never)).toBe(expected);
  });
});

describe('timelineFacts: only well-formed facts are shown', () => {
  it.each([
    [{ Carrier: 'ZTO' }, [{ kind: 'parcel', carrier: 'ZTO', trackingNo: '' }]],
    [{ Carrier: 'ZTO', TrackingNo: 42 }, [{ kind: 'parcel', carrier: 'ZTO', trackingNo: '' }]],
    [{ Carrier: '', TrackingNo: 'ZT1' }, []],
    [{ AmountFen: 12.5 }, []],
    [{ AmountFen: '1200' }, []],
    [{ TotalFen: 0 }, [{ kind: 'money', label: 'total', fen: 0 }]],
    [{ TotalFen: Number.NaN }, []],
    [{ Before: 'A street' }, []],
    [{ After: 'B street' }, []],
    [{ Before: 'A street', After: { TotalFen: 800 } }, []],
    [{ Before: { TotalFen: 1000 }, After: 'B street' }, []],
    [{ Before: { TotalFen: 1000 }, After: null }, []],
    [{ Before: null, After: { TotalFen: 800 } }, []],
    [{ Before: { TotalFen: 1000 } }, []],
    [{ Before: { TotalFen: 1000 }, After: { TotalFen: '800' } }, []],
    [{ Before: { TotalFen: 1.5 }, After: { TotalFen: 800 } }, []],
    [{ Before: 1000, After: 800 }, []],
  ])('%o → %o', (detail, expected) => {
    expect(timelineFacts(detail)).toEqual(expected);
  });
});
