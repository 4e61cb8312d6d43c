import { type BundleProfile, bundleProfilesInput, DEFAULT_BUNDLE_PROFILES, type DisputeNetwork } from '@nzeta/domain';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { settings } from '../../db/schema';

export const BUNDLE_PROFILES_KEY = 'disputeBundleProfiles';

/** The per-network limits of one evidence file: the stored setting over the published defaults. */
export async function getBundleProfiles(db: DbOrTx): Promise<Record<DisputeNetwork, BundleProfile>> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, BUNDLE_PROFILES_KEY));
  const stored = bundleProfilesInput.partial().safeParse(row?.value ?? {});
  return { ...DEFAULT_BUNDLE_PROFILES, ...(stored.success ? stored.data : {}) };
}

export async function saveBundleProfiles(db: DbOrTx, profiles: Record<DisputeNetwork, BundleProfile>): Promise<void> {
  await db
    .insert(settings)
    .values({ key: BUNDLE_PROFILES_KEY, value: profiles })
    .onConflictDoUpdate({ target: settings.key, set: { value: profiles, updatedAt: sql`now()` } });
}
