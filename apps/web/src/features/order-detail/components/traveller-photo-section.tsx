import type { OrderDetail } from '@nzeta/domain';
import { DocumentDownloadButton } from './document-download-button';
import { Section } from './section';

export function TravellerPhotoSection({ order }: { order: OrderDetail }) {
  return (
    <Section id="traveller-photo" title="Traveller Photo">
      {order.profile_image ? (
        <DocumentDownloadButton
          orderId={order.order_id}
          file1={order.profile_image}
          label="Download the traveller photo"
          className="btn btn-outline-primary btn-sm"
        />
      ) : (
        <p className="mb-0">-</p>
      )}
    </Section>
  );
}
