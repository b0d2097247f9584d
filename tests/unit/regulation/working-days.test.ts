import { describe, expect, it } from 'vitest';
import {
  countFrJoursOuvrablesBetween,
  earliestFrFlightDateByJoursOuvrables,
  isFrJourOuvrable,
  isJpKaichobi,
  latestJpSubmissionDate,
} from '@/shared/regulation';

describe('FR jours ouvrables (FR-PREF-02, FR-PREF-04)', () => {
  it.each([
    ['2025-03-08', true, 'a Saturday counts'],
    ['2025-03-09', false, 'a Sunday does not count'],
    ['2025-04-21', false, 'Easter Monday'],
    ['2025-05-01', false, 'Labour Day'],
    ['2025-05-08', false, 'Victory Day'],
    ['2025-05-29', false, 'Ascension'],
    ['2025-06-09', false, 'Whit Monday'],
    ['2025-07-14', false, 'Bastille Day'],
    ['2025-08-15', false, 'Assumption'],
    ['2025-11-01', false, 'All Saints (a Saturday)'],
    ['2025-11-11', false, 'Armistice'],
    ['2025-12-25', false, 'Christmas'],
    ['2025-12-26', true, 'Saint Stephen is an Alsace-Moselle holiday only'],
    ['2025-04-18', true, 'Good Friday is an Alsace-Moselle holiday only'],
  ])('FR-PREF-04: %s is ouvrable: %s (%s)', (iso, expected) => {
    expect(isFrJourOuvrable(iso)).toBe(expected);
  });

  it.each([
    ['2025-03-04', '2025-03-11', 5],
    ['2025-03-04', '2025-03-05', 0],
    ['2025-03-04', '2025-03-04', 0],
    ['2025-05-06', '2025-05-13', 4],
    ['2025-12-24', '2025-12-31', 4],
  ])('FR-PREF-02: strictly between %s and %s there are %i jours ouvrables', (from, to, expected) => {
    expect(countFrJoursOuvrablesBetween(from, to)).toBe(expected);
  });

  it.each([
    ['2025-03-04', '2025-03-11'],
    ['2025-05-06', '2025-05-14'],
    ['2025-04-15', '2025-04-23'],
  ])('FR-PREF-02: declared on %s, the first flight day with 5 jours ouvrables in between is %s', (declaration, earliest) => {
    expect(earliestFrFlightDateByJoursOuvrables(declaration, 5)).toBe(earliest);
  });
});

describe('JP 開庁日 (JP-NOT-01, 行政機関の休日に関する法律)', () => {
  it.each([
    ['2025-07-18', true, 'a Friday'],
    ['2025-07-19', false, 'a Saturday'],
    ['2025-07-20', false, 'a Sunday'],
    ['2025-07-21', false, '海の日'],
    ['2025-02-24', false, 'substitute holiday for 天皇誕生日'],
    ['2025-05-06', false, 'substitute holiday of Golden Week'],
    ['2025-11-24', false, 'substitute holiday for 勤労感謝の日'],
    ['2026-09-22', false, '国民の休日 between two holidays'],
    ['2025-12-26', true, 'the last office day before the closure'],
    ['2025-12-29', false, 'start of the year-end closure'],
    ['2026-01-02', false, 'year-end closure (bank holiday for date-holidays, closed for offices)'],
    ['2026-01-03', false, 'end of the year-end closure (a Saturday)'],
    ['2027-01-04', true, 'first office day after the closure'],
  ])('JP-NOT-01: %s is 開庁日: %s (%s)', (iso, expected) => {
    expect(isJpKaichobi(iso)).toBe(expected);
  });

  it.each([
    ['2025-07-28', 10, '2025-07-11'],
    ['2026-01-08', 10, '2025-12-18'],
    ['2025-05-12', 10, '2025-04-23'],
    ['2025-07-28', 20, '2025-06-27'],
  ])('JP-NOT-01/02: for a flight on %s with %i 開庁日 the latest submission is %s', (flight, required, latest) => {
    expect(latestJpSubmissionDate(flight, required)).toBe(latest);
  });
});
