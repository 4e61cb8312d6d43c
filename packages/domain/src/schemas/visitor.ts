import { z } from 'zod';

export const trackOrderInput = z.object({
  orderId: z
    .string({ error: 'Please enter your orderId' })
    .trim()
    .min(1, 'Please enter your orderId')
    .max(40, 'Please enter a valid orderId'),
  email: z
    .string({ error: 'Please enter your email' })
    .trim()
    .min(1, 'Please enter your email')
    .max(254, 'Please enter a valid email')
    .pipe(z.email('Please enter a valid email')),
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
