import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// `npm ci` warns (EBADENGINE) when a locked package asks for a newer Node than the one running it.
// The README promises every Node that package.json's `engines` allows, so each installed package must
// accept the lowest version of every range `engines` allows (issue 27: content-disposition@3 and
// cookie@2 asked for Node 22 while `engines` allowed Node 20.19).
const repo = join(import.meta.dirname, '../../..');
const rootPackage = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
  engines: { node: string };
  allowScripts: Record<string, boolean>;
};
const lock = JSON.parse(readFileSync(join(repo, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; optional?: boolean; hasInstallScript?: boolean }>;
};

/** The lowest version of each `||` branch of a range: the oldest Node each supported line may be. */
function lowestOfEachBranch(range: string): string[] {
  return range.split('||').map((branch) => semver.minVersion(branch.trim())!.version);
}

describe('installing on every Node the README allows', () => {
  const supported = lowestOfEachBranch(rootPackage.engines.node);

  it('the engines range names at least Node 20 and Node 22', () => {
    expect(supported.map((v) => semver.major(v))).toEqual(expect.arrayContaining([20, 22]));
  });

  it('every locked package accepts each of them, so npm ci warns of no engine', () => {
    const refusals: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!path || !wanted || entry.optional) continue;
      for (const node of supported) {
        if (!semver.satisfies(node, wanted)) refusals.push(`${path}@${entry.version}: node ${wanted} refuses ${node}`);
      }
    }
    expect(refusals).toEqual([]);
  });

  // npm 11 warns of every install script package.json's `allowScripts` does not name (npm 12 blocks
  // them): each is reviewed, allowed (a native build) or denied (a fallback that would download).
  it('every locked package with an install script is allowed or denied by name, so npm ci warns of no script', () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([path, entry]) => path && entry.hasInstallScript)
      .map(([path]) => path.split('node_modules/').pop()!);
    expect(withScripts.filter((name) => !(name in rootPackage.allowScripts))).toEqual([]);
  });
});
