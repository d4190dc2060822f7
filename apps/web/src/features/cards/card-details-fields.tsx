import { Trans, useLingui } from '@lingui/react/macro';
import { TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { brandDisplayNames, brandFromInput, textLimits } from '@pria/contracts';
import { IconCreditCard } from '@tabler/icons-react';
import { BrandMark } from './brand-mark.tsx';

/** 'American Express', never the code's lower-case key. */
const brandName = (brand: string) => {
  const known = brandFromInput(brand);
  return known ? brandDisplayNames[known] : brand;
};

import columns from '../../components/columns.module.css';
import { LimitedTextInput } from '../../components/form/limited-text.tsx';
import {
  brandFor,
  type CardFormState,
  formatCardNumber,
  formatCvc,
  formatExpiry,
} from './card-form-values.ts';
import { HostedCardField } from './microform/hosted-card-field.tsx';
import type { MicroformFields } from './microform/use-microform.ts';

interface CardDetailsFieldsProps {
  form: UseFormReturnType<CardFormState>;
  /** Edit mode: the number and CVC of a stored card cannot change (and are masked). */
  lockSecret?: boolean;
  /** Name on card cannot change either once the card is stored. */
  lockName?: boolean;
  /** Checkout with an existing card: every field is shown, none editable. */
  readOnly?: boolean;
  /**
   * CyberSource: number and CVC are Microform's hosted fields, typed on CyberSource's page; this
   * form never holds them.
   */
  hosted?: MicroformFields;
  /** Until the API said how cards are taken, number and CVC cannot be typed. */
  entryPending?: boolean;
}

export function CardDetailsFields({
  form,
  lockSecret = false,
  lockName = false,
  readOnly = false,
  hosted,
  entryPending = false,
}: CardDetailsFieldsProps) {
  const { t } = useLingui();
  const { number } = form.values;
  // Microform says which brand its number field holds; our own input is read here.
  const brand = hosted ? hosted.brand : form.values.brand;
  const numberError = form.errors.number ?? form.errors.brand;
  const brandMark = brand ? <BrandMark brand={brand} height={20} /> : null;
  return (
    <div className={columns.grid}>
      <div className={columns.span12}>
        <LimitedTextInput
          label={t`Name on card`}
          autoComplete="cc-name"
          withAsterisk={!readOnly && !lockName}
          disabled={readOnly || lockName}
          maxLength={textLimits.cardName}
          {...form.getInputProps('name')}
        />
      </div>
      <div className={columns.span12}>
        {hosted ? (
          <HostedCardField
            microform={hosted}
            field="number"
            label={t`Card number`}
            error={numberError}
            leftSection={<IconCreditCard size={18} aria-hidden />}
            rightSection={brandMark}
          />
        ) : (
          <TextInput
            label={t`Card number`}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 5678 9012 3456"
            maxLength={23}
            withAsterisk={!readOnly && !lockSecret}
            disabled={readOnly || lockSecret || entryPending}
            leftSection={<IconCreditCard size={18} aria-hidden />}
            rightSection={brandMark}
            rightSectionWidth={brand ? 64 : undefined}
            aria-describedby={brand ? 'card-brand-detected' : undefined}
            {...form.getInputProps('number')}
            error={numberError}
            value={number}
            onChange={(event) => {
              const value = formatCardNumber(event.currentTarget.value);
              form.setFieldValue('number', value);
              form.setFieldValue('brand', brandFor(value));
            }}
          />
        )}
        {brand && (
          <span id="card-brand-detected" className="visually-hidden">
            <Trans>Detected brand: {brandName(brand)}</Trans>
          </span>
        )}
      </div>
      <div className={columns.span6}>
        <TextInput
          label={t`Expiry date`}
          placeholder={t`MM/YY`}
          inputMode="numeric"
          autoComplete="cc-exp"
          // No maxLength: the browser would cut a pasted "12 / 30" to "12 / " before formatExpiry
          // reads it; formatExpiry stops at MM/YY itself.
          withAsterisk={!readOnly}
          disabled={readOnly}
          {...form.getInputProps('expirationDate')}
          onChange={(event) =>
            form.setFieldValue(
              'expirationDate',
              formatExpiry(event.currentTarget.value, form.values.expirationDate),
            )
          }
        />
      </div>
      <div className={columns.span6}>
        {hosted ? (
          <HostedCardField microform={hosted} field="securityCode" label={t`CVC`} error={form.errors.cvc} />
        ) : (
          <TextInput
            label={t`CVC`}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            withAsterisk={!readOnly && !lockSecret}
            disabled={readOnly || lockSecret || entryPending}
            {...form.getInputProps('cvc')}
            onChange={(event) => form.setFieldValue('cvc', formatCvc(event.currentTarget.value))}
          />
        )}
      </div>
    </div>
  );
}
