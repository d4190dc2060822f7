import { useLocalStorage } from '@mantine/hooks';

/** Spec UI flag: 'Show all cards' shows a fourth slot; remembered across visits. */
export function useShowAllCards() {
  return useLocalStorage<boolean>({
    key: 'card_toggle',
    defaultValue: false,
    getInitialValueInEffect: false,
  });
}
