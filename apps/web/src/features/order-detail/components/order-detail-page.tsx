import { decodeId } from '@nzeta/domain';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { hasErrorCode } from '../../../lib/api-client';
import { useAppConfig } from '../../../lib/app-config';
import '../../../styles/order-detail.css';
import { useOrderDetail } from '../api/get-order-detail';
import { ActivityTimeline } from './activity-timeline';
import { ChargebackPanel } from './chargeback/chargeback-panel';
import { CommentForm } from './comment-form';
import { CommentHistorySection } from './comment-history-section';
import { DownloadHistorySection } from './download-history-section';
import { EligibilitySection } from './eligibility-section';
import { EmailHistorySection } from './email-history-section';
import { OrderActionBar } from './order-action-bar';
import { OrderDetailsSection } from './order-details-section';
import { OrderHeader } from './order-header';
import { OrderNotFound } from './order-not-found';
import { StartApplicationSection } from './start-application-section';
import { TrackingLockNotice } from './tracking-lock-notice';
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

/** The browser tab names the order, so a member with several open finds the right one. */
function useTabTitle(orderId: number) {
  const { productTitle } = useAppConfig();
  useEffect(() => {
    const before = document.title;
    document.title = `Order ${orderId} · ${productTitle}`;
    return () => {
      document.title = before;
    };
  }, [orderId, productTitle]);
}

function OrderDetailView({ orderId }: { orderId: number }) {
  const query = useOrderDetail(orderId);
  useTabTitle(orderId);
  if (query.isPending) {
    return (
      <div className="page-loading" role="status">
        Loading order {orderId}…
      </div>
    );
  }
  if (query.isError) {
    if (hasErrorCode(query.error, 'ORDER_NOT_FOUND')) return <OrderNotFound orderId={orderId} />;
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
      <OrderActionBar order={order} />
      <div className="order-layout">
        <div className="order-main">
          <TrackingLockNotice orderId={order.order_id} />
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
        </div>
        <aside className="order-side" aria-label="Comments and activity">
          <CommentForm order={order} />
          <CommentHistorySection order={order} />
          <ActivityTimeline order={order} />
        </aside>
      </div>
    </div>
  );
}
