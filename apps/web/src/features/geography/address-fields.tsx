import { useLingui } from '@lingui/react/macro';
import { NativeSelect, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { textLimits } from '@pria/contracts';
import { useRef, useState } from 'react';
import columns from '../../components/columns.module.css';
import { useCommittedChoice } from '../../components/form/committed-choice.ts';
import { LimitedTextInput } from '../../components/form/limited-text.tsx';
import { type AddressValues, shouldProposeZip } from './address.ts';
import { areaName, areaOptions } from './area-names.ts';
import { lookupPostalCode, proposePostalCode, useAdministrativeAreas } from './queries.ts';

interface AddressFieldsProps<V extends { address: AddressValues }> {
  form: UseFormReturnType<V>;
  /** Street, city and state marked required (onboarding and card billing address). */
  required?: boolean;
  streetLabel?: string;
  disabled?: boolean;
}

/**
 * Street, city, state, country (US, read-only) and ZIP. Typing a full ZIP sets the state (and
 * the city when it is still empty); choosing a state proposes a ZIP of that state only when the
 * ZIP is empty or belongs to another state (shouldProposeZip), as the spec asks. Each automatic
 * change is said under its field (a state changed by the ZIP names both), so a mistyped ZIP is
 * noticed before it is saved. The state starts empty: nothing is chosen for the customer.
 */
export function AddressFields<V extends { address: AddressValues }>({
  form: typedForm,
  required = false,
  streetLabel,
  disabled = false,
}: AddressFieldsProps<V>) {
  const { t, i18n } = useLingui();
  const form = typedForm as unknown as UseFormReturnType<{ address: AddressValues }>;
  const areas = useAdministrativeAreas();
  const options = areaOptions(i18n, areas.data ?? []);
  const nameOf = (code: string) => {
    const area = areas.data?.find((a) => a.code === code);
    return area ? areaName(i18n, area) : code;
  };
  // What the lookups changed, said next to the field: an automatic change is never silent.
  const [stateNote, setStateNote] = useState<string | null>(null);
  const [zipNote, setZipNote] = useState<string | null>(null);
  // The state the customer chose themselves (or that was saved): what a ZIP's state is compared with.
  const chosen = useRef(form.getValues().address.administrativeArea);
  // A proposed ZIP is selected when the field has focus, so what the customer types replaces it: a
  // walk typed 10118 into the full five-digit field, nothing changed, and the proposal was saved.
  const zipInput = useRef<HTMLInputElement>(null);
  const zipProposed = useRef(false);
  const selectProposedZip = () => {
    const input = zipInput.current;
    if (!zipProposed.current || !input || document.activeElement !== input) return;
    // After the click's own caret placement, which would undo a selection made on focus; not once
    // typing has begun in that frame (it would select what was typed, and the next key replace it).
    requestAnimationFrame(() => {
      if (zipProposed.current && document.activeElement === input) input.select();
    });
  };

  /** `previous`: the state before this choice (before the arrow keys started, for a held one). */
  const onStateChange = async (code: string, previous: string) => {
    if (!code) return;
    // The customer's own choice, even of the state already shown: a ZIP is checked against it.
    chosen.current = code;
    setStateNote(null);
    // Picking the state already chosen changes nothing else.
    if (code === previous) return;
    form.setFieldValue('address.administrativeArea', code);
    const typed = form.getValues().address.postalCode;
    const typedIn = /^\d{5}$/.test(typed) ? (await lookupPostalCode(typed))?.administrativeArea : undefined;
    if (!shouldProposeZip(typed, typedIn, code)) return;
    const zip = await proposePostalCode(code);
    // The customer may have typed on while the lookups ran: their latest input wins.
    const now = form.getValues().address;
    if (zip && now.administrativeArea === code && now.postalCode === typed) {
      form.setFieldValue('address.postalCode', zip);
      zipProposed.current = true;
      selectProposedZip(); // focus may be in the field already (Tab from the state)
      const state = nameOf(code);
      setZipNote(t`A ZIP code in ${state}: replace it with yours.`);
      setStateNote(null);
    }
  };

  // A state passed with the arrow keys or by typing is shown at once, and chosen (a ZIP proposed)
  // on Enter or when focus leaves: not a ZIP rewritten per state passed (useCommittedChoice).
  const steppedFrom = useRef<string | null>(null);
  const stateChoice = useCommittedChoice((code) => {
    const previous = steppedFrom.current ?? form.getValues().address.administrativeArea;
    steppedFrom.current = null;
    void onStateChange(code, previous);
  });
  const {
    onChange: _formOnChange,
    onBlur: formOnBlur,
    ...stateInput
  } = form.getInputProps('address.administrativeArea');

  const onPostalCodeChange = async (raw: string) => {
    // Spec: at most 5 digits are typed (ZIP+4 is accepted by the API but not typed here).
    let digits = raw.replace(/\D/g, '');
    // Typed into a proposed ZIP before its selection came (a frame after the focus): a new ZIP.
    const proposal = form.getValues().address.postalCode;
    if (zipProposed.current && digits.length > 5 && digits.startsWith(proposal))
      digits = digits.slice(proposal.length);
    const zip = digits.slice(0, 5);
    form.setFieldValue('address.postalCode', zip);
    zipProposed.current = false;
    setZipNote(null);
    if (!/^\d{5}$/.test(zip)) return;
    const found = await lookupPostalCode(zip);
    if (!found) return;
    // A ZIP that fills an empty state sets the state the next ZIPs are checked against.
    if (!chosen.current && !form.getValues().address.administrativeArea)
      chosen.current = found.administrativeArea;
    form.setFieldValue('address.administrativeArea', found.administrativeArea);
    const mine = chosen.current;
    const foundState = nameOf(found.administrativeArea);
    const mineState = nameOf(mine);
    setStateNote(
      mine && mine !== found.administrativeArea
        ? t`Changed to ${foundState}: ZIP ${zip} is there. Check the ZIP if you live in ${mineState}.`
        : null,
    );
    if (found.locality && !form.getValues().address.locality)
      form.setFieldValue('address.locality', found.locality);
  };

  const zipProps = form.getInputProps('address.postalCode');
  return (
    <div className={columns.grid}>
      <div className={columns.halfFromSm}>
        <LimitedTextInput
          label={streetLabel ?? t`Street 1`}
          autoComplete="address-line1"
          withAsterisk={required}
          disabled={disabled}
          maxLength={textLimits.street}
          key={form.key('address.address1')}
          {...form.getInputProps('address.address1')}
        />
      </div>
      <div className={columns.halfFromSm}>
        <LimitedTextInput
          label={t`Street 2`}
          autoComplete="address-line2"
          disabled={disabled}
          maxLength={textLimits.street}
          key={form.key('address.address2')}
          {...form.getInputProps('address.address2')}
        />
      </div>
      <div className={columns.halfFromSm}>
        <LimitedTextInput
          label={t`City`}
          autoComplete="address-level2"
          withAsterisk={required}
          disabled={disabled}
          maxLength={textLimits.city}
          key={form.key('address.locality')}
          {...form.getInputProps('address.locality')}
        />
      </div>
      <div className={columns.halfFromSm}>
        <NativeSelect
          label={t`State`}
          // The device's own picker (a phone's wheel, a desktop's list with type-to-find): no
          // dropdown code to load with the form (issue 43). The first, empty choice is the prompt.
          data={[
            { value: '', label: areas.isLoading ? t`Loading states…` : t`Select a state`, disabled: true },
            ...options,
          ]}
          withAsterisk={required}
          disabled={disabled}
          autoComplete="address-level1"
          key={form.key('address.administrativeArea')}
          {...stateInput}
          description={stateNote}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          onChange={(event) => {
            const code = event.currentTarget.value;
            const before = form.getValues().address.administrativeArea;
            if (stateChoice.onChange(code)) return;
            steppedFrom.current ??= before;
            form.setFieldValue('address.administrativeArea', code);
          }}
          onKeyDown={stateChoice.onKeyDown}
          onBlur={(event) => {
            formOnBlur?.(event);
            stateChoice.onBlur();
          }}
        />
      </div>
      <div className={columns.halfFromSm}>
        <TextInput
          label={t`Country`}
          value={t({ message: 'US', comment: 'The country of every address: the United States' })}
          readOnly
          disabled
          aria-readonly
        />
      </div>
      <div className={columns.halfFromSm}>
        <TextInput
          label={t`Zip Code`}
          inputMode="numeric"
          autoComplete="postal-code"
          withAsterisk
          // No maxLength: the browser would cut a pasted "NY 10118" to "NY 10" before its five
          // digits are kept (onPostalCodeChange keeps five, the spec's "max 5 typed").
          disabled={disabled}
          key={form.key('address.postalCode')}
          {...zipProps}
          description={zipNote}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          onChange={(event) => void onPostalCodeChange(event.currentTarget.value)}
          ref={zipInput}
          onFocus={(event) => {
            zipProps.onFocus?.(event);
            selectProposedZip();
          }}
          // A click in the field already focused (after Tab from the state) places the caret.
          onClick={selectProposedZip}
        />
      </div>
    </div>
  );
}
