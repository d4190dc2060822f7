import { Tabs } from '@mantine/core';
import { useNavigate } from 'react-router';
import { usePrivileges } from '../shared/privileges.ts';

/**
 * Logs has two views: the application log and the staff audit trail (who did what, with before
 * and after). The second shows only to staff who may read it; the server enforces that.
 */
export function LogTabs({ current }: { current: 'log' | 'audit' }) {
  const navigate = useNavigate();
  const { has } = usePrivileges();
  if (!has('audit')) return null;
  return (
    <Tabs
      value={current}
      onChange={(v) => navigate(v === 'audit' ? '/admin/audit' : '/admin/logs')}
      mb="md"
      aria-label="Logs"
    >
      <Tabs.List>
        <Tabs.Tab value="log">Application log</Tabs.Tab>
        <Tabs.Tab value="audit">Staff audit trail</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
