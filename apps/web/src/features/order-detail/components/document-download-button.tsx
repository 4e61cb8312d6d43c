import { useDownloadDocument } from '../api/download-document';

/** Fetches a stored file with the session and saves it (documents are never public links). */
export function DocumentDownloadButton({
  orderId,
  file1,
  label,
  className = 'btn btn-link btn-sm p-0',
}: {
  orderId: number;
  file1: string;
  label: string;
  className?: string;
}) {
  const download = useDownloadDocument();
  return (
    <button
      type="button"
      className={className}
      disabled={download.isPending}
      onClick={() => download.mutate({ orderId, file1 })}
    >
      {download.isPending ? 'Downloading…' : label}
    </button>
  );
}
