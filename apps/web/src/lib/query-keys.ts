/**
 * Every query key of the web, in one place. Order data lives under 'orders' so that a change the
 * server pushes refetches every list, detail and dispute at once; the folder counts (and what
 * hangs off them) under 'folder-counts'.
 */
export const queryKeys = {
  orders: {
    all: ['orders'] as const,
    // The request (folder, page, size, search, sort…) is the key: each list page is its own entry.
    list: (request: object) => ['orders', 'list', request] as const,
    futureMonths: ['orders', 'future-months'] as const,
    detail: (orderId: number) => ['orders', 'detail', orderId] as const,
    dispute: (orderId: number) => ['orders', 'dispute', orderId] as const,
    disputeEvidence: (orderId: number) => ['orders', 'dispute-evidence', orderId] as const,
    globalSearch: (term: string) => ['orders', 'global-search', term] as const,
    dashboard: ['orders', 'dashboard'] as const,
  },
  folderCounts: {
    all: ['folder-counts'] as const,
    disputesDue: ['folder-counts', 'disputes-due'] as const,
  },
  order: {
    trackLock: (orderId: number) => ['order', orderId, 'track-lock'] as const,
    emailContent: (orderId: number) => ['email-content', orderId] as const,
    defencePack: (orderId: number, packType: number) => ['defence-pack', orderId, packType] as const,
  },
  team: {
    all: ['team'] as const,
    list: ['team', 'list'] as const,
    member: (id: number) => ['team', 'member', id] as const,
    types: ['team', 'types'] as const,
  },
  settings: {
    all: ['settings'] as const,
    disputeProfiles: ['settings', 'dispute-profiles'] as const,
    mfaStatus: ['mfa-status'] as const,
    gateways: ['gateways'] as const,
    audit: (filters: unknown) => ['audit', filters] as const,
  },
  reports: {
    report: (kind: string, range: unknown, submission: unknown) => ['reports', kind, range, submission] as const,
    disputes: (range: unknown) => ['reports', 'disputes', range] as const,
  },
  visitor: {
    downloadHistory: (orderId: number) => ['visitor', 'download-history', orderId] as const,
    downloadHistoryFor: (orderId: number, token: string) => ['visitor', 'download-history', orderId, token] as const,
  },
  appConfig: ['app-config'] as const,
};
