import { Grid, Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { AddressValues } from './address.ts';
import { lookupPostalCode, proposePostalCode, useAdministrativeAreas } from './queries.ts';

interface AddressFieldsProps<V extends { address: AddressValues }> {
  form: UseFormReturnType<V>;
  /** Street, city and state marked required (onboarding and card billing address). */
  required?: boolean;
  streetLabel?: string;
  disabled?: boolean;
}

/**
 * Street, city, state, country (US, read-only) and ZIP. Choosing a state proposes a ZIP of
 * that state; typing a full ZIP sets the state (and the city when it is still empty).
 */
export function AddressFields<V extends { address: AddressValues }>({
  form: typedForm,
  required = false,
  streetLabel = 'Street 1',
  disabled = false,
}: AddressFieldsProps<V>) {
  const form = typedForm as unknown as UseFormReturnType<{ address: AddressValues }>;
  const areas = useAdministrativeAreas();
  const options = (areas.data ?? []).map((a) => ({ value: a.code, label: a.name }));

  const onStateChange = async (code: string | null) => {
    form.setFieldValue('address.administrativeArea', code ?? '');
    if (!code) return;
    const zip = await proposePostalCode(code);
    if (zip) form.setFieldValue('address.postalCode', zip);
  };

  const onPostalCodeChange = async (raw: string) => {
    // Spec: at most 5 digits are typed (ZIP+4 is accepted by the API but not typed here).
    const zip = raw.replace(/\D/g, '').slice(0, 5);
    form.setFieldValue('address.postalCode', zip);
    if (!/^\d{5}$/.test(zip)) return;
    const found = await lookupPostalCode(zip);
    if (!found) return;
    form.setFieldValue('address.administrativeArea', found.administrativeArea);
    if (found.locality && !form.getValues().address.locality)
      form.setFieldValue('address.locality', found.locality);
  };

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label={streetLabel}
          autoComplete="address-line1"
          withAsterisk={required}
          disabled={disabled}
          key={form.key('address.address1')}
          {...form.getInputProps('address.address1')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label="Street 2"
          autoComplete="address-line2"
          disabled={disabled}
          key={form.key('address.address2')}
          {...form.getInputProps('address.address2')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label="City"
          autoComplete="address-level2"
          withAsterisk={required}
          disabled={disabled}
          key={form.key('address.locality')}
          {...form.getInputProps('address.locality')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <Select
          label="State"
          placeholder={areas.isLoading ? 'Loading states…' : 'Select a state'}
          data={options}
          searchable
          withAsterisk={required}
          disabled={disabled}
          autoComplete="address-level1"
          nothingFoundMessage="No matching state"
          key={form.key('address.administrativeArea')}
          {...form.getInputProps('address.administrativeArea')}
          onChange={(code) => void onStateChange(code)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput label="Country" value="US" readOnly disabled aria-readonly />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label="Zip Code"
          inputMode="numeric"
          autoComplete="postal-code"
          withAsterisk
          maxLength={5}
          disabled={disabled}
          key={form.key('address.postalCode')}
          {...form.getInputProps('address.postalCode')}
          onChange={(event) => void onPostalCodeChange(event.currentTarget.value)}
        />
      </Grid.Col>
    </Grid>
  );
}
