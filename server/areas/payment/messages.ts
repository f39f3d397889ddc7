import { extendMessages } from '../../i18n/messages';

const en = {
  'payment.privateKeyUnreadable':
    'The private key file cannot be read; upload apiclient_key.pem as downloaded',
  'payment.privateKeyNotRsa': 'The private key must be an RSA key of at least 2048 bits (apiclient_key.pem)',
  'payment.certificateUnreadable':
    'The platform certificate cannot be read; upload the wechatpay_….pem certificate',
  'payment.wechatIncomplete': 'To use WeChat Pay, fill in every merchant setting and upload both files',
  'payment.stale':
    'Someone saved the payment settings after you opened them (your version {yours}, now {current})',
  'payment.offlineMethodOff':
    'This shop does not take {method} payments; turn the method on under payment settings',
  'payment.refused': 'The payment provider refused: {code} {message}',
  'payment.providerUnreachable': 'The payment provider could not be reached ({message}); try again',
  'payment.methodUnavailable': 'This shop takes online payments through WeChat Pay only',
  'payment.notifySite': 'Unknown shop in the notification address',
  'payment.notifyRefused': 'Notification refused: {reason}',
} as const;

const zh: Record<keyof typeof en, string> = {
  'payment.privateKeyUnreadable': '无法读取商户私钥文件，请上传下载得到的 apiclient_key.pem',
  'payment.privateKeyNotRsa': '商户私钥须为至少 2048 位的 RSA 私钥（apiclient_key.pem）',
  'payment.certificateUnreadable': '无法读取平台证书，请上传 wechatpay_….pem 证书',
  'payment.wechatIncomplete': '启用微信支付须填写全部商户信息并上传两个文件',
  'payment.stale': '打开后已有人保存了支付配置（您的版本 {yours}，当前 {current}）',
  'payment.offlineMethodOff': '本店未开启{method}收款，请在支付配置中开启',
  'payment.refused': '支付服务拒绝：{code} {message}',
  'payment.providerUnreachable': '无法连接支付服务（{message}），请重试',
  'payment.methodUnavailable': '本店在线支付仅支持微信支付',
  'payment.notifySite': '通知地址中的店铺不存在',
  'payment.notifyRefused': '通知被拒绝：{reason}',
};

extendMessages({ en, zh });
