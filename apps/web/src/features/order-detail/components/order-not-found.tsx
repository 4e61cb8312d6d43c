import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** A friendly dead end for a mistyped link or an order that does not exist. */
export function OrderNotFound({ orderId }: { orderId?: number }) {
  return (
    <div className="card-panel order-not-found" role="alert">
      <h1>Order not found</h1>
      <p>
        {orderId
          ? `There is no order ${orderId}. It may have been typed wrongly.`
          : 'This order link is not valid. Please open the order again from a list or the search.'}
      </p>
      <Link to={paths.admin.dashboard} className="btn btn-primary">
        Go to the dashboard
      </Link>
    </div>
  );
}
