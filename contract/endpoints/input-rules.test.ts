import { describe, expect, it } from 'vitest';
import { getFeedbackList } from './account-feedback';
import { setImage } from './image-library';

function issues(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return result.success
    ? []
    : result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('GetFeedbackList date range', () => {
  it.each([
    ['a range of one day', { createdFrom: '2026-01-02', createdTo: '2026-01-02' }, []],
    ['a range in order', { createdFrom: '2026-01-01', createdTo: '2026-01-02' }, []],
    ['only a start', { createdFrom: '2026-01-02' }, []],
    [
      'a start one day after the end',
      { createdFrom: '2026-01-03', createdTo: '2026-01-02' },
      ['createdFrom'],
    ],
  ])('%s', (_, input, fields) => {
    const found = issues(getFeedbackList.input.safeParse(input));
    expect(found.map((issue) => issue.split(':')[0])).toEqual(fields);
  });
});

describe('SetImage', () => {
  it.each([
    ['a new name for one image', { Ids: [1], Name: '横幅' }, []],
    ['a folder for several images', { Ids: [1, 2], FolderId: 3 }, []],
    ['a name and a folder for one image', { Ids: [1], Name: '横幅', FolderId: 3 }, []],
    ['neither a name nor a folder', { Ids: [1] }, ['Name: a Name or a FolderId']],
    ['one name for two images', { Ids: [1, 2], Name: '横幅' }, ['Ids: one image at a time']],
  ])('%s', (_, input, expected) => {
    expect(issues(setImage.input.safeParse(input))).toEqual(expected);
  });
});
