import { parseOrderRef } from '@nzeta/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { toast } from '../../../lib/toast';
import '../../../styles/visitor.css';
import { queryKeys } from '../../../lib/query-keys';
import { useDownloadDocument } from '../api/download-document';
import { useDownloadHistory, VisitorAccessError } from '../api/get-download-history';
import { clearVisitorToken, readVisitorToken } from '../visitor-session';
import { DownloadHistoryTable } from './download-history-table';
import { InvalidOrderPage } from './invalid-order-page';
import { usePageTitle } from './use-page-title';

const DOWNLOAD_DELAY_MS = 1000;

/** '/get-new-order-details/{orderId}' (SPEC §2.14): the document and its download history. */
export function OrderDownloadPage() {
  const { orderId: ref = '' } = useParams();
  usePageTitle('Download your travel document');
  const orderId = parseOrderRef(ref);
  if (orderId === undefined) return <InvalidOrderPage />;
  const token = readVisitorToken(orderId);
  // Opened directly, or in another tab: the visitor proves the order is theirs first.
  if (!token) return <Navigate to={paths.visitor.trackOrder(ref)} replace />;
  return <OrderDownload orderId={orderId} orderRef={ref} token={token} />;
}

function OrderDownload({ orderId, orderRef, token }: { orderId: number; orderRef: string; token: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const history = useDownloadHistory(orderId, token);
  const download = useDownloadDocument();
  const timer = useRef<number | undefined>(undefined);
  const file1 = history.data?.path.file1 ?? null;

  useEffect(() => {
    if (!(history.error instanceof VisitorAccessError)) return;
    clearVisitorToken(orderId);
    toast.error(history.error.message, { toastId: 'visitor-access' });
    navigate(paths.visitor.trackOrder(orderRef), { replace: true });
  }, [history.error, orderId, orderRef, navigate]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const onDownload = async () => {
    if (!file1) return;
    try {
      const answer = await download.mutateAsync({ orderId, file1, token });
      if (answer.status !== 1 || !answer.data?.url) {
        console.warn('Download API response indicates failure', answer.message);
        return;
      }
      const { url } = answer.data;
      await queryClient.invalidateQueries({ queryKey: queryKeys.visitor.downloadHistory(orderId) });
      timer.current = window.setTimeout(() => startDownload(url), DOWNLOAD_DELAY_MS);
    } catch (error) {
      console.warn('Error during download', error);
    }
  };

  const applicant = [history.data?.mainResult.first_name, history.data?.mainResult.last_name].filter(Boolean).join(' ');

  return (
    <div className="visitor-stack">
      <section className="visitor-card download-card" aria-labelledby="download-heading">
        <h1 id="download-heading" className="visitor-heading">
          Your travel document
        </h1>
        <p className="download-meta">
          Order ID <strong>{orderId}</strong>
          {applicant && (
            <>
              {' '}
              · <span>{applicant}</span>
            </>
          )}
        </p>
        <p className="download-message">
          <strong>
            Your application for a Travel has been completed successfully. Thank you for applying with us. Please
            download your document and save it on your device.
          </strong>
        </p>
        {history.isSuccess && !file1 && (
          <p className="download-pending" role="status">
            Your document is not ready yet. We will e-mail you as soon as it is.
          </p>
        )}
        <button
          type="button"
          className="btn btn-primary visitor-button"
          disabled={!file1 || download.isPending}
          onClick={onDownload}
        >
          {download.isPending ? 'Preparing…' : 'Download Now'}
        </button>
      </section>

      <section className="visitor-card" aria-labelledby="history-heading">
        <h2 id="history-heading" className="visitor-subheading">
          Downloaded History
        </h2>
        {history.isPending && <p className="text-muted">Loading...</p>}
        {history.isError && !(history.error instanceof VisitorAccessError) && (
          <p className="text-danger" role="alert">
            {history.error.message}
          </p>
        )}
        {history.isSuccess && <DownloadHistoryTable rows={history.data.rows} />}
      </section>
    </div>
  );
}

/** The signed link answers the file as an attachment; a download link click saves it. */
function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
