import { extendMessages } from '../../i18n/messages';

extendMessages({
  en: {
    'library.shopType.0': 'Mall',
    'library.shopType.1': 'Official site',
    'library.shopType.2': 'Courses',
    'library.shopType.3': 'Food and dishes',
    'library.shopType.4': 'Hotel',
    'library.shopType.7': 'Services and technicians',
    'library.shopType.8': 'Store platform',
    'library.publicNotFound': 'There is no public template {id}',
    'library.publicWrongType':
      'This template is made for {type} shops; your shop can only use templates of its own type',
    'library.publicUnreadable': 'The public template could not be read',
    'library.userCenterStale':
      'Someone saved the user center (now version {current}) after you opened version {yours}; reload it first',
    'library.menuIdRepeated': 'Menus.{index}.Id: the item id {id} is used twice',
    'library.menuLinkGone': 'Menus.{index}.Link: "{title}" does not exist in this shop (any more)',
    'library.productTemplateNotFound': 'There is no goods-detail template {id} in this shop',
    'library.productTemplatesTooMany': 'A shop can keep at most {max} goods-detail templates',
    'library.productTemplateDeleteDefault':
      'The default goods-detail template cannot be deleted; make another one the default first',
    'library.sectionRepeated': 'Sections.{index}.Key: the section {key} is listed twice',
    'library.sectionRequired': 'Sections.{index}.Visible: the section {key} must stay visible',
    'library.categoryNotFound': 'CategoryIds: there is no goods category {id} in this shop',
    'library.productNotFound': 'ProductIds: there are no goods {id} in this shop',
    'library.productTemplateName': 'Standard goods page',
  },
  zh: {
    'library.shopType.0': '商城',
    'library.shopType.1': '官网',
    'library.shopType.2': '课程',
    'library.shopType.3': '菜品餐饮',
    'library.shopType.4': '酒店',
    'library.shopType.7': '服务技师',
    'library.shopType.8': '门店平台',
    'library.publicNotFound': '不存在编号为 {id} 的公共模板',
    'library.publicWrongType': '该模板适用于{type}类店铺，本店只能使用同类型的模板',
    'library.publicUnreadable': '公共模板无法读取',
    'library.userCenterStale':
      '您打开的是版本 {yours}，此后已有人保存了个人中心（现为版本 {current}），请先重新加载',
    'library.menuIdRepeated': 'Menus.{index}.Id：菜单项编号 {id} 重复',
    'library.menuLinkGone': 'Menus.{index}.Link：本店没有（或已删除）“{title}”',
    'library.productTemplateNotFound': '本店没有编号为 {id} 的商品详情模板',
    'library.productTemplatesTooMany': '每个店铺最多保存 {max} 个商品详情模板',
    'library.productTemplateDeleteDefault': '默认的商品详情模板不能删除，请先将其他模板设为默认',
    'library.sectionRepeated': 'Sections.{index}.Key：模块 {key} 重复',
    'library.sectionRequired': 'Sections.{index}.Visible：模块 {key} 必须显示',
    'library.categoryNotFound': 'CategoryIds：本店没有编号为 {id} 的商品分类',
    'library.productNotFound': 'ProductIds：本店没有编号为 {id} 的商品',
    'library.productTemplateName': '标准商品详情',
  },
});
