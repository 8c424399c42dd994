import { editDistanceWithin } from './edit-distance';
import {
  hasDistinctiveToken,
  normalizePlaceName,
  placeNameTokens,
  tokenSetKey,
} from './normalize-place-name';

/** A place that a name can match, under one or more names (e.g. its old name in brackets). */
export type PlaceNameCandidate<T> = { names: readonly string[]; value: T };

type PreparedName = { normalized: string; tokens: Set<string>; tokenKey: string };
export type PreparedCandidate<T> = { names: PreparedName[]; value: T };

// Lower is better; a match in an earlier tier always beats one in a later tier.
const TIER_SAME_NAME = 0;
const TIER_SAME_WORDS = 1;
const TIER_WORD_SUBSET = 2;
const TIER_SPELLING = 3;

// docs/geodata.md: edit distance ≤ 2. Short names get less slack, or "Bato" would match "Baao".
function allowedEdits(length: number): number {
  if (length >= 8) return 2;
  if (length >= 5) return 1;
  return 0;
}

function prepareName(name: string): PreparedName {
  const normalized = normalizePlaceName(name);
  return {
    normalized,
    tokens: new Set(placeNameTokens(normalized)),
    tokenKey: tokenSetKey(normalized),
  };
}

export function prepareCandidates<T>(
  candidates: readonly PlaceNameCandidate<T>[],
): PreparedCandidate<T>[] {
  return candidates.map((candidate) => ({
    names: candidate.names.map(prepareName).filter((name) => name.normalized !== ''),
    value: candidate.value,
  }));
}

function isSubset(smaller: Set<string>, larger: Set<string>): boolean {
  for (const token of smaller) if (!larger.has(token)) return false;
  return true;
}

/** Score of one name pair as tier * 100 + cost (lower is better), or undefined for no match. */
function scorePair(query: PreparedName, candidate: PreparedName): number | undefined {
  if (query.normalized === candidate.normalized) return TIER_SAME_NAME * 100;
  if (query.tokenKey === candidate.tokenKey) return TIER_SAME_WORDS * 100;
  const [smaller, larger] =
    query.tokens.size <= candidate.tokens.size
      ? [query.tokens, candidate.tokens]
      : [candidate.tokens, query.tokens];
  if (isSubset(smaller, larger) && hasDistinctiveToken([...smaller])) {
    return TIER_WORD_SUBSET * 100 + (larger.size - smaller.size);
  }
  const limit = allowedEdits(Math.min(query.normalized.length, candidate.normalized.length));
  if (limit === 0) return undefined;
  const distance = editDistanceWithin(query.normalized, candidate.normalized, limit);
  return distance <= limit ? TIER_SPELLING * 100 + distance : undefined;
}

/**
 * All candidates that share the best score for any of the query's names (the first query name
 * counts a little more, so a town's current name beats its old one). Callers break remaining ties
 * themselves, so the result stays deterministic whatever the input order.
 */
export function matchPlaceName<T>(
  queryNames: readonly string[],
  candidates: readonly PreparedCandidate<T>[],
): T[] {
  const queries = queryNames.map(prepareName).filter((name) => name.normalized !== '');
  let bestScore = Number.POSITIVE_INFINITY;
  let best: T[] = [];
  for (const candidate of candidates) {
    let candidateScore = Number.POSITIVE_INFINITY;
    queries.forEach((query, queryIndex) => {
      candidate.names.forEach((name, nameIndex) => {
        const score = scorePair(query, name);
        if (score === undefined) return;
        // Alternative names (old names, aliases) lose ties against primary names; scores are
        // scaled by ten so the penalty stays an integer and ties compare exactly.
        const penalised = score * 10 + Math.min(queryIndex + nameIndex, 9);
        candidateScore = Math.min(candidateScore, penalised);
      });
    });
    if (candidateScore < bestScore) {
      bestScore = candidateScore;
      best = [candidate.value];
    } else if (candidateScore === bestScore && Number.isFinite(candidateScore)) {
      best.push(candidate.value);
    }
  }
  return best;
}
