import { Input } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './hosted-field.module.css';
import type { HostedFieldName, MicroformFields } from './use-microform.ts';

interface HostedCardFieldProps {
  microform: MicroformFields;
  field: HostedFieldName;
  label: string;
  error?: ReactNode;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
}

/**
 * A CyberSource Microform field in our form: our label, asterisk and error around a box where
 * Microform mounts its frame (the input itself lives on CyberSource's origin). The frame is in
 * the tab order and titled with the label; clicking the label focuses it; errors are announced
 * (role=alert), since the input cannot point at them with aria-describedby.
 */
export function HostedCardField({
  microform,
  field,
  label,
  error,
  leftSection,
  rightSection,
}: HostedCardFieldProps) {
  const state = microform[field];
  return (
    <Input.Wrapper
      label={label}
      withAsterisk
      error={error}
      errorProps={{ role: 'alert' }}
      labelProps={{ onClick: () => microform.focus(field) }}
    >
      <div
        className={classes.box}
        data-focused={state.focused || undefined}
        data-error={error ? true : undefined}
        data-loading={microform.status === 'loading' || undefined}
        data-hosted-field={field}
      >
        {leftSection && <span className={classes.icon}>{leftSection}</span>}
        <div className={classes.frame} ref={microform.containerRef(field)} />
        {rightSection}
      </div>
    </Input.Wrapper>
  );
}
