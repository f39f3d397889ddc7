import { describe, expect, it } from 'vitest';
import {
  addLiveGoods,
  addLiveRoomGoods,
  createLiveRoom,
  delLiveRoom,
  getLiveGoodsList,
  getLiveGoodsOptions,
  getLiveGoodsSalesReport,
  getLiveRoomGoods,
  getLiveRoomList,
  getLiveRoomSalesReport,
} from './live-rooms';
import { refusedFields as refused } from './schema-refusals';

const text = (length: number) => '直'.repeat(length);
const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

const room = {
  Title: '新品直播',
  Cover: 'https://img.example.com/cover.png',
  ShareImage: 'https://img.example.com/share.png',
  AnchorName: '小王',
  AnchorWechat: 'wang_01',
  StartsAt: '2026-12-01T10:00:00+08:00',
  EndsAt: '2026-12-01T12:00:00+08:00',
  Type: 'phone',
  CloseComment: false,
  CloseShare: true,
};

describe('CreateLiveRoom', () => {
  it.each([
    ['a complete room', {}, []],
    ['a title at 17 characters', { Title: text(17) }, []],
    ['a title at 18 characters', { Title: text(18) }, ['Title']],
    ['a title of spaces', { Title: '   ' }, ['Title']],
    ['a title at 17 characters with spaces around', { Title: ` ${text(17)} ` }, []],
    ['an anchor name at 15 characters', { AnchorName: text(15) }, []],
    ['an anchor name at 15 characters with spaces around', { AnchorName: ` ${text(15)} ` }, []],
    ['an anchor name at 16 characters', { AnchorName: text(16) }, ['AnchorName']],
    ['no anchor name', { AnchorName: '' }, ['AnchorName']],
    ['a WeChat id of 6 characters', { AnchorWechat: 'wang01' }, []],
    ['a WeChat id of 5 characters', { AnchorWechat: 'wang0' }, ['AnchorWechat']],
    ['a WeChat id of 20 characters', { AnchorWechat: `w${'a'.repeat(19)}` }, []],
    ['a WeChat id of 21 characters', { AnchorWechat: `w${'a'.repeat(20)}` }, ['AnchorWechat']],
    ['a WeChat id with spaces around', { AnchorWechat: ' wang_01 ' }, []],
    ['a WeChat id starting with a digit', { AnchorWechat: '1wang01' }, ['AnchorWechat']],
    ['a WeChat id with a dash and an underscore', { AnchorWechat: 'Wang-_01' }, []],
    ['a WeChat id with a dot', { AnchorWechat: 'wang.01' }, ['AnchorWechat']],
    ['a WeChat id with a letter after the end', { AnchorWechat: 'wang_01!' }, ['AnchorWechat']],
    ['no cover', { Cover: ' ' }, ['Cover']],
    ['a share image at 2000 characters', { ShareImage: 'a'.repeat(2000) }, []],
    ['a share image at 2001 characters', { ShareImage: 'a'.repeat(2001) }, ['ShareImage']],
    ['a start without its offset', { StartsAt: '2026-12-01T10:00:00' }, ['StartsAt']],
    ['a pushed stream', { Type: 'push' }, []],
    ['an unknown type', { Type: 'tv' }, ['Type']],
    ['comments closed as text', { CloseComment: 'yes' }, ['CloseComment']],
    ['an unknown field', { Goods: [] }, ['']],
  ])('%s', (_, change, fields) =>
    expect(refused(createLiveRoom.input, { ...room, ...change })).toEqual(fields),
  );

  it('keeps the texts without their spaces', () => {
    expect(
      createLiveRoom.input.parse({ ...room, Title: ' 新品直播 ', AnchorWechat: ' wang_01 ' }),
    ).toMatchObject({
      Title: '新品直播',
      AnchorWechat: 'wang_01',
    });
  });
});

describe('live room and goods writes', () => {
  it.each([
    ['delete one room', delLiveRoom.input, { Ids: [1] }, []],
    ['delete 50 rooms', delLiveRoom.input, { Ids: ids(50) }, []],
    ['delete 51 rooms', delLiveRoom.input, { Ids: ids(51) }, ['Ids']],
    ['delete no room', delLiveRoom.input, { Ids: [] }, ['Ids']],
    ['goods at a price of 1 fen', addLiveGoods.input, { ProductId: 1, Name: '口红', PriceFen: 1 }, []],
    ['goods at a price of 0', addLiveGoods.input, { ProductId: 1, Name: '口红', PriceFen: 0 }, ['PriceFen']],
    [
      'a goods name at 14 characters',
      addLiveGoods.input,
      { ProductId: 1, Name: text(14), PriceFen: 100 },
      [],
    ],
    [
      'a goods name at 15 characters',
      addLiveGoods.input,
      { ProductId: 1, Name: text(15), PriceFen: 100 },
      ['Name'],
    ],
    ['a goods name of spaces', addLiveGoods.input, { ProductId: 1, Name: '  ', PriceFen: 100 }, ['Name']],
    [
      'a goods name at 14 with spaces around',
      addLiveGoods.input,
      { ProductId: 1, Name: ` ${text(14)} `, PriceFen: 100 },
      [],
    ],
    ['one good into a room', addLiveRoomGoods.input, { RoomId: 1, GoodsIds: [2] }, []],
    ['50 goods into a room', addLiveRoomGoods.input, { RoomId: 1, GoodsIds: ids(50) }, []],
    ['51 goods into a room', addLiveRoomGoods.input, { RoomId: 1, GoodsIds: ids(51) }, ['GoodsIds']],
    ['no goods into a room', addLiveRoomGoods.input, { RoomId: 1, GoodsIds: [] }, ['GoodsIds']],
  ] as const)('%s', (_, schema, input, fields) => expect(refused(schema, input)).toEqual(fields));
});

describe('live lists', () => {
  it.each([
    ['room list keyword at 40', getLiveRoomList.input, { keyword: text(40) }, []],
    ['room list keyword at 41', getLiveRoomList.input, { keyword: text(41) }, ['keyword']],
    ['room list keyword at 40 with spaces around', getLiveRoomList.input, { keyword: ` ${text(40)} ` }, []],
    ['room list of an unknown tab', getLiveRoomList.input, { state: 'gone' }, ['state']],
    ['goods list keyword at 40', getLiveGoodsList.input, { keyword: text(40) }, []],
    ['goods list keyword at 41', getLiveGoodsList.input, { keyword: text(41) }, ['keyword']],
    ['goods list keyword at 40 with spaces around', getLiveGoodsList.input, { keyword: ` ${text(40)} ` }, []],
    ['goods list of an unknown tab', getLiveGoodsList.input, { state: 'gone' }, ['state']],
    ['goods options keyword at 40', getLiveGoodsOptions.input, { Keyword: text(40) }, []],
    ['goods options keyword at 41', getLiveGoodsOptions.input, { Keyword: text(41) }, ['Keyword']],
    ['room sales keyword at 40', getLiveRoomSalesReport.input, { keyword: text(40) }, []],
    [
      'room sales keyword at 40 with spaces around',
      getLiveRoomSalesReport.input,
      { keyword: ` ${text(40)} ` },
      [],
    ],
    ['room sales keyword at 41', getLiveRoomSalesReport.input, { keyword: text(41) }, ['keyword']],
    ["a room's goods without the room", getLiveRoomGoods.input, {}, ['id']],
    ["a room's goods sales without the room", getLiveGoodsSalesReport.input, {}, ['id']],
  ] as const)('%s', (_, schema, input, fields) => expect(refused(schema, input)).toEqual(fields));

  it('opens on the all tab with the keyword trimmed', () => {
    expect(getLiveRoomList.input.parse({ keyword: ' 新品 ' })).toMatchObject({
      state: 'all',
      keyword: '新品',
    });
    expect(getLiveGoodsList.input.parse({})).toMatchObject({ state: 'all' });
    expect(getLiveGoodsOptions.input.parse({ Keyword: ' 口红 ' })).toEqual({ Keyword: '口红' });
  });
});
