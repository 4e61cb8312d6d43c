import { useEffect } from 'react';
import { useAppConfig } from '../../../lib/app-config';

/** Names the browser tab after the screen, so a visitor with several tabs can tell them apart. */
export function usePageTitle(screen: string): void {
  const { productTitle } = useAppConfig();
  useEffect(() => {
    document.title = `${screen} | ${productTitle}`;
  }, [screen, productTitle]);
}
