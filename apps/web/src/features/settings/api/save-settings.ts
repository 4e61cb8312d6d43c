import type { Settings } from '@nzeta/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { appConfigQuery } from '../../../lib/app-config';
import { settingsQuery } from './get-settings';

export function saveSettings(input: Settings) {
  return apiRequest<Settings>('PUT', 'admin/settings', { body: input });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (answer) => {
      if (answer.status !== 1 || !answer.data) return;
      queryClient.setQueryData(settingsQuery.queryKey, answer.data);
      // The product title in the header and on the sign-in card comes from the app config.
      queryClient.invalidateQueries({ queryKey: appConfigQuery.queryKey });
    },
  });
}
