import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { PublicFooter } from './public-footer.tsx';
import { PublicHeader } from './public-header.tsx';

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <PublicHeader />
      <main id="main">{children}</main>
      <PublicFooter />
    </>
  );
}
