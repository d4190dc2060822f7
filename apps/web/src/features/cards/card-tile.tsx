import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import type { CardView } from '@pria/contracts';
import { IconPencil, IconPlus, IconX } from '@tabler/icons-react';
import { Tooltip } from '../../components/overlays/tooltip.tsx';
import { BrandMark } from './brand-mark.tsx';
import { expiryOf, holderNameOf } from './card-display.ts';
import classes from './card-tile.module.css';

interface CardTileProps {
  card: CardView;
  /** The profile's name: shown only for a card stored without a name on card. */
  holderName: string;
  selected?: boolean;
  onEdit?: (card: CardView) => void;
  /** Onboarding: cards added in this session can be removed with an X. */
  onRemove?: (card: CardView) => void;
  /** The card pays for the plan in force: a card out of Charge & Pay says so (or that it does not). */
  paysForPlan?: boolean;
}

export function CardTile({
  card,
  holderName,
  selected = false,
  onEdit,
  onRemove,
  paysForPlan = false,
}: CardTileProps) {
  const { t } = useLingui();
  const lastFour = card.lastFour;
  const holder = holderNameOf(card, holderName);
  return (
    <article
      className={classes.tile}
      data-selected={selected || undefined}
      aria-label={
        card.brand === 'visa' ? t`Visa card ending ${lastFour}` : t`Mastercard card ending ${lastFour}`
      }
      data-testid="card-tile"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <BrandMark brand={card.brand} height={28} />
        <Group gap={4} wrap="nowrap">
          {onEdit && (
            <Tooltip label={t`Edit card`}>
              <ActionIcon
                variant="subtle"
                color="gray.0"
                size="lg"
                aria-label={t`Edit card ending ${lastFour}`}
                onClick={() => onEdit(card)}
              >
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {onRemove && (
            <ActionIcon
              variant="subtle"
              color="gray.0"
              size="lg"
              aria-label={t`Remove card ending ${lastFour}`}
              onClick={() => onRemove(card)}
            >
              <IconX size={18} />
            </ActionIcon>
          )}
        </Group>
      </Group>
      {/* The note's line is kept on every tile, so the number sits at one height on all of them (a
          walk: a card out of Charge & Pay had its number higher than its neighbours'). */}
      <div>
        <Text className={classes.number} aria-hidden>
          •••• {card.lastFour}
        </Text>
        <Text fz="xs" c="navy.1" className={classes.note}>
          {/* Only the plan's card pays for it: another card out of Charge & Pay was said to (a walk). */}
          {card.chargeAndPay ? null : paysForPlan ? (
            <Trans>Pays for your plan only (not in Charge &amp; Pay)</Trans>
          ) : (
            <Trans>Not in Charge &amp; Pay (no monthly $3)</Trans>
          )}
        </Text>
      </div>
      <Group justify="space-between" wrap="nowrap">
        {/* A long name is cut with an ellipsis (the whole name in its title and to screen readers):
            it takes the room left beside the date and never widens the tile (issue 40). */}
        <Stack gap={0} className={classes.holder}>
          <Text fz="xs" tt="uppercase" c="navy.1">
            <Trans>Card holder</Trans>
          </Text>
          <Text fw={600} truncate title={holder}>
            {holder}
          </Text>
        </Stack>
        <Stack gap={0} align="flex-end">
          <Text fz="xs" tt="uppercase" c="navy.1">
            <Trans>Expires</Trans>
          </Text>
          <Text fw={600}>{expiryOf(card)}</Text>
        </Stack>
      </Group>
    </article>
  );
}

export function AddCardTile({ onClick, disabled = false }: { onClick: () => void; disabled?: boolean }) {
  const { t } = useLingui();
  return (
    <button type="button" className={classes.addTile} onClick={onClick} disabled={disabled}>
      <IconPlus size={28} aria-hidden />
      {disabled ? t`Up to 3 cards` : t`Add a card`}
    </button>
  );
}
