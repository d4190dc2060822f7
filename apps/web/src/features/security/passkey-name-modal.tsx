import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, TextInput } from '@mantine/core';
import { PASSKEY_NAME_MAX_LENGTH } from '@pria/contracts/account-words';
import { passkeyName } from '@pria/contracts/passkey-name';
import { type FormEvent, useEffect, useState } from 'react';
import { Dialog } from '../../components/overlays/dialog.tsx';
import { passkeyNameErrorIn } from './passkey-words.ts';

/** A passkey's name, for a new one or a rename (the account page loads it when it opens). */
export function NameModal({
  opened,
  title,
  initial,
  submitLabel,
  busy,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  title: string;
  initial: string;
  submitLabel: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (name: string) => void;
}) {
  const { i18n, t } = useLingui();
  const [name, setName] = useState(initial);
  // The API's own rule and words (contracts), so the field and the server never disagree.
  const parsed = passkeyName.safeParse(name);
  const trimmed = parsed.success ? parsed.data : name.trim();
  const issue = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  const error = issue === null ? null : passkeyNameErrorIn(i18n, issue);
  const [touched, setTouched] = useState(false);
  // It stays mounted between openings (so it animates out and gives focus back): each opening
  // starts from its own name.
  useEffect(() => {
    if (!opened) return;
    setName(initial);
    setTouched(false);
  }, [opened, initial]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!error) onSubmit(trimmed);
  };
  return (
    <Dialog opened={opened} onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate>
        <TextInput
          label={t`Passkey name`}
          description={t`So you can tell your passkeys apart, e.g. the device or password manager`}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={touched ? error : null}
          maxLength={PASSKEY_NAME_MAX_LENGTH}
          data-autofocus
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </form>
    </Dialog>
  );
}
