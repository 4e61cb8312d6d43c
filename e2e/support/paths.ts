/**
 * The order page's route of apps/web/src/config/paths.ts with the domain's id codec (encodeId:
 * the id doubled, base64, no '='). Spelled here because that module pulls the domain package,
 * which Playwright's loader cannot resolve; e2e/order-detail.spec.ts opens pages through it, so a
 * change to the codec fails there.
 */
export const viewOrder = (orderId: number) =>
  `/admin/view-order/${Buffer.from(String(orderId * 2))
    .toString('base64')
    .replace(/=+$/, '')}`;
