import { extendMessages } from '../../i18n/messages';

/** Messages of the technicians and services of service shops. */
extendMessages({
  en: {
    'serviceShop.technicianNotFound': 'There is no technician {id} in this shop',
    'serviceShop.serviceNotFound': 'There is no service {id} in this shop',
    'serviceShop.rowsNotFound': 'These are not in this shop: {ids}',
    'serviceShop.storeNotFound': 'There is no store {id} in this shop',
    'serviceShop.bookingFormNotFound': 'There is no booking form {id} in this shop',
    'serviceShop.techniciansNotFound': 'These technicians are not in this shop: {ids}',
    'serviceShop.duplicateTechnician': 'Technician {id} is listed twice',
    'serviceShop.versionRequired': 'Version: send the version the form was loaded with',
    'serviceShop.technicianInUse':
      'Technician “{name}” still gives {count} services; take them off those services first',
  },
  zh: {
    'serviceShop.technicianNotFound': '本店没有编号为 {id} 的技师',
    'serviceShop.serviceNotFound': '本店没有编号为 {id} 的服务项目',
    'serviceShop.rowsNotFound': '以下记录不属于本店：{ids}',
    'serviceShop.storeNotFound': '本店没有编号为 {id} 的门店',
    'serviceShop.bookingFormNotFound': '本店没有编号为 {id} 的预约表单',
    'serviceShop.techniciansNotFound': '以下技师不属于本店：{ids}',
    'serviceShop.duplicateTechnician': '技师 {id} 重复选择了',
    'serviceShop.versionRequired': 'Version：请传回表单读取时的版本号',
    'serviceShop.technicianInUse': '技师“{name}”还在提供 {count} 个服务项目，请先从这些项目中移除',
  },
});
