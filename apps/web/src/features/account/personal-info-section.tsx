import { Skeleton } from '@mantine/core';
import { useUpdateProfile } from '../customer/mutations.ts';
import { useCustomer } from '../customer/queries.ts';
import { ProfileForm } from '../profile/profile-form.tsx';
import { toProfilePayload } from '../profile/profile-values.ts';

export function PersonalInfoForm() {
  const customer = useCustomer();
  const update = useUpdateProfile();
  if (!customer.data) return <Skeleton height={320} radius="md" aria-label="Loading your profile" />;
  return (
    <ProfileForm
      key={customer.dataUpdatedAt}
      customer={customer.data}
      saving={update.isPending}
      submitLabel="Save changes"
      onSubmit={(values) => update.mutate(toProfilePayload(values, false))}
    />
  );
}
