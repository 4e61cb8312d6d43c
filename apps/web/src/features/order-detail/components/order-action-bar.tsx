import type { OrderDetail } from '@nzeta/domain';
import { BottomActions } from './bottom-actions';
import { StatusMoves } from './status-moves';

/**
 * The order's actions in one bar that stays under the header while the page scrolls: status
 * moves, then jumps to upload and to the e-mails, then e-mail preview and defence packs.
 */
export function OrderActionBar({ order }: { order: OrderDetail }) {
  return (
    <div className="order-action-bar" role="toolbar" aria-label="Order actions">
      <StatusMoves order={order} />
      <div className="order-action-links">
        <a className="btn btn-sm btn-outline-primary" href="#upload-document">
          Upload document
        </a>
        <a className="btn btn-sm btn-outline-primary" href="#add-comment">
          Add comment
        </a>
        <BottomActions order={order} />
      </div>
    </div>
  );
}
