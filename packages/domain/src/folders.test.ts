import { describe, expect, it } from 'vitest';
import {
  COUNT_FIELDS,
  FOLDER_KEYS,
  FOLDER_RULES,
  FOLDER_SEARCH_PREFERENCE,
  FOLDERS,
  type FolderKey,
  type FolderSubject,
  folderOf,
  isInFolder,
  toFolderKey,
  zeroFolderCounts,
} from './folders';
import { businessToday } from './format';

const me = 7;
const someoneElse = 9;
const today = '2025-03-10';
const ctx = { staffId: me, today };
const order = (fields: Partial<FolderSubject> = {}): FolderSubject => ({
  status: 'New',
  mode: 'Standard',
  assignedTo: null,
  processingDate: null,
  ...fields,
});
const foldersOf = (subject: FolderSubject, context = ctx) =>
  FOLDER_KEYS.filter((key) => isInFolder(key, subject, context));

describe('folder rules (DESIGN §2)', () => {
  it('a new Standard order without a date is in New Orders and Order History only', () => {
    expect(foldersOf(order())).toEqual(['newOrder', 'allOrder']);
  });

  it('Priority orders go to Priority Order, never to New Orders', () => {
    expect(foldersOf(order({ mode: 'Priority' }))).toEqual(['priorityOrder', 'allOrder']);
  });

  it('a Future order due today or earlier is worked like a Standard one', () => {
    expect(foldersOf(order({ mode: 'Future', processingDate: today }))).toEqual(['newOrder', 'allOrder']);
    expect(foldersOf(order({ mode: 'Future', processingDate: '2025-03-09' }))).toEqual(['newOrder', 'allOrder']);
  });

  it('an order due tomorrow is a Future order, whatever its mode', () => {
    expect(foldersOf(order({ mode: 'Future', processingDate: '2025-03-11' }))).toEqual(['allOrder', 'futureOrder']);
    expect(foldersOf(order({ mode: 'Priority', processingDate: '2025-03-11' }))).toEqual(['allOrder', 'futureOrder']);
    expect(foldersOf(order({ mode: 'Standard', processingDate: '2026-01-01' }))).toEqual(['allOrder', 'futureOrder']);
  });

  it('"due" follows the business day: the same order is due in Auckland before New York', () => {
    const subject = order({ mode: 'Future', processingDate: '2025-03-11' });
    // 20:00 UTC on 10 March is 11 March in Auckland and still 10 March in New York.
    const now = new Date('2025-03-10T20:00:00Z');
    const auckland = { staffId: me, today: businessToday('Pacific/Auckland', now) };
    const newYork = { staffId: me, today: businessToday('America/New_York', now) };
    expect(auckland.today).toBe('2025-03-11');
    expect(newYork.today).toBe('2025-03-10');
    expect(isInFolder('newOrder', subject, auckland)).toBe(true);
    expect(isInFolder('futureOrder', subject, auckland)).toBe(false);
    expect(isInFolder('newOrder', subject, newYork)).toBe(false);
    expect(isInFolder('futureOrder', subject, newYork)).toBe(true);
  });

  it('an order I claimed is in My Orders (and History), due or not, any mode', () => {
    for (const fields of [{}, { mode: 'Priority' }, { mode: 'Future', processingDate: today }]) {
      expect(foldersOf(order({ ...fields, assignedTo: me }))).toEqual(['myOrder', 'allOrder']);
    }
    // Future Orders is "status New, not due" (DESIGN §2), claimed or not.
    expect(foldersOf(order({ mode: 'Future', processingDate: '2025-12-01', assignedTo: me }))).toEqual([
      'myOrder',
      'allOrder',
      'futureOrder',
    ]);
  });

  it("someone else's claimed order is in nobody's shared folder, and not in my My Orders", () => {
    expect(foldersOf(order({ assignedTo: someoneElse }))).toEqual(['allOrder']);
    expect(isInFolder('myOrder', order({ assignedTo: someoneElse }), { staffId: someoneElse, today })).toBe(true);
  });

  it('each working status has its own folder, assigned or not', () => {
    const byStatus: Array<[string, FolderKey]> = [
      ['Pending', 'pendingOrder'],
      ['Completed', 'completedOrder'],
      ['Awaiting', 'awaitingOrder'],
      ['AwaitingGovt', 'awaitingGovtOrder'],
      ['Contact Customer', 'contactCustomerOrder'],
      ['Customer Called', 'customerCalledOrder'],
      ['Refunds', 'refundOrder'],
      ['ChargeBack', 'chargeBack'],
    ];
    for (const [status, folder] of byStatus) {
      for (const assignedTo of [null, me]) {
        expect(foldersOf(order({ status, assignedTo, mode: 'Priority' })), status).toEqual(
          FOLDER_KEYS.filter((k) => k === folder || k === 'allOrder'),
        );
      }
    }
  });

  it('a deleted order is only in Deleted Orders, not in the history', () => {
    expect(foldersOf(order({ status: 'Deleted' }))).toEqual(['deletedOrder']);
    expect(foldersOf(order({ status: 'Deleted', processingDate: '2030-01-01', assignedTo: me }))).toEqual([
      'deletedOrder',
    ]);
  });

  it('every order is in one working folder besides Order History (claimed future orders in two)', () => {
    const statuses = ['New', 'Pending', 'Completed', 'Awaiting', 'Refunds', 'Deleted'];
    const modes = ['Standard', 'Priority', 'Future'];
    const dates = [null, '2025-03-09', today, '2025-03-11'];
    const assignees = [null, me, someoneElse];
    for (const status of statuses)
      for (const mode of modes)
        for (const processingDate of dates)
          for (const assignedTo of assignees) {
            const subject = order({ status, mode, processingDate, assignedTo });
            const working = foldersOf(subject).filter((k) => k !== 'allOrder');
            const isNew = status === 'New';
            const isNotDue = processingDate !== null && processingDate > today;
            // Claimed orders leave the shared queues; Future shows every order not yet due.
            const expected =
              isNew && assignedTo === someoneElse ? (isNotDue ? 1 : 0) : isNew && assignedTo === me && isNotDue ? 2 : 1;
            expect(working.length, JSON.stringify(subject)).toBe(expected);
          }
  });

  it('reads the older spellings of folder keys', () => {
    expect(toFolderKey('refundorder')).toBe('refundOrder');
    expect(toFolderKey('chargeback')).toBe('chargeBack');
    expect(toFolderKey('CHARGEBACK')).toBe('chargeBack');
    expect(toFolderKey('newOrder')).toBe('newOrder');
    expect(toFolderKey('neworder')).toBeUndefined();
    expect(toFolderKey('__proto__')).toBeUndefined();
    expect(toFolderKey('constructor')).toBeUndefined();
  });
});

describe('the folder table', () => {
  it('gives every folder a unique key, route, menu label and count field', () => {
    for (const field of ['key', 'path', 'menuLabel', 'countField'] as const) {
      const values = FOLDERS.map((folder) => folder[field]);
      expect(new Set(values).size, field).toBe(FOLDERS.length);
    }
  });

  it('derives the rules, the count fields and the key lookup from the same rows', () => {
    expect(FOLDER_KEYS).toEqual(FOLDERS.map((folder) => folder.key));
    for (const folder of FOLDERS) {
      expect(folderOf(folder.key)).toBe(folder);
      expect(toFolderKey(folder.key)).toBe(folder.key);
      expect(FOLDER_RULES[folder.key]).toBe(folder.rule);
      expect(COUNT_FIELDS[folder.key]).toBe(folder.countField);
      expect(folder.path).toMatch(/^\/admin\/[a-z-]+$/);
      expect(folder.title.length).toBeGreaterThan(0);
      expect(folder.columns).toContain('id');
    }
  });

  it('keeps the counts object of SPEC §3 field for field, in the same order', () => {
    expect(Object.keys(zeroFolderCounts())).toEqual([
      'myOrdersCount',
      'newOrdersCount',
      'priorityOrdersCount',
      'pendingOrdersCount',
      'completedOrdersCount',
      'awaitingOrdersCount',
      'awaitingGovtCount',
      'contactCustomerOrdersCount',
      'customerCalledCount',
      'allOrdersCount',
      'futureOrdersCount',
      'deletedOrdersCount',
      'refundOrdersCount',
      'chargeBackCount',
    ]);
    expect(Object.values(zeroFolderCounts()).every((count) => count === 0)).toBe(true);
  });

  it('keeps the routes of SPEC §2.4', () => {
    expect(Object.fromEntries(FOLDERS.map((folder) => [folder.key, folder.path]))).toEqual({
      myOrder: '/admin/my-order',
      newOrder: '/admin/recent-order',
      priorityOrder: '/admin/priority-order',
      pendingOrder: '/admin/pending-order',
      completedOrder: '/admin/completed-order',
      awaitingOrder: '/admin/awaiting-response',
      awaitingGovtOrder: '/admin/awaiting-govt',
      contactCustomerOrder: '/admin/contact-customer',
      customerCalledOrder: '/admin/called',
      allOrder: '/admin/order-history',
      futureOrder: '/admin/future-order',
      deletedOrder: '/admin/deleted-order',
      refundOrder: '/admin/refund-order',
      chargeBack: '/admin/chargeback',
    });
  });
});

describe('where a search hit is shown', () => {
  it('prefers the most specific folder and ends with Order History', () => {
    expect(FOLDER_SEARCH_PREFERENCE).toEqual([
      'myOrder',
      'priorityOrder',
      'newOrder',
      'futureOrder',
      'pendingOrder',
      'awaitingOrder',
      'awaitingGovtOrder',
      'contactCustomerOrder',
      'customerCalledOrder',
      'completedOrder',
      'refundOrder',
      'chargeBack',
      'deletedOrder',
      'allOrder',
    ]);
    expect(new Set(FOLDERS.map((folder) => folder.searchRank)).size).toBe(FOLDERS.length);
  });
});

describe('what a folder screen offers', () => {
  it('sorts by "Breaching soon" where orders run on a clock, filters by status in Order History only', () => {
    expect(FOLDERS.filter((folder) => folder.clocked).map((folder) => folder.key)).toEqual([
      'myOrder',
      'newOrder',
      'priorityOrder',
      'pendingOrder',
      'awaitingOrder',
      'awaitingGovtOrder',
      'contactCustomerOrder',
      'allOrder',
    ]);
    expect(FOLDERS.filter((folder) => folder.statusFilter).map((folder) => folder.key)).toEqual(['allOrder']);
  });
});
