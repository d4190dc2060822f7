import { defineCatalog } from './format.ts';

/**
 * A signed-in device and where it signed in from, in words (apps/server/src/platform/device-words.ts):
 * Account → Security's lists and the security notices, in the reader's language (ADR 74). The
 * browser's and the system's names ("Chrome", "Windows") are the names they go by, as written;
 * the network is the address masked to it ("127.0.0.x", "2001:db8:85a3::/48").
 */
export const deviceNames = defineCatalog({
  en: {
    browserOnSystem: '{browser} on {system}',
    unknownDevice: 'Unknown device',
    unknownBrowser: 'Unknown browser',
    network: 'Network {network}',
    unknownPlace: 'Unknown place',
  },
  es: {
    browserOnSystem: '{browser} en {system}',
    unknownDevice: 'Dispositivo desconocido',
    unknownBrowser: 'Navegador desconocido',
    network: 'Red {network}',
    unknownPlace: 'Lugar desconocido',
  },
});
