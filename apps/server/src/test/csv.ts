/** A simple CSV reader for these files (quoted cells, doubled quotes; no newlines in cells here). */
export function parseCsv(text: string): Record<string, string>[] {
  const lines = text.trimEnd().split('\n');
  const cells = (line: string) => {
    const out: string[] = [];
    let cur = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (quoted) {
        if (c === '"' && line[i + 1] === '"') {
          cur += '"';
          i++;
        } else if (c === '"') quoted = false;
        else cur += c;
      } else if (c === '"') quoted = true;
      else if (c === ',') {
        out.push(cur);
        cur = '';
      } else cur += c;
    }
    out.push(cur);
    return out;
  };
  const [head, ...rest] = lines;
  const names = cells(head ?? '');
  return rest.map((l) => Object.fromEntries(cells(l).map((v, i) => [names[i], v])));
}
