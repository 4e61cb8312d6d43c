// Future Orders loads on its own, so the folder screens' first load does not carry it.
export { FutureOrdersPage } from './components/future-orders-page';
