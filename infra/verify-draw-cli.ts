import { parseVerifyDrawArgs, verifyPublishedDraw } from './verify-draw';

/**
 * npm run verify-draw -- <cropId> <year> <seed> [--api <url>]
 * Exit 0: the published draw is reproduced; 1: it is not; 2: wrong arguments or no answer.
 */
async function main(): Promise<number> {
  const args = parseVerifyDrawArgs(process.argv.slice(2), process.env);
  if (typeof args === 'string') {
    console.error(args);
    return 2;
  }
  try {
    const report = await verifyPublishedDraw(args);
    for (const line of report.lines) console.log(line);
    return report.reproduced ? 0 : 1;
  } catch (e) {
    console.error(`Could not read the draw from ${args.apiUrl}: ${(e as Error).message}`);
    return 2;
  }
}

process.exitCode = await main();
