import type { OrderDetail } from '@nzeta/domain';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Answer, answerFetch, appConfigAnswer, renderWithApp, signInAs } from '../../../test/render-with-app';
import { UploadDocumentSection } from './upload-document-section';

// Only what the upload section reads of an order; the rest of the detail plays no part here.
function orderOf(process_status: string): OrderDetail {
  const order: Partial<OrderDetail> = {
    order_id: 100001,
    process_status,
    assign_to: 'Demo Team',
    email: 'ana@example.com',
    uploadDoc: [],
  };
  return order as OrderDetail;
}

/** Picks files in the file box as the browser does (jsdom cannot make a FileList itself). */
function pick(input: HTMLElement, file: File) {
  const files = Object.setPrototypeOf({ 0: file, length: 1, item: () => file }, FileList.prototype);
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  fireEvent.change(input);
}

const uploaded = { body: { status: 1, message: 'Document uploaded.', data: { file1: 'abcdefgh.pdf', mailId: 9 } } };

/** The section of an order in that status, for a signed-in Team member; the upload gets that answer. */
function openSection(answer: Answer, status = 'Awaiting') {
  signInAs('Team', 'Demo Team');
  const calls = answerFetch({ 'app-config': appConfigAnswer, 'upload-visa-document': answer });
  renderWithApp(<UploadDocumentSection order={orderOf(status)} />);
  return calls;
}

describe('the upload section', () => {
  it('asks for a file before sending anything', async () => {
    const calls = openSection(uploaded);
    fireEvent.click(screen.getByRole('button', { name: 'Submit (AWS)' }));
    expect(await screen.findByText('File is required')).toBeTruthy();
    expect(calls.some((call) => call.url.includes('upload-visa-document'))).toBe(false);
  });

  it('refuses a file that is neither a PDF nor an image', async () => {
    const calls = openSection(uploaded);
    pick(screen.getByLabelText(/^Document/), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit (AWS)' }));
    expect(await screen.findByText('Only PDF, JPEG, PNG or WebP files are accepted.')).toBeTruthy();
    expect(calls.some((call) => call.url.includes('upload-visa-document'))).toBe(false);
  });

  it('sends the document with the order, the address and the chosen provider, and shows the answer', async () => {
    const calls = openSection(uploaded);
    const file = new File(['%PDF-1.4'], 'visa.pdf', { type: 'application/pdf' });
    pick(screen.getByLabelText(/^Document/), file);
    fireEvent.click(screen.getByRole('button', { name: 'Submit (SendGrid)' }));
    expect(await screen.findByText('Document uploaded.')).toBeTruthy();
    const sent = calls.find((call) => call.url.includes('upload-visa-document'));
    expect(sent?.method).toBe('POST');
    expect(sent?.body).toBeInstanceOf(FormData);
    const form = sent?.body as FormData;
    expect([...form.keys()]).toEqual(['orderId', 'email', 'mailServiceProvider', 'uploadVisaDoc']);
    expect(form.get('orderId')).toBe('100001');
    expect(form.get('email')).toBe('ana@example.com');
    expect(form.get('mailServiceProvider')).toBe('Sendgrid');
    expect((form.get('uploadVisaDoc') as File).name).toBe('visa.pdf');
  });

  it('shows a refusal as the server words it', async () => {
    openSection({ status: 400, body: { status: 0, message: 'The file is not a PDF or an image.' } });
    pick(screen.getByLabelText(/^Document/), new File(['x'], 'visa.pdf', { type: 'application/pdf' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit (AWS)' }));
    expect(await screen.findByText('The file is not a PDF or an image.')).toBeTruthy();
  });

  it('is not offered on a deleted order', () => {
    openSection(uploaded, 'Deleted');
    expect(screen.queryByRole('button', { name: 'Submit (AWS)' })).toBeNull();
  });
});
