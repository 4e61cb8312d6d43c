import { FOLDERS, type FolderKey } from '@nzeta/domain/folders';
import { encodeId } from '@nzeta/domain/id-codec';

function folderPaths(): Record<FolderKey, string> {
  return Object.fromEntries(FOLDERS.map((folder) => [folder.key, folder.path])) as Record<FolderKey, string>;
}

/** The typed route table: every URL in the app is built from here. */
export const paths = {
  signIn: '/',
  forgotPassword: '/forgot-password',
  resetPassword: (token = ':token') => `/reset-password/${token}`,
  admin: {
    dashboard: '/admin',
    // each folder's route, from the folder table (SPEC §2.4)
    ...folderPaths(),
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
