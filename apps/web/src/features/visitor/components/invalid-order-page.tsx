import { useAppConfig } from '../../../lib/app-config';
import '../../../styles/visitor.css';

/** A route order id that is neither numeric nor encoded: a friendly dead end, not an error. */
export function InvalidOrderPage() {
  const { publicSiteUrl } = useAppConfig();
  return (
    <section className="visitor-card visitor-notice" aria-labelledby="invalid-order-heading">
      <h1 id="invalid-order-heading" className="visitor-heading">
        Order not found
      </h1>
      <p>
        This link does not point to an order. Please open the link from your confirmation e-mail again, or check the
        order ID it gives.
      </p>
      <a className="btn btn-outline-primary" href={publicSiteUrl}>
        Go to the home page
      </a>
    </section>
  );
}
