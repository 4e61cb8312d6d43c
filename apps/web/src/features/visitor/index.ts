export { OrderDownloadPage } from './components/order-download-page';
export { TrackOrderPage } from './components/track-order-page';
