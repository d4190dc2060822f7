import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Lingui's macro transform (ADR 73) runs in a native binary, `@lingui/native-tools-<platform>`,
 * an optional dependency that asks for Node 22.19 or later. npm skips an optional dependency whose
 * `engines` the *installing* Node does not meet, and `npm install` runs on whatever Node the
 * machine has (Node 20 here), while every npm script runs on the project's Node 24 (the `node`
 * devDependency). So a fresh `npm install` on Node 20 leaves the binary out and the build fails.
 * Before building, this checks that the binary loads and, when it does not, has npm install it
 * from the lockfile, running npm on this (the project's) Node, which meets its `engines`.
 */
const require = createRequire(import.meta.url);

function loads(): boolean {
  try {
    require('@lingui/native-tools');
    return true;
  } catch {
    return false;
  }
}

if (!loads()) {
  const root = path.resolve(import.meta.dirname, '../../..');
  console.log(
    "Lingui's native tools are missing (an install on a Node older than 22.19 leaves them out): installing them",
  );
  // npm run by this Node, so its engine checks see Node 24: the npm that started this script, or
  // the machine's npm with this Node first on PATH (its `#!/usr/bin/env node` then finds it).
  const install = ['install', '--no-audit', '--no-fund', '--ignore-scripts'];
  const npmCli = process.env.npm_execpath;
  if (npmCli) execFileSync(process.execPath, [npmCli, ...install], { cwd: root, stdio: 'inherit' });
  else
    execFileSync('npm', install, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}` },
    });
  // Checked afresh in a new process: this one remembers that the binary was not there.
  try {
    execFileSync(process.execPath, ['-e', "require('@lingui/native-tools')"], { cwd: root, stdio: 'ignore' });
  } catch {
    console.error("Lingui's native tools still do not load: run `npm install` with Node 22.19 or later");
    process.exit(1);
  }
}
