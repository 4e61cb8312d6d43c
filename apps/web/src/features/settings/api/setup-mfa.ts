import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface MfaSetup {
  secret: string;
  otpauthUrl: string;
  qrDataUrl: string;
}

export function setupMfa() {
  return apiRequest<MfaSetup>('POST', 'admin/mfa/setup');
}

export function useSetupMfa() {
  return useMutation({ mutationFn: setupMfa });
}
