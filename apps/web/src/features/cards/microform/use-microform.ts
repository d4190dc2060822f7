import { brandFromInput, messages } from '@pria/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type FlexError, type FlexField, type FlexMicroform, loadFlex, readCaptureContext } from './flex.ts';

export type HostedFieldName = 'number' | 'securityCode';

/** What the page may know about a hosted field: never its content, only these flags. */
export interface HostedFieldState {
  empty: boolean;
  valid: boolean;
  focused: boolean;
}

export interface MicroformFields {
  status: 'loading' | 'ready' | 'failed';
  number: HostedFieldState;
  securityCode: HostedFieldState;
  /** The brand Microform detected from the digits typed so far ('visa', 'mastercard', 'american express'...), or ''. */
  brand: string;
  /** Where each field's frame goes (the containers must stay in the page while the form lives). */
  containerRef(field: HostedFieldName): (element: HTMLDivElement | null) => void;
  focus(field: HostedFieldName): void;
  /** Empties both fields (a form reset). */
  clear(): void;
  /** The transient token for the card in the fields (throws MicroformTokenError). */
  createToken(expiry: { expirationMonth: number; expirationYear: number }): Promise<string>;
}

/** Why Microform would not tokenize: the fields it found wrong, in our form's words. */
export class MicroformTokenError extends Error {
  readonly fieldErrors: Partial<Record<'number' | 'cvc' | 'expirationDate', string>>;
  constructor(error: FlexError | null) {
    super(error?.message ?? 'Microform could not create a token');
    this.name = 'MicroformTokenError';
    const fieldErrors: MicroformTokenError['fieldErrors'] = {};
    if (error?.reason === 'CREATE_TOKEN_VALIDATION_FIELDS') {
      for (const { location } of error.details ?? []) {
        if (location === 'number') fieldErrors.number = messages.invalidCardNumber;
        if (location === 'securityCode') fieldErrors.cvc = messages.invalidCvc;
        if (location === 'expirationMonth' || location === 'expirationYear')
          fieldErrors.expirationDate = messages.invalidDate;
      }
    }
    this.fieldErrors = fieldErrors;
  }
}

const blank: HostedFieldState = { empty: true, valid: false, focused: false };

/** Microform's field names for the brands it detects, as our brand names. */
const brandOfMicroform = (name: string | undefined) =>
  name === 'amex' ? 'american express' : (brandFromInput(name ?? '') ?? (name ? 'other' : ''));

// Close to Mantine's input text so the hosted fields do not look foreign in our form.
const styles = {
  input: { 'font-size': '14px', 'font-family': 'system-ui, sans-serif', color: '#1a1b1e' },
  '::placeholder': { color: '#868e96' },
  ':disabled': { cursor: 'not-allowed' },
};

/**
 * CyberSource Microform for the card number and CVC: loads the library the capture context
 * names, mounts one field in each container and reports their state. The digits are typed into
 * CyberSource's frames; the page only ever receives the transient token.
 */
export function useMicroform(captureContext: string | null): MicroformFields {
  // The fields keep the first capture context they got: a newer one (a refetch) would restart
  // them and lose what was typed.
  const [active, setActive] = useState(captureContext);
  if (captureContext && !active) setActive(captureContext);
  const [status, setStatus] = useState<MicroformFields['status']>('loading');
  const [number, setNumber] = useState(blank);
  const [securityCode, setSecurityCode] = useState(blank);
  const [brand, setBrand] = useState('');
  const containers = useRef<Partial<Record<HostedFieldName, HTMLDivElement>>>({});
  const fields = useRef<Partial<Record<HostedFieldName, FlexField>>>({});
  const microform = useRef<FlexMicroform | null>(null);

  useEffect(() => {
    const captureContext = active;
    if (!captureContext) return;
    let live = true;
    const created: FlexField[] = [];
    setStatus('loading');
    loadFlex(readCaptureContext(captureContext))
      .then((Flex) => {
        if (!live) return;
        const form = new Flex(captureContext).microform({ styles });
        const setters = { number: setNumber, securityCode: setSecurityCode };
        let loaded = 0;
        for (const name of ['number', 'securityCode'] as const) {
          const container = containers.current[name];
          if (!container) throw new Error(`no container for the ${name} field`);
          const title = name === 'number' ? 'Card number' : 'CVC';
          const field = form.createField(name, {
            placeholder: name === 'number' ? '1234 5678 9012 3456' : '123',
            title,
            description: title,
          });
          const set = setters[name];
          field.on('change', (data) => {
            set((s) => ({ ...s, empty: data.empty !== false, valid: data.valid === true }));
            if (name === 'number') setBrand(brandOfMicroform(data.card?.[0]?.name));
          });
          field.on('focus', () => set((s) => ({ ...s, focused: true })));
          field.on('blur', () => set((s) => ({ ...s, focused: false })));
          field.on('load', () => {
            loaded += 1;
            if (live && loaded === 2) setStatus('ready');
          });
          field.load(container);
          fields.current[name] = field;
          created.push(field);
        }
        microform.current = form;
      })
      .catch(() => {
        if (live) setStatus('failed');
      });
    return () => {
      live = false;
      for (const field of created) field.dispose();
      fields.current = {};
      microform.current = null;
    };
  }, [active]);

  const containerRef = useCallback(
    (field: HostedFieldName) => (element: HTMLDivElement | null) => {
      if (element) containers.current[field] = element;
    },
    [],
  );

  const focus = useCallback((field: HostedFieldName) => fields.current[field]?.focus(), []);
  const clear = useCallback(() => {
    for (const field of Object.values(fields.current)) field?.clear();
  }, []);

  const createToken = useCallback(
    ({ expirationMonth, expirationYear }: { expirationMonth: number; expirationYear: number }) =>
      new Promise<string>((resolve, reject) => {
        const form = microform.current;
        if (!form) return reject(new MicroformTokenError(null));
        form.createToken(
          {
            expirationMonth: String(expirationMonth).padStart(2, '0'),
            expirationYear: String(expirationYear),
          },
          (error, token) => (error || !token ? reject(new MicroformTokenError(error)) : resolve(token)),
        );
      }),
    [],
  );

  return { status, number, securityCode, brand, containerRef, focus, clear, createToken };
}

/** The errors the form shows for the hosted fields, with the same words as the plain inputs. */
export function hostedFieldErrors(m: MicroformFields): Partial<Record<'number' | 'cvc', string>> {
  if (m.status !== 'ready') return { number: messages.cardEntryUnavailable };
  const errors: Partial<Record<'number' | 'cvc', string>> = {};
  if (m.number.empty) errors.number = messages.cardNumberRequired;
  else if (m.brand && m.brand !== 'visa' && m.brand !== 'mastercard')
    errors.number = messages.cardBrandNotAccepted;
  else if (!m.number.valid) errors.number = messages.invalidCardNumber;
  if (m.securityCode.empty) errors.cvc = messages.cvcRequired;
  else if (!m.securityCode.valid) errors.cvc = messages.invalidCvc;
  return errors;
}
