import { describe, expect, it } from 'vitest';
import {
  BODY_MAX_DEPTH,
  bodyShape,
  boundedAreaSchema,
  GEOMETRY_MAX_VERTICES,
  isSelfIntersecting,
} from '../../../src/shared/geo/geometry-bounds';

type Ring = [number, number][];
const square: Ring = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 1],
  [0, 0],
];

describe('isSelfIntersecting', () => {
  it.each<[string, Ring[], boolean]>([
    ['a square', [square], false],
    [
      'a square with a repeated vertex',
      [
        [
          [0, 0],
          [1, 0],
          [1, 0],
          [1, 1],
          [0, 1],
          [0, 0],
        ],
      ],
      false,
    ],
    [
      'a bow-tie',
      [
        [
          [0, 0],
          [1, 1],
          [1, 0],
          [0, 1],
          [0, 0],
        ],
      ],
      true,
    ],
    [
      'a ring touching itself at a vertex',
      [
        [
          [0, 0],
          [2, 0],
          [1, 1],
          [2, 2],
          [0, 2],
          [1, 1],
          [0, 0],
        ],
      ],
      true,
    ],
    [
      'a ring folding back along an edge',
      [
        [
          [0, 0],
          [2, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
      true,
    ],
    [
      'a hole inside the outer ring',
      [
        square,
        [
          [0.2, 0.2],
          [0.2, 0.8],
          [0.8, 0.8],
          [0.8, 0.2],
          [0.2, 0.2],
        ],
      ],
      false,
    ],
    [
      'a hole crossing the outer ring',
      [
        square,
        [
          [0.5, 0.5],
          [0.5, 1.5],
          [0.8, 1.5],
          [0.8, 0.5],
          [0.5, 0.5],
        ],
      ],
      true,
    ],
  ])('%s → %s', (_name, rings, expected) => {
    expect(isSelfIntersecting(rings)).toBe(expected);
  });
});

describe('bodyShape', () => {
  it('counts positions wherever they are and the nesting depth', () => {
    expect(bodyShape({ a: { type: 'Polygon', coordinates: [square] }, b: [[1, 2]], c: 'text' })).toEqual({ positions: 6, depth: 5 });
  });

  it('stops counting past the bounds, without recursion', () => {
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(bodyShape(deep).depth).toBe(BODY_MAX_DEPTH + 1);
    const many = Array.from({ length: GEOMETRY_MAX_VERTICES * 3 }, () => [0, 0]);
    expect(bodyShape(many).positions).toBe(GEOMETRY_MAX_VERTICES + 1);
  });
});

describe('boundedAreaSchema', () => {
  it('answers the same message for every bound', () => {
    const open = { type: 'Polygon', coordinates: [square.slice(0, 4)] };
    expect(boundedAreaSchema.safeParse(open).error?.issues.map((issue) => issue.message)).toEqual(['validation:geometry.notClosed']);
    const big = { type: 'Polygon', coordinates: [[...Array.from({ length: 10_001 }, (_, i) => [i / 1e5, Math.sin(i)]), [0, 0]]] };
    expect(boundedAreaSchema.safeParse(big).error?.issues.map((issue) => issue.message)).toContain('validation:geometry.tooComplex');
  });
});
