import { zodResolver } from '@hookform/resolvers/zod';
import {
  FILE_REQUIRED_MESSAGE,
  formatDateTimeZoned,
  type MailProvider,
  type OrderDetail,
  uploadDocumentEmail,
} from '@nzeta/domain';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '../../../components/ui/field';
import { PendingButton } from '../../../components/ui/pending-button';
import { TextField } from '../../../components/ui/text-field';
import { useAppConfig } from '../../../lib/app-config';
import { useUploadDocument } from '../api/upload-document';
import { useOrderActions } from '../hooks/use-order-actions';
import { DocumentDownloadButton } from './document-download-button';
import { Section } from './section';

const MAX_BYTES = 10 * 1024 * 1024;
const ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp,.pdf,.jpg,.jpeg,.png,.webp';

/** The form's rules; the server checks the file again by its content. */
const uploadForm = uploadDocumentEmail.extend({
  file: z
    .custom<FileList>((value) => typeof FileList !== 'undefined' && value instanceof FileList && value.length > 0, {
      error: FILE_REQUIRED_MESSAGE,
    })
    .refine((files) => (files[0]?.size ?? 0) <= MAX_BYTES, 'The file is larger than 10 MB.')
    .refine(
      (files) =>
        /^(application\/pdf|image\/(jpeg|png|webp))$/.test(files[0]?.type ?? '') ||
        /\.(pdf|jpe?g|png|webp)$/i.test(files[0]?.name ?? ''),
      'Only PDF, JPEG, PNG or WebP files are accepted.',
    ),
});
type UploadValues = z.infer<typeof uploadForm>;

/** Upload the approved document: the order goes to Pending and the approval e-mail is queued. */
/** Shown only where the transition table takes a document (never for Deleted or erased orders). */
export function UploadDocumentSection({ order }: { order: OrderDetail }) {
  const allowed = useOrderActions(order);
  return allowed('upload') ? <UploadDocumentSectionForm order={order} /> : null;
}

function UploadDocumentSectionForm({ order }: { order: OrderDetail }) {
  const { businessTimeZone } = useAppConfig();
  const upload = useUploadDocument();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<UploadValues>({
    resolver: zodResolver(uploadForm),
    defaultValues: { email: order.email ?? '' },
  });
  const latest = order.uploadDoc[0];

  const submit = (mailServiceProvider: MailProvider) =>
    form.handleSubmit(async ({ email, file }) => {
      const chosen = file[0];
      if (!chosen) return;
      const answer = await upload.mutateAsync({ orderId: order.order_id, email, file: chosen, mailServiceProvider });
      if (answer.status !== 1) return;
      formRef.current?.reset();
      form.reset({ email });
    });

  return (
    <Section id="upload-document" title="Upload Document">
      <form ref={formRef} className="upload-form" noValidate onSubmit={(event) => event.preventDefault()}>
        <div className="upload-fields">
          <Field id="upload-order-id" label="Order ID">
            <input id="upload-order-id" className="form-control" value={order.order_id} disabled readOnly />
          </Field>
          <TextField id="upload-email" label="Email" type="email" autoComplete="off" form={form} name="email" />
          <TextField
            id="upload-file"
            label="Document (PDF or image, at most 10 MB)"
            type="file"
            accept={ACCEPT}
            form={form}
            name="file"
          />
        </div>
        <div className="upload-actions">
          <PendingButton type="button" isPending={upload.isPending} pendingLabel="Uploading…" onClick={submit('AWS')}>
            Submit (AWS)
          </PendingButton>
          <button
            type="button"
            className="btn btn-outline-primary"
            disabled={upload.isPending}
            onClick={submit('Sendgrid')}
          >
            Submit (SendGrid)
          </button>
          {latest && (
            <span className="upload-current">
              Current document, uploaded {formatDateTimeZoned(latest.created_at, businessTimeZone)}:{' '}
              <DocumentDownloadButton orderId={order.order_id} file1={latest.file1} label="Download document" />
            </span>
          )}
        </div>
      </form>
    </Section>
  );
}
