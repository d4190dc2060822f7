import { describe, expect, it } from 'vitest';
import { type PlannedChunk, planFrom } from './first-screen-chunks.ts';

const root = '/app';
const chunk = (
  fileName: string,
  moduleIds: string[],
  imports: string[] = [],
  facade?: string,
): PlannedChunk => ({
  size: 10_000,
  fileName,
  isEntry: fileName === 'index.js',
  isDynamicEntry: facade !== undefined && fileName !== 'index.js',
  facadeModuleId: facade ?? null,
  moduleIds,
  imports,
});

// The entry (index.js) shares react with the lazy chunks; two screens A and B share the form
// library, A alone uses the chart, and a dialog only B opens uses a date picker.
const chunks: PlannedChunk[] = [
  chunk('index.js', ['/app/src/main.tsx'], ['react.js'], '/app/index.html'),
  chunk('react.js', ['/nm/react/index.js', '/nm/react/jsx.js']),
  chunk('a.js', ['/app/src/a.tsx'], ['react.js', 'form.js', 'chart.js'], '/app/src/a.tsx'),
  chunk('b.js', ['/app/src/b.tsx'], ['react.js', 'form.js', 'button.js'], '/app/src/b.tsx'),
  chunk('form.js', ['/nm/form/index.js'], ['react.js', 'button.js']),
  chunk('button.js', ['/nm/ui/button.js']),
  chunk('chart.js', ['/nm/chart/index.js', '/nm/chart/axis.js']),
  chunk('dialog.js', ['/app/src/dialog.tsx'], ['react.js', 'picker.js'], '/app/src/dialog.tsx'),
  chunk('picker.js', ['/nm/picker/index.js']),
];
const screens = { a: ['src/a.tsx'], b: ['src/b.tsx'] };

describe('planFrom', () => {
  const plan = planFrom(chunks, root, screens);

  it('puts the modules each set of first screens loads in one chunk named after the set', () => {
    expect(plan['/nm/form/index.js']).toBe('first~all');
    expect(plan['/nm/ui/button.js']).toBe('first~all');
    expect(plan['/nm/chart/index.js']).toBe('first~a');
    expect(plan['/nm/chart/axis.js']).toBe('first~a');
  });

  it("gathers the entry's shared chunks in one and leaves the entry's own modules where they are", () => {
    expect(plan['/nm/react/index.js']).toBe('first~entry');
    expect(plan['/nm/react/jsx.js']).toBe('first~entry');
    expect(plan['/app/src/main.tsx']).toBeUndefined();
  });

  it('leaves lazily loaded modules and what only a later dialog loads as they were', () => {
    expect(plan['/app/src/a.tsx']).toBeUndefined();
    expect(plan['/app/src/dialog.tsx']).toBeUndefined();
    expect(plan['/nm/picker/index.js']).toBeUndefined();
  });

  it('gives every screen exactly the modules it loaded before, no more', () => {
    const byFile = new Map(chunks.map((c) => [c.fileName, c]));
    const loadedBefore = (screen: string) => {
      const seen = new Set<string>();
      const stack = [`${screen}.js`, 'index.js'];
      while (stack.length) {
        const c = byFile.get(stack.pop() as string) as PlannedChunk;
        if (c.moduleIds.some((id) => seen.has(id))) continue;
        for (const id of c.moduleIds) seen.add(id);
        stack.push(...c.imports);
      }
      return [...seen].filter((id) => plan[id] !== undefined).sort();
    };
    for (const screen of ['a', 'b'] as const) {
      const names = new Set(
        Object.values(plan).filter(
          (n) => n === 'first~entry' || n === 'first~all' || n === `first~${screen}`,
        ),
      );
      const loadedNow = Object.entries(plan)
        .filter(([, n]) => names.has(n))
        .map(([id]) => id)
        .sort();
      expect(loadedNow).toEqual(loadedBefore(screen));
    }
  });

  it('refuses a first screen whose root is not a chunk of the build', () => {
    expect(() => planFrom(chunks, root, { gone: ['src/moved.tsx'] })).toThrow(/no chunk for src\/moved\.tsx/);
  });
});

describe('planFrom, merging small sets', () => {
  // Screens a, b and c share the ui kit; a and b also share a tiny helper, and a and c a tiny
  // formatter that imports the helper's chunk's neighbour.
  const sized = (c: PlannedChunk, size: number) => ({ ...c, size });
  const graph: PlannedChunk[] = [
    sized(chunk('index.js', ['/app/src/main.tsx'], [], '/app/index.html'), 100),
    sized(chunk('a.js', ['/app/src/a.tsx'], ['ui.js', 'helper.js', 'big-ab.js'], '/app/src/a.tsx'), 100),
    sized(chunk('b.js', ['/app/src/b.tsx'], ['ui.js', 'helper.js', 'big-ab.js'], '/app/src/b.tsx'), 100),
    sized(chunk('c.js', ['/app/src/c.tsx'], ['ui.js'], '/app/src/c.tsx'), 100),
    sized(chunk('ui.js', ['/nm/ui/index.js']), 50_000),
    sized(chunk('big-ab.js', ['/nm/big/index.js']), 20_000),
    sized(chunk('helper.js', ['/app/src/helper.ts']), 300),
  ];
  // One area (its module is each screen's first root) and, in the last test, a screen of another.
  const abc = {
    a: ['src/x-area.tsx', 'src/a.tsx'],
    b: ['src/x-area.tsx', 'src/b.tsx'],
    c: ['src/x-area.tsx', 'src/c.tsx'],
  };
  graph.push(sized(chunk('x-area.js', ['/app/src/x-area.tsx'], [], '/app/src/x-area.tsx'), 1_000));

  it('keeps every set apart when nothing is small', () => {
    const plan = planFrom(graph, root, abc);
    expect(plan['/app/src/helper.ts']).toBe('first~a~b');
    expect(plan['/nm/big/index.js']).toBe('first~a~b');
    expect(plan['/nm/ui/index.js']).toBe('first~all');
  });

  it('puts a set smaller than the limit in the chunk of the smallest set containing it', () => {
    // a and b alone: the helper (300 B) and the big library share a set already; make the helper's
    // set {a} so it has to move: into {a, b} (the smallest containing set), not {a, b, c}.
    const onlyA = graph.map((c) => (c.fileName === 'b.js' ? { ...c, imports: ['ui.js', 'big-ab.js'] } : c));
    expect(planFrom(onlyA, root, abc)['/app/src/helper.ts']).toBe('first~a');
    const merged = planFrom(onlyA, root, abc, { mergeBelow: 1000 });
    expect(merged['/app/src/helper.ts']).toBe('first~a~b');
    expect(merged['/nm/big/index.js']).toBe('first~a~b');
  });

  it('does not merge into a set some of whose screens would then load what the code imports', () => {
    // The helper ({a}) imports a formatter only a and b load: into {a, b} it may go, not into the
    // ui kit's {a, b, c} (c would load the formatter's chunk too).
    const fmt = sized(chunk('fmt.js', ['/nm/fmt/index.js']), 9_000);
    const withFmt = [
      ...graph.map((c) => {
        if (c.fileName === 'b.js') return { ...c, imports: ['ui.js', 'fmt.js'] };
        if (c.fileName === 'a.js') return { ...c, imports: ['ui.js', 'helper.js', 'fmt.js'] };
        if (c.fileName === 'helper.js') return { ...c, imports: ['fmt.js'] };
        return c;
      }),
      fmt,
    ];
    const plan = planFrom(withFmt, root, abc, { mergeBelow: 1000 });
    expect(plan['/nm/fmt/index.js']).toBe('first~a~b');
    expect(plan['/app/src/helper.ts']).toBe('first~a~b');
    // Without {a, b}'s own chunk, the helper stays where it is rather than go to {a, b, c}.
    const noAB = withFmt.map((c) => (c.fileName === 'b.js' ? { ...c, imports: ['ui.js'] } : c));
    const alone = planFrom(noAB, root, abc, { mergeBelow: 1000 });
    expect(alone['/nm/fmt/index.js']).toBe('first~a');
    expect(alone['/app/src/helper.ts']).toBe('first~a');
  });

  it('leaves a set split as Rolldown split it when its chunk and a lazily loaded one import each other', () => {
    // The pages' shared code imports a lazily loaded module, whose chunk imports that code.
    const lazy = sized(chunk('lazy.js', ['/app/src/lazy.tsx'], ['big-ab.js'], '/app/src/lazy.tsx'), 5_000);
    const cyclic = [
      ...graph.map((c) => (c.fileName === 'big-ab.js' ? { ...c, imports: ['lazy.js'] } : c)),
      lazy,
    ];
    const plan = planFrom(cyclic, root, abc, { mergeBelow: 1000 });
    expect(plan['/nm/big/index.js']).toBeUndefined();
    expect(plan['/nm/ui/index.js']).toBe('first~all');
  });

  it("never merges into a set with another area's screens", () => {
    // Screen s of another area also uses the ui kit and the big library; the helper ({a}) may go
    // to {a, b} (one area) but not to a set naming s.
    const other = [
      ...graph.map((c) => (c.fileName === 'b.js' ? { ...c, imports: ['ui.js'] } : c)),
      sized(chunk('y-area.js', ['/app/src/y-area.tsx'], [], '/app/src/y-area.tsx'), 1_000),
      sized(chunk('s.js', ['/app/src/s.tsx'], ['ui.js', 'big-ab.js'], '/app/src/s.tsx'), 100),
    ];
    const screens = { ...abc, s: ['src/y-area.tsx', 'src/s.tsx'] };
    const plan = planFrom(other, root, screens, { mergeBelow: 1000 });
    expect(plan['/nm/big/index.js']).toBe('first~a~s');
    // {a, s} and {a, b, c, s} both contain {a} but name s: the helper stays on its own.
    expect(plan['/app/src/helper.ts']).toBe('first~a');
  });

  it("keeps what only a screen's later part loads out of every first screen's chunk", () => {
    // `a-later` is screen a with a part it loads after its first screen; that part alone uses a
    // tiny module. The smallest set containing it, {a, b, a-later} (the helper's), would put it in
    // the first load of a and b: it stays a chunk of its own.
    const withLater = [
      ...graph,
      sized(chunk('later.js', ['/app/src/later.tsx'], ['ui.js', 'tiny.js'], '/app/src/later.tsx'), 100),
      sized(chunk('tiny.js', ['/app/src/tiny.ts']), 300),
    ];
    const screens = { ...abc, 'a-later': ['src/x-area.tsx', 'src/a.tsx', 'src/later.tsx'] };
    const plan = planFrom(withLater, root, screens, { mergeBelow: 1000 });
    expect(plan['/app/src/helper.ts']).toBe('first~a~b~a-later');
    expect(plan['/app/src/tiny.ts']).toBe('first~a-later');
  });
});
