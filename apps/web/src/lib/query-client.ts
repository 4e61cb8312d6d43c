import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: false,
        // A refused or failed call is not retried blindly: the message is what the user needs.
        retry: (count, error) => !(error instanceof ApiError) && count < 2,
      },
    },
  });
}

/** The app's one client: the provider in main.tsx and the route loaders share its cache. */
export const queryClient = createQueryClient();
