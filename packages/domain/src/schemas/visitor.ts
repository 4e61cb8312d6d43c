import { z } from 'zod';
import { emailAddress, filledText } from './common';

export const trackOrderInput = z.object({
  orderId: filledText('Please enter your orderId').max(40, 'Please enter a valid orderId'),
  email: emailAddress('Please enter your email', 'Please enter a valid email'),
});
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
