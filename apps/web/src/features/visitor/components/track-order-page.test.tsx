import { encodeId } from '@nzeta/domain';
import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { answerFetch, appConfigAnswer, renderWithApp } from '../../../test/render-with-app';
import { TrackOrderPage } from './track-order-page';

const NOT_FOUND = 'We could not find an order with these details. Please check the order ID and e-mail.';

function renderAt(ref: string) {
  return renderWithApp(
    <Routes>
      <Route path={paths.visitor.trackOrder()} element={<TrackOrderPage />} />
    </Routes>,
    { path: paths.visitor.trackOrder(ref) },
  );
}

describe('the track-order page', () => {
  it('shows the order number of an encoded link in the Order ID field and sends that number', async () => {
    const calls = answerFetch({
      'app-config': appConfigAnswer,
      'track-order': { status: 404, body: { status: 0, message: NOT_FOUND } },
    });
    renderAt(encodeId(100001));
    const orderId = screen.getByLabelText('Order ID:') as HTMLInputElement;
    expect(orderId.value).toBe('100001');

    fireEvent.change(screen.getByLabelText('Email ID:'), { target: { value: 'traveller@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'TRACK ORDER' }));
    expect(await screen.findByText(NOT_FOUND)).toBeTruthy();
    const sent = calls.find((call) => call.url.includes('track-order'));
    expect(sent?.body).toEqual({ orderId: '100001', email: 'traveller@example.org' });
  });

  it('shows a plain numeric link as it is', () => {
    answerFetch({ 'app-config': appConfigAnswer });
    renderAt('100001');
    expect((screen.getByLabelText('Order ID:') as HTMLInputElement).value).toBe('100001');
  });

  it('shows a friendly page for a link that is no order', () => {
    answerFetch({ 'app-config': appConfigAnswer });
    renderAt('not-an-order');
    expect(screen.getByRole('heading', { name: 'Order not found' })).toBeTruthy();
    expect(screen.queryByLabelText('Order ID:')).toBeNull();
  });
});
