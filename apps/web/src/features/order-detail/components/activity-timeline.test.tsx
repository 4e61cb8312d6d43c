import type { ActivityEntry, OrderDetail } from '@nzeta/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerFetch, appConfigAnswer, renderWithApp } from '../../../test/render-with-app';
import { ActivityTimeline } from './activity-timeline';

function entryOf(id: number, fields: Partial<ActivityEntry>): ActivityEntry {
  return {
    id,
    create_ts: '2026-12-01T01:30:00.000Z',
    actor_name: 'Demo Manager',
    action: 'order-created',
    from_value: null,
    to_value: null,
    detail: null,
    ...fields,
  };
}

// Only what Activity reads of an order; the rest of the detail plays no part here.
const orderWith = (activity: ActivityEntry[]) => ({ order_id: 100001, remark: [], activity }) as unknown as OrderDetail;

describe('Activity', () => {
  it('says who did what, newest first, and leaves comments to Comment History', () => {
    answerFetch({ 'app-config': appConfigAnswer });
    renderWithApp(
      <ActivityTimeline
        order={orderWith([
          entryOf(3, { action: 'status-changed', from_value: 'New', to_value: 'Awaiting' }),
          entryOf(2, { action: 'remark-added', actor_name: 'Demo Admin' }),
          entryOf(1, { action: 'order-created', actor_name: 'Intake' }),
        ])}
      />,
    );
    const items = within(screen.getByRole('region', { name: 'Activity' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('Demo Manager moved the order from New to Awaiting Customer');
    expect(items[1]?.textContent).toContain('Intake received the paid application');
    expect(screen.queryByText(/added a comment/)).toBeNull();
  });

  it('says so when only comments happened', () => {
    answerFetch({ 'app-config': appConfigAnswer });
    renderWithApp(<ActivityTimeline order={orderWith([entryOf(2, { action: 'remark-added' })])} />);
    expect(screen.getByText('Nothing has happened to this order yet.')).toBeTruthy();
  });
});
