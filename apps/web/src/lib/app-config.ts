import type * as publicContractsApi from '@nzeta/domain/contracts/public';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from './api/endpoints';
import { queryKeys } from './query-keys';

export type AppConfig = publicContractsApi.AppConfig;

export const DEFAULT_TITLE = 'New Zealand Electronic Travel Authority (NZeTA)';

export const appConfigQuery = queryOptions({
  queryKey: queryKeys.appConfig,
  queryFn: () => fetchData<typeof publicContractsApi.appConfig>('GET', '/app-config', {}, { token: null }),
  staleTime: Number.POSITIVE_INFINITY,
});

/** Public settings the screens need: product title, marketing site address, time zone. */
export function useAppConfig(): AppConfig {
  const { data } = useQuery(appConfigQuery);
  return (
    data ?? {
      productTitle: DEFAULT_TITLE,
      publicSiteUrl: 'https://www.example.com',
      applicationMailDomain: 'applications.example.com',
      businessTimeZone: 'America/New_York',
      idleTimeoutMinutes: 30,
    }
  );
}
