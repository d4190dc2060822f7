import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SendError } from './ports.ts';
import { createTwilioSmsSender } from './twilio-sms-sender.ts';

/** A stand-in for Twilio's Messages API that records what it was sent. */
const requests: { method?: string; url?: string; auth?: string; type?: string; body: string }[] = [];
let reply = { status: 201, body: '{"sid":"SM1","status":"queued"}' };
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      requests.push({
        method: req.method,
        url: req.url,
        auth: req.headers.authorization,
        type: req.headers['content-type'],
        body,
      });
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server?.close(() => resolve())));

const sender = () =>
  createTwilioSmsSender({ accountSid: 'AC123', authToken: 's3cret', from: '+12025550100', baseUrl });
const sms = {
  id: 7,
  recipient: '+12025550101',
  subject: null,
  text: 'Pria: we charged $3.00 & more',
  html: null,
};

describe('Twilio SMS adapter', () => {
  it('posts a form-encoded To/From/Body with basic auth', async () => {
    await sender().send(sms);
    const r = requests.at(-1);
    expect(r?.method).toBe('POST');
    expect(r?.url).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(r?.auth).toBe(`Basic ${Buffer.from('AC123:s3cret').toString('base64')}`);
    expect(r?.type).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(r?.body))).toEqual({
      To: '+12025550101',
      From: '+12025550100',
      Body: 'Pria: we charged $3.00 & more',
    });
  });

  it('treats a refused number as permanent and a provider outage as worth retrying', async () => {
    reply = { status: 400, body: '{"code":21211,"message":"Invalid To Phone Number"}' };
    await expect(sender().send(sms)).rejects.toMatchObject({
      permanent: true,
      message: expect.stringContaining('21211'),
    });
    reply = { status: 503, body: 'unavailable' };
    await expect(sender().send(sms)).rejects.toMatchObject({ permanent: false });
    reply = { status: 429, body: 'slow down' };
    await expect(sender().send(sms)).rejects.toBeInstanceOf(SendError);
    await expect(sender().send(sms)).rejects.toMatchObject({ permanent: false });
  });

  it('retries when the provider cannot be reached', async () => {
    const down = createTwilioSmsSender({
      accountSid: 'AC123',
      authToken: 's3cret',
      from: '+12025550100',
      baseUrl: 'http://127.0.0.1:1',
    });
    await expect(down.send(sms)).rejects.toMatchObject({ permanent: false });
  });
});
