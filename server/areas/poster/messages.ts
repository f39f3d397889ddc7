import { extendMessages } from '../../i18n/messages';

extendMessages({
  en: {
    'poster.notFound': 'There is no poster or certificate {id} in this shop',
    'poster.wrongKind': 'Design {id} is not of the kind this call needs',
    'poster.tooMany': 'A shop can keep at most {max} posters and certificates; delete one first',
    'poster.badData': 'The design was refused: {detail}',
    'poster.badJson': 'the data is not JSON',
    'poster.staleSave':
      'Someone saved this design (now version {current}) after you opened version {yours}; reload it, or save again to overwrite their changes',
    'poster.certificateEditDenied': 'Your account may not edit certificates',
    'poster.deleteInUse': 'The share poster in use cannot be deleted; choose another one first',
    'poster.deleteIssued': 'Certificates were issued with this design ({count}); it cannot be deleted',
    'poster.deleteCertificateInUse':
      'The certificate design in use cannot be deleted; choose another one first',
    'poster.shareNotFound': 'There is no share poster {id} in this shop',
    'poster.alreadyShared': 'This poster is already a share poster',
    'poster.shareInUseDelete': 'The share poster in use cannot be removed; choose another one first',
    'poster.certificateDataNotFound': 'There is no certificate record {id} in this shop',
    'poster.numberTaken': 'Certificate number {number} is already used in this shop',
  },
  zh: {
    'poster.notFound': '本店没有编号为 {id} 的海报或证书',
    'poster.wrongKind': '设计 {id} 的类型不符合此操作',
    'poster.tooMany': '每个店铺最多保存 {max} 个海报和证书，请先删除一个',
    'poster.badData': '设计数据有误：{detail}',
    'poster.badJson': '数据不是 JSON',
    'poster.staleSave':
      '您打开的是版本 {yours}，此后已有人保存了该设计（现为版本 {current}）；请重新加载，或再次保存以覆盖对方的修改',
    'poster.certificateEditDenied': '您的账号没有编辑证书的权限',
    'poster.deleteInUse': '正在使用的分享海报不能删除，请先选择其他海报',
    'poster.deleteIssued': '已用此设计颁发了 {count} 张证书，不能删除',
    'poster.deleteCertificateInUse': '正在使用的证书设计不能删除，请先选择其他证书',
    'poster.shareNotFound': '本店没有编号为 {id} 的分享海报',
    'poster.alreadyShared': '该海报已是分享海报',
    'poster.shareInUseDelete': '正在使用的分享海报不能移除，请先选择其他海报',
    'poster.certificateDataNotFound': '本店没有编号为 {id} 的证书记录',
    'poster.numberTaken': '证书编号 {number} 在本店已被使用',
  },
});
