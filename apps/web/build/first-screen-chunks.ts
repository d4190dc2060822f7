/**
 * One chunk per set of first screens (ADR 77). Rolldown's automatic splitting makes one chunk per
 * set of *lazy entries* that share a module, and the app has ~100 lazy entries (areas, screens,
 * dialogs, catalogs), so a first visit to /dashboard fetched ~67 scripts of 1-15 KB each. On a
 * phone's HTTP/1.1 (six connections, each request at least one round trip) that is ~12 round trips
 * one after another before the screen can render, whatever the bytes.
 *
 * The build runs twice (package.json's `build`): a planning build with the automatic split writes
 * which chunks each first screen loads (`planFrom`, from the chunks' static imports, so exactly what
 * tree-shaking kept), and the real build puts the modules of every such chunk in a chunk named after
 * the set of first screens that load it. A screen then loads the modules it loaded before (a chunk
 * whose set names a screen holds only modules that screen needs) in far fewer files; a set whose
 * code is tiny joins the chunk of a larger set that contains it (`MERGE_BELOW`: a few hundred bytes
 * more for some screens, a request less for all of its own). Left as they were: modules no first screen loads (dialogs, rarely used pages), the lazy entries'
 * own chunks (they keep their manifest keys, which prerender.ts and bench/bundle.ts read), the
 * entry chunk itself, and the server-side (prerender) build.
 *
 * Whoever loads a chunk loads its imports, so a chunk's imports are in chunks whose set of screens
 * contains its own: the named chunks import each other one way, which is why a module's
 * dependencies need not follow it (`includeDependenciesRecursively: false`); a merge that would make
 * two chunks import each other is not made.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { importClosure } from './import-closure.ts';

/**
 * What a signed-in screen loads once it is on view (ADR 83): the OIDC client (after a screen shown
 * from the stored session), the customer area's side menu and confirmations' dialogs. Sets of their
 * own below, so a chunk they load holds what they need and not the other screens' code that shares
 * a module with them (Floating UI with the forms' zod).
 */
export const afterFirstScreen = {
  customer: [
    'src/app/auth/oidc-session.tsx',
    'src/app/layout/customer-side-menu.tsx',
    'src/components/confirm-dialogs.tsx',
  ],
  /**
   * The account page's dialogs (deleting the account, new recovery codes, a passkey's name), loaded
   * once the page is idle or when they open (ADR 85). A set of their own: in none, the modules they
   * share with a staff screen (zod, the account schemas) joined that screen's chunk, which a
   * customer then downloaded with the staff area's imports; in `customer`'s, every screen's later
   * load would bring them.
   */
  customerDialogs: [
    'src/features/security/passkey-name-modal.tsx',
    'src/features/security/recovery-codes-dialog.tsx',
    'src/features/delete-account/delete-account-dialog.tsx',
  ],
  admin: ['src/app/auth/oidc-session.tsx'],
  /**
   * The account page's sections after its first screen (security, notifications, privacy, deleting
   * the account), asked for as the page renders.
   */
  account: ['src/features/account/later-sections.tsx'],
  /** The onboarding wizard's steps, asked for as the page renders (its welcome screen on view). */
  onboarding: ['src/features/onboarding/steps.tsx'],
  /** The dashboard's sections below its first screen. */
  dashboard: ['src/features/dashboard/below-the-fold.tsx'],
};

/**
 * The forms' checks (zod and the shared schemas), loaded once a form is on view (ADR 85): in no set
 * (a set of their own made every route 0.1-0.8 KB heavier and split zod's chunk differently); none
 * of their modules is shared with a staff screen alone. Counted by bench/bundle.ts in the whole area.
 */
export const formChecks = [
  'src/features/cards/card-checks.ts',
  'src/features/checkout/checkout-checks.ts',
  'src/features/profile/profile-checks.ts',
];

/**
 * The toasts (app/toasts.ts), which every page loads right after its first render: in no set, so
 * they stay in a chunk of their own rather than one with what a signed-in screen loads once on
 * view (the OIDC client came with them, before the screen). Counted by bench/bundle.ts.
 */
export const toasts = 'src/components/toasts/toasts.tsx';

/** The first screens: what a visit to each loads before it can render (source paths, as in the manifest). */
export const firstScreens: Record<string, string[]> = (() => {
  const publicArea = 'src/app/areas/public-area.tsx';
  // Not the OIDC session (src/app/auth/oidc-session.tsx): a signed-in screen shows from the stored
  // session and loads it after (ADR 83); in a first screen's set, its modules would join chunks the
  // screen loads first.
  const customerArea = ['src/app/areas/customer-area.tsx', 'src/locales/en/customer.po'];
  const adminArea = ['src/app/areas/admin-area.tsx'];
  return {
    landing: [publicArea],
    about: [publicArea, 'src/features/about/about-page.tsx'],
    faq: [publicArea, 'src/features/faq/faq-page.tsx'],
    contact: [publicArea, 'src/features/contact/contact-page.tsx'],
    feedback: [publicArea, 'src/features/feedback/feedback-page.tsx'],
    policy: [publicArea, 'src/features/legal/privacy-policy-page.tsx'],
    terms: [publicArea, 'src/features/legal/terms-page.tsx'],
    onboarding: [...customerArea, 'src/features/onboarding/onboarding-page.tsx'],
    dashboard: [...customerArea, 'src/features/dashboard/dashboard-page.tsx'],
    account: [...customerArea, 'src/features/account/account-page.tsx'],
    subscription: [...customerArea, 'src/features/subscription/subscription-page.tsx'],
    checkout: [...customerArea, 'src/features/checkout/checkout-page.tsx'],
    admin: [...adminArea, 'src/features/admin/home/home-page.tsx'],
    'admin-users': [...adminArea, 'src/features/admin/clients/clients-page.tsx'],
    // What the signed-in screens load once on view, as sets of their own (`afterFirstScreen`).
    'customer-later': [...customerArea, ...afterFirstScreen.customer],
    'customer-dialogs-later': [...customerArea, ...afterFirstScreen.customerDialogs],
    'dashboard-later': [
      ...customerArea,
      'src/features/dashboard/dashboard-page.tsx',
      ...afterFirstScreen.dashboard,
    ],
    'account-later': [...customerArea, 'src/features/account/account-page.tsx', ...afterFirstScreen.account],
    'onboarding-later': [
      ...customerArea,
      'src/features/onboarding/onboarding-page.tsx',
      ...afterFirstScreen.onboarding,
    ],
    'admin-later': [...adminArea, ...afterFirstScreen.admin],
    // What a staff account sees on the customer side: in no set, its icon (shared with the staff
    // area alone) joined the staff area's dialogs' chunk, which the customer area then counted.
    'staff-account': [...customerArea, 'src/features/dashboard/staff-account-page.tsx'],
  };
})();

/**
 * A set of screens whose code is smaller than this (bytes, minified) joins a larger set's chunk
 * (`mergeSmallSets`). bench:web, 2026-12-03, /dashboard: no merging 40 files, 277.7 KB gzip; 2,000 B
 * 28 files, 274.6 KB (fewer files compress better than the bytes they add); 4,000 B 26 files,
 * 274.5 KB, but other routes +0.3-1 KB; 8,000 B 23 files, 276.2 KB, every route heavier.
 */
const MERGE_BELOW = 2000;

/** A chunk of the planning build, as the bundle describes it. */
export interface PlannedChunk {
  fileName: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: readonly string[];
  imports: readonly string[];
  /** Its code's length in bytes (before compression). */
  size: number;
}

/** module id -> the chunk it goes in: `first~entry` (the entry's shared modules) or `first~<screens>`. */
export type ChunkPlan = Record<string, string>;

export function planFrom(
  chunks: PlannedChunk[],
  root: string,
  screens = firstScreens,
  { mergeBelow = 0 }: { mergeBelow?: number } = {},
): ChunkPlan {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const byFacade = new Map(
    chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId as string, c]),
  );
  const closure = (starts: PlannedChunk[]) =>
    importClosure(starts, (c) => c.imports.flatMap((f) => byFile.get(f) ?? []));
  const entries = chunks.filter((c) => c.isEntry);
  const entryChunks = closure(entries);
  const names = Object.keys(screens);
  const screensOf = new Map<PlannedChunk, string[]>();
  for (const name of names) {
    const roots = (screens[name] ?? []).map((key) => {
      const c = byFacade.get(path.join(root, key));
      if (!c) throw new Error(`first-screen-chunks: no chunk for ${key} (did it move?)`);
      return c;
    });
    for (const c of closure(roots)) {
      if (entryChunks.has(c) || c.isDynamicEntry) continue;
      screensOf.set(c, [...(screensOf.get(c) ?? []), name]);
    }
  }
  const name = (c: PlannedChunk): string | undefined => {
    if (entryChunks.has(c)) return c.isEntry ? undefined : 'first~entry';
    const of = screensOf.get(c);
    if (!of) return undefined;
    return `first~${of.length === names.length ? 'all' : of.join('~')}`;
  };
  const chunkName = new Map<PlannedChunk, string>();
  for (const c of chunks) {
    const n = name(c);
    if (n) chunkName.set(c, n);
  }
  // Modules of one set of screens can import a lazily loaded module whose chunk imports them back
  // (an area's pages' shared code and the area's own module): Rolldown orders the code of chunks
  // that import each other as it can, and the admin area's ran a module before one it reads (a
  // blank page). Such sets stay split as Rolldown splits them.
  for (;;) {
    const cyclic = [...cyclicChunks(chunks, chunkName, byFile)].filter((n) => n.startsWith('first~'));
    if (cyclic.length === 0) break;
    for (const [c, n] of chunkName) if (cyclic.includes(n)) chunkName.delete(c);
  }
  // A screen's area is its first root (the public, customer or admin area's module).
  const areaOf = (screen: string) => screens[screen]?.[0] ?? screen;
  if (mergeBelow > 0) mergeSmallSets(chunks, chunkName, screensOf, byFile, areaOf, mergeBelow);
  const plan: ChunkPlan = {};
  for (const [c, n] of chunkName) for (const id of c.moduleIds) plan[id] = n;
  return plan;
}

/**
 * A set of screens whose modules weigh less than `below` bytes is not worth a request of its own:
 * it joins the chunk of the smallest set of screens that contains its own and adds screens of its
 * own areas only (so those screens load those few bytes too), when every screen of that set already
 * loads what it imports, and unless that would make two chunks import each other.
 */
/** A set of what signed-in screens load after their first (`firstScreens`' `-later` names). */
const isLater = (screen: string) => screen.endsWith('-later');

function mergeSmallSets(
  chunks: PlannedChunk[],
  chunkName: Map<PlannedChunk, string>,
  screensOf: Map<PlannedChunk, string[]>,
  byFile: Map<string, PlannedChunk>,
  areaOf: (screen: string) => string,
  below: number,
) {
  const inCycles = () => cyclicChunks(chunks, chunkName, byFile);
  const cyclicBefore = inCycles();
  const noNewCycle = () => [...inCycles()].every((n) => cyclicBefore.has(n));
  const sets = () => {
    const bySet = new Map<string, { screens: Set<string>; size: number }>();
    for (const [c, n] of chunkName) {
      const of = screensOf.get(c);
      if (!of || n === 'first~entry') continue;
      const set = bySet.get(n) ?? { screens: new Set(of), size: 0 };
      set.size += c.size;
      bySet.set(n, set);
    }
    return bySet;
  };
  const small = [...sets()].filter(([, s]) => s.size < below).sort((a, b) => a[1].size - b[1].size);
  for (const [from, { screens }] of small) {
    const areas = new Set([...screens].map(areaOf));
    const current = sets();
    if (!current.has(from)) continue;
    const imported = [
      ...new Set(
        [...chunkName]
          .filter(([, n]) => n === from)
          .flatMap(([c]) => c.imports.map((f) => byFile.get(f)))
          .filter((t): t is PlannedChunk => t !== undefined && chunkName.get(t) !== from),
      ),
    ];
    const targets = [...current]
      .filter(
        ([n, s]) =>
          n !== from &&
          s.screens.size > screens.size &&
          [...screens].every((x) => s.screens.has(x)) &&
          // Never into another area's screens: staff code stays out of customers' pages, and
          // signed-in code out of the public site's.
          [...s.screens].every((x) => screens.has(x) || areas.has(areaOf(x))) &&
          // Code an area's screens load only after their first (the `-later` sets) stays out of
          // that area's first screens: a route's first load would carry it (the account page's
          // later sections' table and icons on /dashboard and /onboarding).
          [...s.screens].every(
            (x) =>
              screens.has(x) ||
              isLater(x) ||
              [...screens].some((y) => !isLater(y) && areaOf(y) === areaOf(x)),
          ) &&
          // What the moved code imports, every screen of the target already loads: else those
          // screens would load those chunks too, whole.
          imported.every((t) => {
            const n = chunkName.get(t);
            if (t.isEntry || n === 'first~entry') return true;
            const of = n ? current.get(n)?.screens : undefined;
            return of !== undefined && [...s.screens].every((x) => of.has(x));
          }),
      )
      .sort((a, b) => a[1].screens.size - b[1].screens.size || b[1].size - a[1].size);
    for (const [to] of targets) {
      const moved = [...chunkName].filter(([, n]) => n === from).map(([c]) => c);
      for (const c of moved) chunkName.set(c, to);
      if (noNewCycle()) break;
      for (const c of moved) chunkName.set(c, from);
    }
  }
}

/**
 * The Vite plugin. With PRIA_CHUNK_PLAN=write the build plans (its output is overwritten by the next
 * build); otherwise the client build follows the plan the planning build just wrote, and without one
 * splits automatically (a dev server never plans).
 */
export function firstScreenChunks(): Plugin {
  let root = '';
  let planFile = '';
  const planning = process.env.PRIA_CHUNK_PLAN === 'write';
  return {
    name: 'pria:first-screen-chunks',
    apply: 'build',
    config(config, { isSsrBuild }) {
      if (isSsrBuild || planning) return;
      const file = path.resolve(config.root ?? process.cwd(), '.tmp/chunk-plan.json');
      if (!existsSync(file)) return;
      const plan = JSON.parse(readFileSync(file, 'utf8')) as ChunkPlan;
      // Used once: a later build of changed code without planning first splits automatically
      // rather than by a plan of other code.
      rmSync(file);
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [{ name: (id: string) => plan[id] ?? null, includeDependenciesRecursively: false }],
              },
            },
          },
        },
      };
    },
    configResolved(config) {
      root = config.root;
      planFile = path.join(root, '.tmp/chunk-plan.json');
    },
    generateBundle(_options, bundle) {
      if (!planning || this.environment?.config.build.ssr) return;
      const chunks: PlannedChunk[] = [];
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk') continue;
        chunks.push({
          fileName: out.fileName,
          isEntry: out.isEntry,
          isDynamicEntry: out.isDynamicEntry,
          facadeModuleId: out.facadeModuleId,
          moduleIds: out.moduleIds,
          imports: out.imports,
          size: out.code.length,
        });
      }
      mkdirSync(path.dirname(planFile), { recursive: true });
      const plan = planFrom(chunks, root, firstScreens, { mergeBelow: MERGE_BELOW });
      writeFileSync(planFile, `${JSON.stringify(plan, null, 1)}\n`);
    },
  };
}

/**
 * The chunks (by name, or file for an unnamed one) that import each other, directly or round about
 * (Tarjan's strongly connected components of the chunk graph the plan would make).
 */
function cyclicChunks(
  chunks: PlannedChunk[],
  chunkName: Map<PlannedChunk, string>,
  byFile: Map<string, PlannedChunk>,
): Set<string> {
  const nodeOf = (c: PlannedChunk) => chunkName.get(c) ?? c.fileName;
  const edges = new Map<string, Set<string>>();
  for (const c of chunks) {
    const from = nodeOf(c);
    const out = edges.get(from) ?? new Set<string>();
    edges.set(from, out);
    for (const f of c.imports) {
      const to = byFile.get(f);
      if (to && nodeOf(to) !== from) out.add(nodeOf(to));
    }
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cyclic = new Set<string>();
  let next = 0;
  const connect = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) for (const x of component) cyclic.add(x);
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) connect(v);
  return cyclic;
}
