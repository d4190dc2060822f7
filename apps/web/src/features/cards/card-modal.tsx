import { useLingui } from '@lingui/react/macro';
import type { CardView } from '@pria/contracts';
import { Dialog } from '../../components/overlays/dialog.tsx';
import type { AddressValues } from '../geography/address.ts';
import { CardForm } from './card-form.tsx';

interface CardModalProps {
  opened: boolean;
  onClose: () => void;
  card?: CardView;
  defaultName?: string;
  defaultAddress?: AddressValues;
  isDefault?: boolean;
  onSaved?: (card?: CardView) => void;
  onAddInstead?: () => void;
}

/**
 * 'Add your Credit Card' / 'Edit Credit Card'. Static backdrop (a stray click or Escape must not
 * throw away typed card details) but a visible close button.
 */
export function CardModal({
  opened,
  onClose,
  card,
  defaultName,
  defaultAddress,
  isDefault,
  onSaved,
  onAddInstead,
}: CardModalProps) {
  const { t } = useLingui();
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={card ? t`Edit Credit Card` : t`Add your Credit Card`}
      closeOnClickOutside={false}
      closeOnEscape={false}
      size="lg"
    >
      {opened && (
        <CardForm
          key={card?.id ?? 'new'}
          card={card}
          defaultName={defaultName}
          defaultAddress={defaultAddress}
          isDefault={isDefault}
          onAddInstead={onAddInstead}
          onDone={(saved) => {
            onSaved?.(saved);
            onClose();
          }}
        />
      )}
    </Dialog>
  );
}
