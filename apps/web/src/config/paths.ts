import { encodeId } from '@nzeta/domain/id-codec';

/** The typed route table: every URL in the app is built from here. */
export const paths = {
  signIn: '/',
  forgotPassword: '/forgot-password',
  resetPassword: (token = ':token') => `/reset-password/${token}`,
  admin: {
    dashboard: '/admin',
    myOrder: '/admin/my-order',
    newOrder: '/admin/recent-order',
    priorityOrder: '/admin/priority-order',
    pendingOrder: '/admin/pending-order',
    completedOrder: '/admin/completed-order',
    awaitingOrder: '/admin/awaiting-response',
    awaitingGovtOrder: '/admin/awaiting-govt',
    contactCustomerOrder: '/admin/contact-customer',
    customerCalledOrder: '/admin/called',
    allOrder: '/admin/order-history',
    futureOrder: '/admin/future-order',
    deletedOrder: '/admin/deleted-order',
    refundOrder: '/admin/refund-order',
    chargeBack: '/admin/chargeback',
    countryReport: '/admin/country-order-list',
    processedReport: '/admin/processed-order',
    disputeReport: '/admin/dispute-report',
    sendInvoice: '/admin/send-invoice',
    manageTeam: '/admin/manage-team',
    editTeamMember: (id: number | string = ':teamMemberId') => `/admin/manage-team/${id}`,
    gatewaySetting: '/admin/gateway-setting',
    changePassword: '/admin/change-password',
    security: '/admin/security',
    settings: '/admin/settings',
    audit: '/admin/audit',
    viewOrder: (orderId: number | string = ':encodedOrderId') =>
      `/admin/view-order/${typeof orderId === 'number' ? encodeId(orderId) : orderId}`,
  },
  visitor: {
    trackOrder: (orderId: number | string = ':orderId') => `/track-order/${orderId}`,
    orderDetails: (orderId: number | string = ':orderId') => `/get-new-order-details/${orderId}`,
  },
} as const;
