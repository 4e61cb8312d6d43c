import { type FolderSubject, MONTHS } from '@nzeta/domain';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { addDays, type InsertedOrder, insertOrder, type NewOrder } from '../../../db/factories';
import { orders } from '../../../db/schema';

/**
 * One order for every edge of the folder rules (DESIGN §2): each status, each processing mode,
 * due today, due yesterday, due tomorrow, unassigned, mine and someone else's.
 */
export async function insertFolderScenario(
  db: DbOrTx,
  { me, other, today }: { me: number; other: number; today: string },
): Promise<InsertedOrder[]> {
  const future = (days: number) => {
    const date = addDays(today, days);
    return { processingMode: 'Future', processingDate: date, processMonth: MONTHS[Number(date.slice(5, 7)) - 1] };
  };
  const cases: Array<Partial<NewOrder>> = [
    { processingMode: 'Standard', processingDate: null },
    { processingMode: 'Priority', processingDate: null },
    { ...future(0) },
    { ...future(-1) },
    { ...future(1) },
    { ...future(40) },
    { ...future(200) },
    { ...future(1), processingMode: 'Priority' },
    { ...future(0), processingMode: 'Priority' },
    { processingMode: 'Standard', assignedTo: me },
    { processingMode: 'Priority', assignedTo: me },
    { ...future(3), assignedTo: me },
    { processingMode: 'Standard', assignedTo: other },
    { processStatus: 'Pending' },
    { processStatus: 'Completed', processedBy: 'Someone', processedAt: new Date().toISOString() },
    { processStatus: 'Completed', assignedTo: me },
    { processStatus: 'Awaiting' },
    { processStatus: 'AwaitingGovt' },
    { processStatus: 'Contact Customer' },
    { processStatus: 'Customer Called' },
    { processStatus: 'Refunds' },
    { processStatus: 'Refunds', refundDate: new Date(Date.now() - 86_400_000).toISOString() },
    { processStatus: 'Refunds', refundDate: new Date(Date.now() - 3 * 86_400_000).toISOString() },
    { processStatus: 'ChargeBack' },
    { processStatus: 'Deleted', previousStatus: 'New' },
    { processStatus: 'Deleted', ...future(5) },
  ];
  const inserted: InsertedOrder[] = [];
  let minutesAgo = cases.length * 7;
  for (const overrides of cases) {
    // Distinct creation times, shuffled against insertion order, so ordering is really tested.
    const createdAt = new Date(Date.now() - ((minutesAgo * 37) % 600) * 60_000 - minutesAgo * 1000).toISOString();
    minutesAgo -= 7;
    inserted.push(await insertOrder(db, { createdAt, ...overrides }));
  }
  return inserted;
}

/** What isInFolder needs, read back from the database for the given ids. */
export async function subjectsOf(db: DbOrTx, ids: number[]): Promise<Map<number, FolderSubject>> {
  const rows = ids.length
    ? await db
        .select({
          id: orders.orderId,
          status: orders.processStatus,
          mode: orders.processingMode,
          assignedTo: orders.assignedTo,
          processingDate: orders.processingDate,
        })
        .from(orders)
        .where(inArray(orders.orderId, ids))
    : [];
  return new Map(rows.map((row) => [row.id, row]));
}
