import type { DashboardData } from '@nzeta/domain';
import type { ComponentType } from 'react';
import { FailingDeliveriesPanel } from './failing-deliveries-panel';
import { ThroughputPanel } from './throughput-panel';

export interface DashboardPanelProps {
  data: DashboardData | undefined;
  timeZone: string;
}

/**
 * The dashboard's panels below the queues, in order. A feature adds its own here (for example
 * disputes due soon) without touching the page.
 */
export const DASHBOARD_PANELS: ReadonlyArray<{ id: string; Panel: ComponentType<DashboardPanelProps> }> = [
  { id: 'throughput', Panel: ThroughputPanel },
  { id: 'failing-deliveries', Panel: FailingDeliveriesPanel },
];
