import { AfterFirstPaint } from '../../components/after-first-paint.tsx';
import { ActivitySection } from '../activity/activity-section.tsx';
import { ProgressPanel } from '../progress/progress-panel.tsx';
import { InstallOffer } from '../pwa/install-offer.tsx';

/**
 * The dashboard below its first screen: the progress panel, then (a commit later) the activity and
 * the offer to install. Its code (with Mantine's Table, Accordion and what they bring) loads once
 * the first screen has painted (dashboard-page.tsx; issue 43).
 */
export function BelowTheFold({ selectedCardId }: { selectedCardId: string | null }) {
  return (
    <>
      <ProgressPanel />
      {/* The offer to install comes when the browser says it can (often seconds after the rest has
          painted): last, so it never pushes anything the customer is reading down the screen. */}
      <AfterFirstPaint>
        <ActivitySection selectedCardId={selectedCardId} />
        <InstallOffer />
      </AfterFirstPaint>
    </>
  );
}
