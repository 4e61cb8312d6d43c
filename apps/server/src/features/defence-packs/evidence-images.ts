import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { settings } from '../../db/schema';
import { evidenceImagesFolder } from '../../paths';

export interface EvidenceImage {
  caption: string;
  /** a PNG or JPEG file on the server */
  path: string;
}

const assets = evidenceImagesFolder;

/** Illustrations shipped with the product (drawn by assets/evidence/generate.ts). */
export const DEFAULT_EVIDENCE_IMAGES: readonly EvidenceImage[] = [
  { caption: 'Application form', path: path.join(assets, '1-application-form.png') },
  { caption: 'Payment confirmation', path: path.join(assets, '2-payment-confirmation.png') },
  { caption: 'Document delivered', path: path.join(assets, '3-document-delivered.png') },
];

const configured = z.array(
  z.union([
    z.object({ caption: z.string().trim().min(1), path: z.string().min(1) }),
    z
      .string()
      .min(1)
      .transform((file) => ({ caption: path.parse(file).name, path: file })),
  ]),
);

/**
 * The evidence images from the 'evidenceImages' setting (a list of paths or {caption, path}),
 * keeping only files that exist; the shipped defaults when none is configured or usable.
 */
export async function getEvidenceImages(db: DbOrTx): Promise<EvidenceImage[]> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'evidenceImages'));
  const parsed = configured.safeParse(row?.value);
  const usable = parsed.success ? parsed.data.filter((image) => existsSync(image.path)) : [];
  return usable.length ? usable : [...DEFAULT_EVIDENCE_IMAGES];
}
