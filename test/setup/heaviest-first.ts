import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order files start in: the longest work first, so that the run does not end with one worker busy and the
 * other idle. vitest's own order runs the projects one after the other by name (fast, stack, stack-cdk), which put
 * the CDK files, a minute of synthesis and bundling, alone at the end of every run. Here the CDK files start
 * first, the browser files next, then the integration files, and the many small files of the fast tier last, where
 * they fill the gaps. Within a tier vitest's order stands: the files that took longest in the previous run first,
 * or the largest files in a fresh clone.
 */
const TIER_ORDER = ['stack-cdk', 'stack:e2e', 'stack', 'fast-isolated', 'fast'];

function tierOf(spec: TestSpecification): number {
  const name = spec.project.name;
  const tier = name === 'stack' && /[/\\]test[/\\]e2e[/\\]/.test(spec.moduleId) ? 'stack:e2e' : name;
  const at = TIER_ORDER.indexOf(tier);
  return at === -1 ? TIER_ORDER.length : at;
}

export class HeaviestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const inVitestOrder = await super.sort(files);
    // Array.prototype.sort is stable: within a tier the order above is kept.
    return inVitestOrder.sort((a, b) => tierOf(a) - tierOf(b));
  }
}
