import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../logo';

interface BlankLayoutProps {
  title?: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** Centred card on a quiet background with the logo on top (join, login, maintenance). */
export function BlankLayout({ title, children, footer }: BlankLayoutProps) {
  return (
    <div className="blank-layout">
      <main className="blank-layout__main">
        <Link to="/" className="blank-layout__logo" aria-label="Pagecast home">
          <Logo size="lg" />
        </Link>
        <div className="card blank-layout__card">
          {title ? <h1 className="blank-layout__title">{title}</h1> : null}
          {children}
        </div>
        {footer ? <div className="blank-layout__footer">{footer}</div> : null}
      </main>
    </div>
  );
}
