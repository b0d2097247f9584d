import { describe, expect, it } from 'vitest';
import { observe, silence, type EpisodeState, type Observation } from '../../../server/modules/conformance/episodes';

type Rule = 'area' | 'height';
type Open = ReadonlyMap<Rule, EpisodeState<Rule>>;

const at = (second: number) => new Date(Date.UTC(2026, 5, 1, 10, 0, second));
const seen = (second: number, breaches: [Rule, number | null][]): Observation<Rule> => ({
  time: at(second),
  lat: 48.7 + second / 1000,
  lon: 2.1,
  heightM: 50,
  breaches: new Map(breaches),
});

/** Runs the observations from no open episode; answers the events as [kind, rule, id, worst, count, endedAt second]. */
function run(observations: Observation<Rule>[]) {
  let open: Open = new Map();
  let next = 0;
  const trace: (string | number | null)[][] = [];
  for (const observation of observations) {
    const step = observe(open, observation, () => `e${++next}`);
    open = step.open;
    for (const { kind, episode } of step.events)
      trace.push([
        kind,
        episode.rule,
        episode.id,
        episode.worstValue,
        episode.positionCount,
        episode.endedAt ? episode.endedAt.getUTCSeconds() : null,
      ]);
  }
  return { open, trace };
}

describe('episode state machine', () => {
  it.each([
    ['enter: a breach opens an episode', [seen(0, [['area', 12]])], [['opened', 'area', 'e1', 12, 1, null]]],
    [
      'worsen: a larger value is worsened, a smaller one continued',
      [seen(0, [['area', 12]]), seen(1, [['area', 30]]), seen(2, [['area', 5]])],
      [
        ['opened', 'area', 'e1', 12, 1, null],
        ['worsened', 'area', 'e1', 30, 2, null],
        ['continued', 'area', 'e1', 30, 3, null],
      ],
    ],
    [
      'leave: the first compliant position ends it at its time',
      [seen(0, [['height', 4]]), seen(5, [])],
      [
        ['opened', 'height', 'e1', 4, 1, null],
        ['ended', 'height', 'e1', 4, 1, 5],
      ],
    ],
    [
      'restart: a breach after the end opens a new episode',
      [seen(0, [['area', 3]]), seen(1, []), seen(2, [['area', 1]])],
      [
        ['opened', 'area', 'e1', 3, 1, null],
        ['ended', 'area', 'e1', 3, 1, 1],
        ['opened', 'area', 'e2', 1, 1, null],
      ],
    ],
    [
      'rules are independent: one ends while the other goes on',
      [
        seen(0, [
          ['area', 3],
          ['height', 2],
        ]),
        seen(1, [['height', 2]]),
      ],
      [
        ['opened', 'area', 'e1', 3, 1, null],
        ['opened', 'height', 'e2', 2, 1, null],
        ['continued', 'height', 'e2', 2, 2, null],
        ['ended', 'area', 'e1', 3, 1, 1],
      ],
    ],
    [
      'a value beats no value, no value keeps the worst',
      [seen(0, [['area', null]]), seen(1, [['area', 7]]), seen(2, [['area', null]])],
      [
        ['opened', 'area', 'e1', null, 1, null],
        ['worsened', 'area', 'e1', 7, 2, null],
        ['continued', 'area', 'e1', 7, 3, null],
      ],
    ],
    ['compliant with nothing open: nothing happens', [seen(0, []), seen(1, [])], []],
  ] as [string, Observation<Rule>[], (string | number | null)[][]][])('%s', (_name, observations, expected) => {
    expect(run(observations).trace).toEqual(expected);
  });

  it('keeps the last offending position and leaves the state handed in unchanged', () => {
    const first = observe(new Map(), seen(0, [['area', 3]]), () => 'e1');
    const before = structuredClone([...first.open]);
    const second = observe(first.open, seen(4, [['area', 2]]), () => 'e2');

    expect([...first.open]).toEqual(before);
    expect(second.open.get('area')).toMatchObject({ id: 'e1', startedAt: at(0), lastAt: at(4), latitude: 48.704, positionCount: 2 });
  });

  it.each([
    ['silence: ends every open episode at its last offending position once silent longer than the silence time', 121, 2],
    ['not silent yet at exactly the silence time', 120, null],
  ])('%s', (_name, nowSecond, ended) => {
    const { open } = run([
      seen(0, [
        ['area', 3],
        ['height', 1],
      ]),
    ]);
    const step = silence(open, at(0), new Date(at(0).getTime() + nowSecond * 1000), 120_000);

    if (ended === null) expect(step).toBeNull();
    else {
      expect(step!.open.size).toBe(0);
      expect(step!.events.map(({ kind, episode }) => [kind, episode.rule, episode.endedAt])).toEqual([
        ['ended', 'area', at(0)],
        ['ended', 'height', at(0)],
      ]);
    }
  });
});
