import { Grid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconCreditCard } from '@tabler/icons-react';
import { BrandMark } from './brand-mark.tsx';
import {
  brandFor,
  type CardFormState,
  formatCardNumber,
  formatCvc,
  formatExpiry,
} from './card-form-values.ts';

interface CardDetailsFieldsProps {
  form: UseFormReturnType<CardFormState>;
  /** Edit mode: the number and CVC of a stored card cannot change (and are masked). */
  lockSecret?: boolean;
  /** Name on card cannot change either once the card is stored. */
  lockName?: boolean;
  /** Checkout with an existing card: every field is shown, none editable. */
  readOnly?: boolean;
}

export function CardDetailsFields({
  form,
  lockSecret = false,
  lockName = false,
  readOnly = false,
}: CardDetailsFieldsProps) {
  const { brand, number } = form.values;
  const numberError = form.errors.number ?? form.errors.brand;
  return (
    <Grid gap="md">
      <Grid.Col span={12}>
        <TextInput
          label="Name on card"
          autoComplete="cc-name"
          withAsterisk={!readOnly && !lockName}
          disabled={readOnly || lockName}
          {...form.getInputProps('name')}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <TextInput
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 5678 9012 3456"
          maxLength={23}
          withAsterisk={!readOnly && !lockSecret}
          disabled={readOnly || lockSecret}
          leftSection={<IconCreditCard size={18} aria-hidden />}
          rightSection={brand ? <BrandMark brand={brand} height={20} /> : null}
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
        {brand && (
          <span id="card-brand-detected" className="visually-hidden">
            Detected brand: {brand}
          </span>
        )}
      </Grid.Col>
      <Grid.Col span={6}>
        <TextInput
          label="Expiry date"
          placeholder="MM/YY"
          inputMode="numeric"
          autoComplete="cc-exp"
          maxLength={5}
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
      </Grid.Col>
      <Grid.Col span={6}>
        <TextInput
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          withAsterisk={!readOnly && !lockSecret}
          disabled={readOnly || lockSecret}
          {...form.getInputProps('cvc')}
          onChange={(event) => form.setFieldValue('cvc', formatCvc(event.currentTarget.value))}
        />
      </Grid.Col>
    </Grid>
  );
}
