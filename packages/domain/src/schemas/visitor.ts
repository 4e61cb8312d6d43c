import { z } from 'zod';
import { emailAddress, filledText, idText } from './common';

/** The track form as the visitor fills it in. */
export const trackOrderForm = z.object({
  orderId: filledText('Please enter your orderId').max(40, 'Please enter a valid orderId'),
  email: emailAddress('Please enter your email', 'Please enter a valid email'),
});

/** The track call's body: the form's, with an order id sent as a JSON number read as its digits. */
export const trackOrderInput = trackOrderForm.extend({ orderId: idText(trackOrderForm.shape.orderId) });
export type TrackOrderInput = z.infer<typeof trackOrderInput>;

export const downloadHistoryInput = z.object({ orderId: trackOrderInput.shape.orderId });

export const downloadDocumentInput = z.object({
  orderId: trackOrderInput.shape.orderId,
  customername: z
    .string({ error: 'Please enter a valid customer name.' })
    .max(100, 'Please enter a valid customer name.')
    .optional(),
  file1: z
    .string({ error: 'No document is available yet.' })
    .min(1, 'No document is available yet.')
    .max(200, 'This document is not available.'),
  timezone: z.string({ error: 'Please send a valid time zone.' }).max(100, 'Please send a valid time zone.').optional(),
});
