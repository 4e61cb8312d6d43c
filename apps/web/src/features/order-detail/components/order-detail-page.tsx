import { decodeId } from '@nzeta/domain';
import { useParams } from 'react-router';
import '../../../styles/order-detail.css';
import { useOrderDetail } from '../api/get-order-detail';
import { ActivityTimeline } from './activity-timeline';
import { BottomActions } from './bottom-actions';
import { ChargebackPanel } from './chargeback/chargeback-panel';
import { CommentForm } from './comment-form';
import { CommentHistorySection } from './comment-history-section';
import { DownloadHistorySection } from './download-history-section';
import { EligibilitySection } from './eligibility-section';
import { EmailHistorySection } from './email-history-section';
import { OrderDetailsSection } from './order-details-section';
import { OrderHeader } from './order-header';
import { OrderNotFound } from './order-not-found';
import { StartApplicationSection } from './start-application-section';
import { TravellerDetailsSection } from './traveller-details-section';
import { TravellerPhotoSection } from './traveller-photo-section';
import { UploadDocumentSection } from './upload-document-section';

/** '/admin/view-order/{encodedOrderId}' (SPEC §2.13): where an order gets processed. */
export function OrderDetailPage() {
  const { encodedOrderId = '' } = useParams();
  const orderId = decodeId(encodedOrderId);
  if (orderId === undefined) return <OrderNotFound />;
  return <OrderDetailView orderId={orderId} key={orderId} />;
}

function OrderDetailView({ orderId }: { orderId: number }) {
  const query = useOrderDetail(orderId);
  if (query.isPending) {
    return (
      <div className="page-loading" role="status">
        Loading order {orderId}…
      </div>
    );
  }
  if (query.isError) {
    if (query.error.message === 'Order not found.') return <OrderNotFound orderId={orderId} />;
    return (
      <div className="card-panel detail-error" role="alert">
        <h1>The order could not be loaded</h1>
        <p>{query.error.message}</p>
        <button type="button" className="btn btn-primary" onClick={() => query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const order = query.data;
  return (
    <div className="order-detail">
      <OrderHeader order={order} isRefreshing={query.isFetching} onRefresh={() => query.refetch()} />
      {order.process_status === 'ChargeBack' && <ChargebackPanel order={order} />}
      {order.mailHistory.length > 0 && <EmailHistorySection order={order} />}
      <UploadDocumentSection order={order} />
      <div className="detail-grid">
        <OrderDetailsSection order={order} />
        <StartApplicationSection order={order} />
        <TravellerDetailsSection order={order} />
        <EligibilitySection order={order} />
        <TravellerPhotoSection order={order} />
      </div>
      <DownloadHistorySection order={order} />
      <CommentForm order={order} />
      <CommentHistorySection order={order} />
      <ActivityTimeline order={order} />
      <BottomActions order={order} />
    </div>
  );
}
