import { describe, expect, it } from 'vitest';
import { matchPlaceName, prepareCandidates } from './match-place-name';
import { normalizePlaceName } from './normalize-place-name';

function match(query: string, names: string[]): string[] {
  const candidates = prepareCandidates(names.map((name) => ({ names: [name], value: name })));
  return matchPlaceName([query], candidates);
}

describe('normalizePlaceName', () => {
  it('drops accents, brackets and "City (of)" and spells out abbreviations', () => {
    expect(normalizePlaceName('Las Piñas City')).toBe('las pinas');
    expect(normalizePlaceName('Science City of Muñoz')).toBe('science munoz');
    expect(normalizePlaceName('Sto. Tomas (Poblacion)')).toBe('santo tomas');
    expect(normalizePlaceName('Gen. Mariano Alvarez')).toBe('general mariano alvarez');
  });
});

describe('matchPlaceName', () => {
  it('prefers the same name over similar ones', () => {
    expect(match('Bantayan', ['Daang-Bantayan', 'Bantayan'])).toEqual(['Bantayan']);
  });

  it('matches the same words in another order', () => {
    expect(match('Lower Bicutan', ['Bicutan', 'Bicutan Lower', 'Bicutan Upper'])).toEqual([
      'Bicutan Lower',
    ]);
  });

  it('matches when one name holds all words of the other', () => {
    expect(match('Almanza Uno', ['Almanza', 'Manuyo'])).toEqual(['Almanza']);
    expect(match('Isabela City', ['Isabela de Basilan', 'Lamitan'])).toEqual([
      'Isabela de Basilan',
    ]);
  });

  it('does not match on weak words alone', () => {
    expect(match('San Jose', ['San Isidro', 'Santa Cruz'])).toEqual([]);
  });

  it('allows small spelling differences, fewer for short names', () => {
    expect(match('Daanbantayan', ['Daang-Bantayan'])).toEqual(['Daang-Bantayan']);
    expect(match('Sirawai', ['Siraway'])).toEqual(['Siraway']);
    expect(match('Bato', ['Baao'])).toEqual([]);
  });

  it('returns every candidate that ties, for the caller to choose from', () => {
    expect(match('Sampaloc', ['Sampaloc East', 'Sampaloc West'])).toEqual([
      'Sampaloc East',
      'Sampaloc West',
    ]);
  });
});
