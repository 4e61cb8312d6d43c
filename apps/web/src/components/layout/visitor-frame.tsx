import { type ReactNode, useState } from 'react';
import logo from '../../assets/logo.svg';

const NAV = [
  { label: 'Home', path: '/' },
  { label: 'Apply Now', path: '/apply-now' },
  { label: 'Additional Benefits', path: '/additional-benefits' },
  { label: 'Terms & Conditions', path: '/terms-conditions' },
  { label: 'Privacy Policy', path: '/privacy-policy' },
  { label: 'Refund Policy', path: '/refund-policy' },
  { label: 'Contact Us', path: '/contact-us' },
] as const;

export interface VisitorFrameProps {
  /** the marketing site the navigation links to (PUBLIC_SITE_URL) */
  siteUrl: string;
  currentPath: string;
  children: ReactNode;
}

/** The public frame (SPEC §2.14): header, navigation to the marketing site, content, footer. */
export function VisitorFrame({ siteUrl, currentPath, children }: VisitorFrameProps) {
  const [isOpen, setOpen] = useState(false);
  const base = siteUrl.replace(/\/$/, '');
  return (
    <div className="visitor-app">
      <header className="visitor-header">
        <nav className="navbar navbar-expand-lg" aria-label="Site">
          <div className="container">
            <a className="navbar-brand" href={`${base}/`}>
              <img src={logo} alt="" width={40} height={40} />
              <span>NZeTA Online</span>
            </a>
            <button
              type="button"
              className="navbar-toggler"
              aria-controls="visitor-nav"
              aria-expanded={isOpen}
              aria-label={isOpen ? 'Close menu' : 'Open menu'}
              onClick={() => setOpen(!isOpen)}
            >
              <span className="navbar-toggler-icon" />
            </button>
            <div id="visitor-nav" className={`collapse navbar-collapse${isOpen ? ' show' : ''}`}>
              <ul className="navbar-nav ms-auto">
                {NAV.map((item) => (
                  <li className="nav-item" key={item.path}>
                    <a
                      className={`nav-link${currentPath === item.path ? ' active' : ''}`}
                      aria-current={currentPath === item.path ? 'page' : undefined}
                      href={`${base}${item.path}`}
                    >
                      {item.label}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </nav>
      </header>
      <main className="visitor-content" id="main">
        {children}
      </main>
      <footer className="visitor-footer">
        <div className="container">© 2025 nzeta-application.example.org. All rights reserved.</div>
      </footer>
    </div>
  );
}
