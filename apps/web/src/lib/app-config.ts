import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from './api-client';
import { queryKeys } from './query-keys';

export interface AppConfig {
  productTitle: string;
  publicSiteUrl: string;
  applicationMailDomain: string;
  businessTimeZone: string;
  idleTimeoutMinutes: number;
}

export const DEFAULT_TITLE = 'New Zealand Electronic Travel Authority (NZeTA)';

export const appConfigQuery = queryOptions({
  queryKey: queryKeys.appConfig,
  queryFn: async () => (await apiCall<AppConfig>('GET', 'app-config', { token: null })).data as AppConfig,
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
