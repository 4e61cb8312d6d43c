import type { ReactNode } from 'react';
import logo from '../../../assets/logo.svg';
import { useAppConfig } from '../../../lib/app-config';

/** The sign-in screen's look (SPEC §2.2) for the other public account screens. */
export function AuthCard({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  const { productTitle } = useAppConfig();
  return (
    <div className="sign-in-page">
      <main className="sign-in-card">
        <div className="logo-badge">
          <img src={logo} alt="NZeTA" width={72} height={72} />
        </div>
        <h1 className="sign-in-title">{productTitle}</h1>
        <p className="sign-in-subtitle">{subtitle}</p>
        {children}
      </main>
    </div>
  );
}
