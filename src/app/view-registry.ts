import type { ComponentType } from 'react';

type ViewModule = Promise<{ default: ComponentType }>;

/** The smart form page is an editor with an admin list as one tab; only the shell may join the two. */
async function smartFormView(): ViewModule {
  const [{ smartFormPage }, { SubmissionsView }] = await Promise.all([
    import('../../editor/smart-form/smart-form-page'),
    import('../../admin/smart-form/submissions-view'),
  ]);
  return { default: smartFormPage(SubmissionsView) };
}

/**
 * Menu path → lazy view. Each module adds its screens here with one line per path; a permitted path
 * without an entry shows the "not built yet" page inside the layout.
 */
export const viewRegistry: Record<string, () => ViewModule> = {
  '/dashboard': () => import('../pages/dashboard/dashboard-page'),
  '/permission/page': () => import('../pages/permission/page-permission'),
  '/permission/directive': () => import('../pages/permission/directive-permission'),
  '/permission/role': () => import('../pages/permission/role-permission'),
  '/error/401': () => import('../pages/errors/no-permission-page'),
  '/error/404': () => import('../pages/errors/not-found-page'),
  '/error-log/log': () => import('../pages/error-log/error-log-page'),
  '/shop/decorateShop/miniProgramsTemplate': () => import('../../editor/studio/templates-page'),
  '/shop/decorateShop/editTemplate': () => import('../../editor/studio/edit-template-page'),
  '/shop/decorateShop/publicTemplate': () => import('../../editor/library/public-templates-page'),
  '/shop/decorateShop/userTemplate': () => import('../../editor/library/user-template-page'),
  '/shop/decorateShop/posterSupervise': () => import('../../editor/poster/poster-list-page'),
  '/shop/decorateShop/editPoster': () => import('../../editor/poster/poster-editor-page'),
  '/shop/decorateShop/editCertificate': () => import('../../editor/poster/poster-editor-page'),
  '/shop/decorateShop/imagesSupervise': () => import('../../admin/image-library/image-library-page'),
  '/shop/decorateShop/feedbackList': () => import('../../admin/feedback/feedback-list-page'),
  '/shop/decorateShop/feedbackDetails': () => import('../../admin/feedback/feedback-details-page'),
  '/shop/decorateShop/smartForm': smartFormView,
  '/shop/decorateShop/customFormDataEdit': () => import('../../admin/smart-form/submission-edit-page'),
  '/shop/moreShopSupervise': () => import('../../admin/shop/stores/store-list-page'),
  '/shop/moreShopEdit': () => import('../../admin/shop/stores/store-form-page'),
  '/shop/payConfig': () => import('../../admin/shop/payment/pay-config-page'),
  '/shop/freightTemplate': () => import('../../admin/shop/freight/freight-list-page'),
  '/shop/editFreight': () => import('../../admin/shop/freight/freight-edit-page'),
  '/shop/publicColumn': () => import('../../admin/shop/news/column-list-page'),
  '/shop/columnEdit': () => import('../../admin/shop/news/column-edit-page'),
  '/shop/columnText': () => import('../../admin/shop/news/column-text-page'),
  '/shop/imageTextSupervise': () => import('../../admin/shop/news/article-list-page'),
  '/shop/imageTextEdit': () => import('../../admin/shop/news/article-edit-page'),
  '/shop/commentTable': () => import('../../admin/shop/news/comment-list-page'),
  '/shop/shopInfo': () => import('../../admin/shop/shop-info/shop-info-page'),
  '/shop/noticeSupervise': () => import('../../admin/shop/notices/notice-list-page'),
  '/shop/technicianSupervise': () => import('../../admin/shop/service-shop/technician-list-page'),
  '/shop/technicianEdit': () => import('../../admin/shop/service-shop/technician-edit-page'),
  '/shop/serviceSupervise': () => import('../../admin/shop/service-shop/service-list-page'),
  '/shop/serviceEdit': () => import('../../admin/shop/service-shop/service-edit-page'),
  '/goods/goodsList': () => import('../../admin/goods/goods-list-page'),
  '/goods/issueGoods': () => import('../../admin/goods/goods-form-page'),
  '/goods/editGoodsDetails': () => import('../../admin/goods/goods-form-page'),
  '/goods/recycledList': () => import('../../admin/goods/recycled-list-page'),
  '/goods/goodsClassify': () => import('../../admin/goods/goods-classify-page'),
  '/goods/goodsComment': () => import('../../admin/goods/goods-comment-page'),
  '/goods/formatProperties': () => import('../../admin/goods/format-properties-page'),
  '/customer/ticketSupervise': () => import('../../admin/customers/tickets/ticket-supervise-page'),
  '/customer/writeoffSupervise': () => import('../../admin/customers/tickets/write-off-supervise-page'),
  '/customer/writeoffLog': () => import('../../admin/customers/tickets/write-off-log-page'),
  '/order/orderSupervise': () => import('../../admin/orders/supervision/order-list-page'),
  '/order/orderDetails': () => import('../../admin/orders/supervision/order-details-page'),
  '/order/salesReport': () => import('../../admin/orders/reports/sales-report-page'),
  '/order/salesVolumeReport': () => import('../../admin/orders/reports/sales-volume-report-page'),
  '/order/faceConfig': () => import('../../admin/orders/face-sheets/face-config-list-page'),
  '/order/editFaceConfig': () => import('../../admin/orders/face-sheets/face-config-form-page'),
  '/order/facePrinting': () => import('../../admin/orders/face-sheets/face-printing-page'),
  '/order/faceSupervise': () => import('../../admin/orders/face-sheets/face-supervise-page'),
  '/order/parameterSetting': () => import('../../admin/orders/settings/parameter-setting-page'),
  '/order/distributionSetting': () => import('../../admin/orders/settings/distribution-setting-page'),
  '/order/underLineOrder': () => import('../../admin/orders/walk-in/walk-in-page'),
  '/order/rechargeOrder': () => import('../../admin/orders/recharge/recharge-page'),
  '/order/receiptPrinting': () => import('../../admin/orders/receipts/receipt-setting-page'),
  '/marketing/memberSupervise/memberGrade': () => import('../../admin/customers/grades/grade-list-page'),
  '/marketing/memberSupervise/editMemberGrade': () => import('../../admin/customers/grades/grade-form-page'),
  '/marketing/memberSupervise/preferentialSetting': () =>
    import('../../admin/customers/grades/preferential-setting-page'),
  '/marketing/memberSupervise/memberStoredValue': () =>
    import('../../admin/customers/stored-value/recharge-rule-page'),
  '/customer/systemLog': () => import('../../admin/customers/system-log/system-log-page'),
  '/customer/allCustomer': () => import('../../admin/customers/members/member-list-page'),
  '/customer/memberDetails': () => import('../../admin/customers/members/member-details-page'),
  '/customer/accountList': () => import('../../admin/customers/accounts/account-list-page'),
  '/marketing/integralExchange/integralSetting': () => import('../../admin/marketing/points/setting-page'),
  '/marketing/integralExchange/issueIntegral': () => import('../../admin/marketing/points/goods-form-page'),
  '/marketing/integralExchange/integralList': () => import('../../admin/marketing/points/goods-list-page'),
  '/marketing/integralExchange/exchangeOrderList': () =>
    import('../../admin/marketing/points/exchange-list-page'),
  '/marketing/integralExchange/integralOrderDetails': () =>
    import('../../admin/marketing/points/exchange-details-page'),
  '/marketing/integralExchange/integralInquiry': () => import('../../admin/marketing/points/inquiry-page'),
  '/marketing/integralExchange/integralDetails': () => import('../../admin/marketing/points/details-page'),
  '/customer/complainAdvise': () => import('../../admin/customers/complaints/complaint-list-page'),
  '/marketing/secKillActivity': () => import('../../admin/deals/seckill/seckill-list-page'),
  '/marketing/seckillGoodList': () => import('../../admin/deals/seckill/seckill-goods-page'),
  '/marketing/secKillGoodsText': () => import('../../admin/deals/seckill/seckill-rules-page'),
  '/marketing/allCluster': () => import('../../admin/deals/group-buy/group-buy-page'),
  '/marketing/bargainActivity': () => import('../../admin/deals/bargain/bargain-list-page'),
  '/marketing/editBargain': () => import('../../admin/deals/bargain/bargain-edit-page'),
  '/marketing/bargainText': () => import('../../admin/deals/bargain/bargain-rules-page'),
  '/marketing/bargainDetails': () => import('../../admin/deals/bargain/launch-list-page'),
  '/marketing/bargainDefiniteDetails': () => import('../../admin/deals/bargain/launch-details-page'),
  '/customer/sendCoupon': () => import('../../admin/marketing/coupons/member-send-page'),
  '/marketing/couponActivity/sendSetting': () => import('../../admin/marketing/coupons/rule-list-page'),
  '/marketing/couponActivity/onlineCoupon': () => import('../../admin/marketing/coupons/coupon-list-page'),
  '/marketing/couponActivity/underlineCoupon': () =>
    import('../../admin/marketing/coupons/offline-coupon-list-page'),
  '/marketing/couponActivity/sendCouponList': () => import('../../admin/marketing/coupons/send-list-page'),
  '/marketing/couponActivity/couponSend': () => import('../../admin/marketing/coupons/coupon-send-page'),
  '/marketing/couponActivity/editCoupon': () => import('../../admin/marketing/coupons/coupon-form-page'),
  '/marketing/couponActivity/underLineBuild': () =>
    import('../../admin/marketing/coupons/offline-build-page'),
  '/marketing/couponActivity/underLineCouponList': () =>
    import('../../admin/marketing/coupons/offline-code-list-page'),
};
