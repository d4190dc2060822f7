import { Tabs } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { usePrivileges } from '../shared/privileges.ts';

type LogView = 'log' | 'audit';

// The view whose tab was just chosen, until its page shows its tabs. Kept here rather than in the
// history entry, so a page reloaded or reached by Back is not taken for one chosen from its tab.
let chosen: LogView | null = null;

/**
 * The two views are two pages: choosing a tab (a click, or an arrow key, which moves to a tab and
 * chooses it) replaces this page, its tabs with it, and the keyboard was left on the page's body.
 * As WAI-ARIA's tabs do, it stays on the tab chosen: the new page's tab takes it back, unless it
 * has gone somewhere else meanwhile.
 */
function useFocusWhenChosen(current: LogView) {
  const tab = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (chosen !== current) return;
    chosen = null;
    const active = document.activeElement;
    if (active === null || active === document.body) tab.current?.focus();
  }, [current]);
  return tab;
}

/**
 * Logs has two views: the application log and the staff audit trail (who did what, with before
 * and after). The second shows only to staff who may read it; the server enforces that.
 */
export function LogTabs({ current }: { current: LogView }) {
  const navigate = useNavigate();
  const { has } = usePrivileges();
  const selected = useFocusWhenChosen(current);
  if (!has('audit')) return null;
  const choose = (view: LogView) => {
    chosen = view;
    navigate(view === 'audit' ? '/admin/audit' : '/admin/logs');
  };
  return (
    <Tabs
      value={current}
      onChange={(v) => {
        if (v && v !== current) choose(v as LogView);
      }}
      mb="md"
    >
      {/* The tab list is what a screen reader names (the root is a plain div). */}
      <Tabs.List aria-label="Logs">
        <Tabs.Tab value="log" ref={current === 'log' ? selected : undefined}>
          Application log
        </Tabs.Tab>
        <Tabs.Tab value="audit" ref={current === 'audit' ? selected : undefined}>
          Staff audit trail
        </Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
