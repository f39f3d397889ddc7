import { extendMessages } from '../../i18n/messages';

extendMessages({
  en: {
    'imageLibrary.folderNotFound': 'There is no image folder {id} in this shop',
    'imageLibrary.folderNameTaken': 'A folder named "{name}" already exists',
    'imageLibrary.tooManyFolders': 'A shop can have at most {max} image folders',
    'imageLibrary.imagesNotFound': 'These images are not in this shop: {ids}',
  },
  zh: {
    'imageLibrary.folderNotFound': '本店没有编号为 {id} 的图片分组',
    'imageLibrary.folderNameTaken': '已存在名为“{name}”的分组',
    'imageLibrary.tooManyFolders': '每个店铺最多 {max} 个图片分组',
    'imageLibrary.imagesNotFound': '以下图片不属于本店：{ids}',
  },
});
