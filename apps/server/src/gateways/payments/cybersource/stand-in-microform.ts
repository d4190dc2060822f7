import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * TEST UTILITY: the browser side of the CyberSource stand-in, a fake Microform v2. The stand-in
 * serves a small library that defines `Flex` with Microform's shape (`new Flex(captureContext)`,
 * `flex.microform()`, `microform.createField('number' | 'securityCode')`, `field.load()`,
 * `field.on('change' | 'focus' | 'blur' | 'load')`, `microform.createToken(options, cb)`); each
 * field is a plain input in an iframe on the stand-in's origin, so, as with the real thing, the
 * page that embeds it never holds the number or the CVC. The number frame reads the CVC from its
 * sibling frame (same origin) and posts both to the stand-in, which answers a transient token.
 */
export interface MicroformSession {
  allowedCardNetworks: string[];
  targetOrigins: string[];
}

export interface MicroformDeps {
  url: string;
  sessions: Map<string, MicroformSession>;
  /** Registers the card and answers its transient token (what the adapter later sends). */
  transientToken(number: string): string;
}

export const microformLibraryPath = '/microform/bundle/v2/flex-microform.min.js';

const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** A capture context shaped like CyberSource's (the signature is not checked by the fake library). */
export function captureContextJwt(
  deps: MicroformDeps,
  request: { targetOrigins?: string[]; allowedCardNetworks?: string[] },
) {
  const jti = randomBytes(8).toString('hex');
  const session = {
    allowedCardNetworks: request.allowedCardNetworks ?? [],
    targetOrigins: request.targetOrigins ?? [],
  };
  deps.sessions.set(jti, session);
  const iat = Math.floor(Date.now() / 1000);
  const payload = {
    flx: { path: '/flex/v2/tokens', data: randomBytes(24).toString('base64'), origin: deps.url },
    ctx: [
      {
        data: {
          clientLibrary: `${deps.url}${microformLibraryPath}`,
          clientLibraryIntegrity: integrityOf(library),
          allowedCardNetworks: session.allowedCardNetworks,
          targetOrigins: session.targetOrigins,
          mfOrigin: deps.url,
        },
        type: 'mf-2.0.0',
      },
    ],
    iss: 'Flex API',
    exp: iat + 15 * 60,
    iat,
    jti,
  };
  return `${b64url({ kid: 'standin', alg: 'RS256' })}.${b64url(payload)}.c2lnbmF0dXJl`;
}

/** Answers the fake Microform's browser requests; false when the path is not one of them. */
export async function serveMicroform(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  raw: Buffer,
  deps: MicroformDeps,
): Promise<boolean> {
  const m = `${req.method} ${path}`;
  if (m === `GET ${microformLibraryPath}`) {
    // Loaded cross-origin with Subresource Integrity, so it must be CORS-readable.
    res
      .writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'access-control-allow-origin': '*',
        'cache-control': 'no-store',
      })
      .end(library);
    return true;
  }
  if (m === 'GET /microform/field.js') {
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(fieldScript);
    return true;
  }
  if (m === 'GET /microform/field') {
    const q = new URL(String(req.url), deps.url).searchParams;
    const field = q.get('field') === 'securityCode' ? 'securityCode' : 'number';
    const session = String(q.get('session') ?? '').replace(/[^\w-]/g, '');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(fieldPage(field, session));
    return true;
  }
  if (m === 'POST /flex/v2/tokens') {
    const body = JSON.parse(raw.toString('utf8') || '{}');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(tokenize(body, deps)));
    return true;
  }
  return false;
}

interface TokenRequest {
  session?: string;
  number?: string;
  securityCode?: string;
  expirationMonth?: string;
  expirationYear?: string;
}

function tokenize(body: TokenRequest, deps: MicroformDeps) {
  const session = deps.sessions.get(String(body.session));
  if (!session)
    return { error: { reason: 'CAPTURE_CONTEXT_INVALID', message: 'The capture context is not valid' } };
  const details: { location: string; message: string }[] = [];
  const number = String(body.number ?? '');
  const network = networkOf(number);
  if (
    !/^\d{13,19}$/.test(number) ||
    !luhn(number) ||
    !network ||
    !session.allowedCardNetworks.includes(network)
  )
    details.push({ location: 'number', message: 'Validation error' });
  if (body.securityCode !== undefined && !/^\d{3,4}$/.test(body.securityCode))
    details.push({ location: 'securityCode', message: 'Validation error' });
  if (body.expirationMonth !== undefined && !/^(0[1-9]|1[0-2])$/.test(body.expirationMonth))
    details.push({ location: 'expirationMonth', message: 'Validation error' });
  if (body.expirationYear !== undefined && !/^\d{4}$/.test(body.expirationYear))
    details.push({ location: 'expirationYear', message: 'Validation error' });
  if (details.length)
    return { error: { reason: 'CREATE_TOKEN_VALIDATION_FIELDS', message: 'Validation error', details } };
  return { token: deps.transientToken(number) };
}

function networkOf(n: string) {
  if (n.startsWith('4')) return 'VISA';
  if (/^(5[1-5]|2[2-7])/.test(n)) return 'MASTERCARD';
  if (/^3[47]/.test(n)) return 'AMEX';
  if (n.startsWith('6')) return 'DISCOVER';
  return null;
}

function luhn(n: string) {
  let sum = 0;
  for (let i = 0; i < n.length; i++) {
    let d = Number(n[n.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

function integrityOf(source: string) {
  return `sha384-${createHash('sha384').update(source).digest('base64')}`;
}

function fieldPage(field: string, session: string) {
  return `<!doctype html>
<html lang="en" data-field="${field}" data-session="${session}"><head><meta charset="utf-8">
<style>html,body{margin:0;height:100%;background:transparent}
input{box-sizing:border-box;width:100%;height:100%;border:0;outline:0;padding:0 2px;font:14px system-ui,sans-serif;color:#1a1b1e;background:transparent}</style>
</head><body><input id="field"><script src="/microform/field.js"></script></body></html>`;
}

/** The library the merchant page loads: the parent side of the fields. */
const library = `(function () {
  'use strict';
  var SOURCE = 'standin-microform';
  function decode(jwt) {
    var part = String(jwt).split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(atob(part));
  }
  function Flex(captureContext) {
    var payload = decode(captureContext);
    this.origin = payload.flx.origin;
    this.session = payload.jti;
  }
  Flex.prototype.microform = function (options) {
    return new Microform(this, options || {});
  };
  function Microform(flex, options) {
    var self = this;
    this.flex = flex;
    this.options = options;
    this.fields = {};
    this.pending = {};
    this.seq = 0;
    window.addEventListener('message', function (e) {
      var m = e.data;
      if (e.origin !== flex.origin || !m || m.source !== SOURCE || m.session !== flex.session) return;
      if (m.type === 'event' && self.fields[m.field]) self.fields[m.field].emit(m.event, m.data);
      if (m.type === 'token' && self.pending[m.id]) {
        var cb = self.pending[m.id];
        delete self.pending[m.id];
        if (m.error) cb(m.error);
        else cb(null, m.token);
      }
    });
  }
  Microform.prototype.createField = function (type, options) {
    if (type !== 'number' && type !== 'securityCode') throw new Error('Unknown field type: ' + type);
    if (this.fields[type]) throw new Error('A ' + type + ' field already exists');
    var field = new Field(this, type, options || {});
    this.fields[type] = field;
    return field;
  };
  Microform.prototype.createToken = function (options, cb) {
    var number = this.fields.number;
    if (!number || !number.frame) {
      cb({ reason: 'CREATE_TOKEN_NO_FIELDS_LOADED', message: 'No card number field is loaded' });
      return;
    }
    var id = ++this.seq;
    this.pending[id] = cb;
    number.post({ type: 'tokenize', id: id, options: options || {} });
  };
  function Field(microform, type, options) {
    this.microform = microform;
    this.type = type;
    this.options = options;
    this.handlers = {};
    this.frame = null;
  }
  Field.prototype.load = function (container) {
    var el = typeof container === 'string' ? document.querySelector(container) : container;
    if (!el) throw new Error('Container not found');
    var flex = this.microform.flex;
    var q = new URLSearchParams({ field: this.type, session: flex.session, parent: location.origin });
    var frame = document.createElement('iframe');
    frame.src = flex.origin + '/microform/field?' + q.toString();
    frame.title = this.options.title || (this.type === 'number' ? 'secure card number field' : 'secure CVN field');
    frame.setAttribute('style', 'width:100%;height:100%;border:0;display:block');
    el.appendChild(frame);
    this.frame = frame;
    var self = this;
    frame.addEventListener('load', function () {
      self.post({
        type: 'setup',
        placeholder: self.options.placeholder || '',
        label: self.options.description || self.options.title || '',
        disabled: Boolean(self.options.disabled),
        styles: self.microform.options.styles || {},
      });
    });
  };
  Field.prototype.post = function (message) {
    if (!this.frame || !this.frame.contentWindow) return;
    message.session = this.microform.flex.session;
    this.frame.contentWindow.postMessage(message, this.microform.flex.origin);
  };
  Field.prototype.on = function (type, listener) {
    (this.handlers[type] = this.handlers[type] || []).push(listener);
  };
  Field.prototype.off = function (type, listener) {
    this.handlers[type] = (this.handlers[type] || []).filter(function (h) { return h !== listener; });
  };
  Field.prototype.emit = function (type, data) {
    (this.handlers[type] || []).slice().forEach(function (h) { h(data); });
  };
  Field.prototype.focus = function () { this.post({ type: 'focus' }); };
  Field.prototype.clear = function () { this.post({ type: 'clear' }); };
  Field.prototype.update = function (options) {
    for (var k in options) this.options[k] = options[k];
    this.post({ type: 'setup', placeholder: this.options.placeholder || '', disabled: Boolean(this.options.disabled) });
  };
  Field.prototype.dispose = function () {
    if (this.frame) this.frame.remove();
    this.frame = null;
    delete this.microform.fields[this.type];
  };
  window.Flex = Flex;
})();
`;

/** The script in each field's frame: the input, its events, and (number frame) tokenizing. */
const fieldScript = `(function () {
  'use strict';
  var params = new URLSearchParams(location.search);
  var field = document.documentElement.dataset.field;
  var session = document.documentElement.dataset.session;
  var parentOrigin = params.get('parent');
  var input = document.getElementById('field');
  input.inputMode = 'numeric';
  input.autocomplete = field === 'number' ? 'cc-number' : 'cc-csc';
  input.maxLength = field === 'number' ? 23 : 4;
  function post(message) {
    message.source = 'standin-microform';
    message.session = session;
    message.field = field;
    parent.postMessage(message, parentOrigin);
  }
  function emit(event, data) { post({ type: 'event', event: event, data: data || {} }); }
  function digits() { return input.value.replace(/\\D/g, ''); }
  function card(n) {
    if (/^4/.test(n)) return { name: 'visa', brandedName: 'Visa', cybsCardType: '001' };
    if (/^(5[1-5]|2[2-7])/.test(n)) return { name: 'mastercard', brandedName: 'Mastercard', cybsCardType: '002' };
    if (/^3[47]/.test(n)) return { name: 'amex', brandedName: 'American Express', cybsCardType: '003' };
    if (/^6/.test(n)) return { name: 'discover', brandedName: 'Discover', cybsCardType: '004' };
    return null;
  }
  function luhn(n) {
    var sum = 0;
    for (var i = 0; i < n.length; i++) {
      var d = Number(n[n.length - 1 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    return sum % 10 === 0;
  }
  function state() {
    var n = digits();
    if (field === 'number') {
      var c = card(n);
      return { empty: !n, valid: n.length >= 13 && n.length <= 19 && luhn(n), couldBeValid: n.length <= 19, card: c ? [c] : [] };
    }
    return { empty: !n, valid: n.length >= 3 && n.length <= 4, couldBeValid: n.length <= 4 };
  }
  input.addEventListener('input', function () {
    var n = digits();
    input.value = field === 'number' ? n.replace(/(\\d{4})(?=\\d)/g, '$1 ') : n;
    emit('change', state());
  });
  input.addEventListener('focus', function () { emit('focus'); });
  input.addEventListener('blur', function () { emit('blur'); });
  function sibling(name) {
    for (var i = 0; i < parent.frames.length; i++) {
      try {
        var doc = parent.frames[i].document;
        if (doc.documentElement.dataset.field === name && doc.documentElement.dataset.session === session)
          return doc.getElementById('field').value.replace(/\\D/g, '');
      } catch (e) {}
    }
    return undefined;
  }
  function tokenize(m) {
    fetch('/flex/v2/tokens', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        session: session,
        number: digits(),
        securityCode: sibling('securityCode'),
        expirationMonth: m.options.expirationMonth,
        expirationYear: m.options.expirationYear,
      }),
    })
      .then(function (r) { return r.json(); })
      .then(function (b) { post({ type: 'token', id: m.id, token: b.token, error: b.error }); })
      .catch(function () {
        post({ type: 'token', id: m.id, error: { reason: 'CREATE_TOKEN_XHR_ERROR', message: 'Network error' } });
      });
  }
  window.addEventListener('message', function (e) {
    var m = e.data;
    if (e.origin !== parentOrigin || !m || m.session !== session) return;
    if (m.type === 'setup') {
      input.placeholder = m.placeholder || '';
      input.disabled = Boolean(m.disabled);
      if (m.label) input.setAttribute('aria-label', m.label);
      var style = (m.styles && m.styles.input) || {};
      for (var k in style) input.style.setProperty(k, style[k]);
      emit('load');
    }
    if (m.type === 'focus') input.focus();
    if (m.type === 'clear') { input.value = ''; emit('change', state()); }
    if (m.type === 'tokenize' && field === 'number') tokenize(m);
  });
})();
`;
