/**
 * The part of CyberSource Microform v2's JavaScript API we use (the library is loaded at run time
 * from the URL its capture context names, so there is no package to take types from).
 */
export interface FlexField {
  load(container: HTMLElement | string): void;
  on(event: 'change', listener: (data: FlexChange) => void): void;
  on(event: 'focus' | 'blur' | 'load', listener: () => void): void;
  focus(): void;
  clear(): void;
  dispose(): void;
}

/** A field's `change` event; `card` lists the brands the digits typed so far may belong to. */
export interface FlexChange {
  empty?: boolean;
  valid?: boolean;
  couldBeValid?: boolean;
  card?: { name?: string; cybsCardType?: string }[];
}

export interface FlexError {
  reason?: string;
  message?: string;
  details?: { location?: string; message?: string }[];
}

export interface FlexMicroform {
  createField(
    type: 'number' | 'securityCode',
    options?: { placeholder?: string; title?: string; description?: string },
  ): FlexField;
  createToken(
    options: { expirationMonth: string; expirationYear: string },
    callback: (error: FlexError | null, token?: string) => void,
  ): void;
}

export type FlexConstructor = new (
  captureContext: string,
) => {
  microform(options?: { styles?: Record<string, Record<string, string>> }): FlexMicroform;
};

/** What the capture context (a JWT from our API, signed by CyberSource) says about the library. */
export interface CaptureContextLibrary {
  clientLibrary: string;
  clientLibraryIntegrity: string | undefined;
}

export function readCaptureContext(captureContext: string): CaptureContextLibrary {
  const part = (captureContext.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
  const payload = JSON.parse(atob(part.padEnd(Math.ceil(part.length / 4) * 4, '=')));
  const data = payload?.ctx?.[0]?.data ?? {};
  if (typeof data.clientLibrary !== 'string' || !data.clientLibrary.startsWith('http'))
    throw new Error('The capture context names no Microform library');
  return {
    clientLibrary: data.clientLibrary,
    clientLibraryIntegrity:
      typeof data.clientLibraryIntegrity === 'string' ? data.clientLibraryIntegrity : undefined,
  };
}

const loading = new Map<string, Promise<FlexConstructor>>();

/**
 * Adds Microform's script once per URL, with the Subresource Integrity hash the capture context
 * carries: a library changed in transit or at the CDN does not run. The CSP allows its origin
 * only when CyberSource is the configured processor.
 */
export function loadFlex({
  clientLibrary,
  clientLibraryIntegrity,
}: CaptureContextLibrary): Promise<FlexConstructor> {
  const known = loading.get(clientLibrary);
  if (known) return known;
  const promise = new Promise<FlexConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = clientLibrary;
    if (clientLibraryIntegrity) script.integrity = clientLibraryIntegrity;
    script.crossOrigin = 'anonymous';
    script.async = true;
    script.onload = () => {
      const Flex = (window as unknown as { Flex?: FlexConstructor }).Flex;
      if (Flex) resolve(Flex);
      else reject(new Error('Microform loaded without defining Flex'));
    };
    script.onerror = () => {
      loading.delete(clientLibrary);
      script.remove();
      reject(new Error('Microform could not be loaded'));
    };
    document.head.appendChild(script);
  });
  loading.set(clientLibrary, promise);
  return promise;
}
