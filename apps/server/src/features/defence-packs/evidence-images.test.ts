import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { settings } from '../../db/schema';
import { DEFAULT_EVIDENCE_IMAGES, getEvidenceImages } from './evidence-images';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
beforeEach(() => database.reset());
afterAll(() => database.destroy());

const shipped = DEFAULT_EVIDENCE_IMAGES.map((image) => image.path);

describe('getEvidenceImages', () => {
  it('answers the shipped images when none are configured', async () => {
    expect(await getEvidenceImages(database.db)).toEqual(DEFAULT_EVIDENCE_IMAGES);
  });

  it('uses configured images, as paths or with captions, skipping missing files', async () => {
    await database.db.insert(settings).values({
      key: 'evidenceImages',
      value: [shipped[2], { caption: 'Checkout', path: shipped[1] }, '/nowhere/missing.png'],
    });
    expect(await getEvidenceImages(database.db)).toEqual([
      { caption: '3-document-delivered', path: shipped[2] },
      { caption: 'Checkout', path: shipped[1] },
    ]);
  });

  it('falls back to the shipped images when the setting is unusable', async () => {
    await database.db.insert(settings).values({ key: 'evidenceImages', value: ['/nowhere/missing.png'] });
    expect(await getEvidenceImages(database.db)).toEqual(DEFAULT_EVIDENCE_IMAGES);
  });
});
