import { describe, expect, it } from 'vitest';
import { createResourceIndex } from './allowed-methods.ts';

/** The routes of the cases issue 41 found, as Fastify registers them (HEAD beside each GET). */
function index() {
  const resources = createResourceIndex();
  for (const [method, url] of [
    ['GET', '/api/v1/cards'],
    ['HEAD', '/api/v1/cards'],
    ['POST', '/api/v1/cards'],
    ['GET', '/api/v1/cards/public-key'],
    ['HEAD', '/api/v1/cards/public-key'],
    ['PUT', '/api/v1/cards/:cardId'],
    ['DELETE', '/api/v1/cards/:cardId'],
    ['GET', '/api/v1/customers/:id'],
    ['HEAD', '/api/v1/customers/:id'],
    ['PUT', '/api/v1/customers/:id'],
    ['GET', '/api/v1/customers/notification'],
    ['HEAD', '/api/v1/customers/notification'],
    ['POST', '/api/v1/customers/notification'],
    ['PUT', '/api/v1/customers/change-password'],
    ['GET', '/api/v1/logs/:userId'],
    ['DELETE', '/api/v1/logs/:id'],
  ] as const) {
    resources.add({ method, url });
  }
  return resources;
}

describe('the resource a path names, whatever the method', () => {
  it('a static path is its own resource: a parametric sibling lends it no method', () => {
    expect(index().resourceOf('/api/v1/cards/public-key')?.methods).toEqual(['GET', 'HEAD']);
    expect(index().resourceOf('/api/v1/customers/change-password')?.methods).toEqual(['PUT']);
    expect(index().resourceOf('/api/v1/customers/notification?x=1')?.methods).toEqual([
      'GET',
      'HEAD',
      'POST',
    ]);
  });

  it('any other value of the parameter is the parametric resource', () => {
    const resource = index().resourceOf('/api/v1/cards/0b6f6c8e-9d1c-4d0e-9a43-7f5b0d9b2c11');
    expect(resource?.methods).toEqual(['DELETE', 'PUT']);
    expect(index().isResource('/api/v1/cards/:cardId', resource?.shape ?? '')).toBe(true);
    expect(index().isResource('/api/v1/cards/public-key', resource?.shape ?? '')).toBe(false);
  });

  it('a route reached through a parameter is not the resource of a static path it matches', () => {
    const resources = index();
    const shadowed = resources.resourceOf('/api/v1/customers/notification');
    expect(resources.isResource('/api/v1/customers/:id', shadowed?.shape ?? '')).toBe(false);
  });

  it('one resource whatever its routes call the parameter', () => {
    expect(index().resourceOf('/api/v1/logs/abc')?.methods).toEqual(['DELETE', 'GET']);
  });

  it('a path no route has names no resource', () => {
    expect(index().resourceOf('/api/v1/nothing')).toBeUndefined();
    expect(index().resourceOf('/api/v1/cards/a/b')).toBeUndefined();
  });
});
