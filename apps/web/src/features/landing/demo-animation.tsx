import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Text, VisuallyHidden } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './demo-animation.module.css';

/**
 * Self-hosted "demo video": a looping CSS animation of one month of Charge & Pay.
 * No third-party embed, so no tracking and nothing for the CSP to allow.
 */
export function DemoAnimation() {
  const [paused, setPaused] = useState(false);
  const { t } = useLingui();
  return (
    <figure style={{ margin: 0 }}>
      <div className={classes.stage} data-paused={paused || undefined}>
        <ActionIcon
          className={classes.pauseButton}
          variant="white"
          color="navy"
          radius="xl"
          onClick={() => setPaused((p) => !p)}
          aria-label={paused ? t`Play demo animation` : t`Pause demo animation`}
        >
          {paused ? <IconPlayerPlayFilled size={16} /> : <IconPlayerPauseFilled size={16} />}
        </ActionIcon>
        <div className={classes.card} aria-hidden>
          <div className={classes.chip} />
          <span className={classes.balanceLabel}>
            <Trans>Balance from Pria</Trans>
          </span>
          <span className={`${classes.balance} ${classes.balanceZero}`}>$0.00</span>
          <span className={`${classes.balance} ${classes.balanceCharged}`}>$3.00</span>
          <span className={classes.brand}>VISA</span>
        </div>
        <div className={classes.timeline}>
          <div className={classes.track} aria-hidden>
            <div className={classes.progress} />
          </div>
          <div className={`${classes.step} ${classes.stepCharge}`}>
            <Text className={classes.day}>
              <Trans>28th · 4pm ET</Trans>
            </Text>
            <Text className={classes.action}>
              <Trans>$3 charged</Trans>
            </Text>
          </div>
          <div className={`${classes.step} ${classes.stepPay}`}>
            <Text className={classes.day}>
              <Trans>2nd · 4pm ET</Trans>
            </Text>
            <Text className={classes.action}>
              <Trans>$3 paid back</Trans>
            </Text>
          </div>
        </div>
      </div>
      <figcaption>
        <VisuallyHidden>
          <Trans>
            Demo: on the 28th at 4pm Eastern, Pria charges $3 to your card. On the 2nd of the next month at
            4pm Eastern, Pria pays the $3 back, so your card shows on-time activity without debt.
          </Trans>
        </VisuallyHidden>
      </figcaption>
    </figure>
  );
}
