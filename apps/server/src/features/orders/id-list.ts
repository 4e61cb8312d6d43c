// The id helpers live in lib/ so the lifecycle module can share them without a feature cycle.
export { describeOrders, idArray, uniqueIds } from '../../lib/id-list';
