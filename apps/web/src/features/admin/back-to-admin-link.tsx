import { Button, type ButtonProps } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAuth } from '../../app/auth/auth-state.tsx';
import { isAdminToken } from '../../app/auth/claims.ts';
import { BACK_TO_ADMIN_PATH, cameFromAdmin } from './back-to-dashboard.ts';

/**
 * 'Back To Admin' for the customer area: shown only to an admin who came from the admin portal
 * ('Back To Dashboard' set the session flag backDashboard); renders nothing otherwise, so it can
 * be mounted unconditionally (header, side menu).
 */
export function BackToAdminLink({ onNavigate, ...props }: ButtonProps & { onNavigate?: () => void }) {
  const auth = useAuth();
  if (!isAdminToken(auth.user?.access_token) || !cameFromAdmin()) return null;
  return (
    <Button
      component={Link}
      to={BACK_TO_ADMIN_PATH}
      variant="light"
      size="compact-sm"
      leftSection={<IconArrowBackUp size={16} aria-hidden />}
      onClick={onNavigate}
      {...props}
    >
      Back To Admin
    </Button>
  );
}
