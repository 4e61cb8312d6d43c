import type { Settings } from '@nzeta/domain';
import type * as accountApi from '@nzeta/domain/contracts/account';
import { useQueryClient } from '@tanstack/react-query';
import { sendEndpoint } from '../../../lib/api/endpoints';
import { appConfigQuery } from '../../../lib/app-config';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { settingsQuery } from './get-settings';

export function saveSettings(input: Settings) {
  return sendEndpoint<typeof accountApi.saveSettings>('PUT', '/admin/settings', { body: input });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useApiMutation({
    request: saveSettings,
    // The product title in the header and on the sign-in card comes from the app config.
    invalidate: [appConfigQuery.queryKey],
    onSuccess: (answer) => {
      if (answer.data) queryClient.setQueryData(settingsQuery.queryKey, answer.data);
    },
  });
}
