// Shared by the bench children: with BENCH_PROFILE set, a CPU profile of the measured phase (set-up
// excluded) written to .cache/profiles/<name>.cpuprofile when the returned function is called.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

export async function profiled(name) {
  if (!process.env.BENCH_PROFILE) return async () => {};
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync('.cache/profiles', { recursive: true });
    writeFileSync(`.cache/profiles/${name}.cpuprofile`, JSON.stringify(profile));
  };
}
