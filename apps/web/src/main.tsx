import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadAuthConfig } from './app/auth/auth-config.ts';
import { createUserManager } from './app/auth/user-manager.ts';
import { Providers } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';

async function start() {
  const userManager = createUserManager(await loadAuthConfig());
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <Providers userManager={userManager}>
        <AppRouter />
      </Providers>
    </StrictMode>,
  );
}

void start();
