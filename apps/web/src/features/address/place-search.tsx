import { useId, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TPlace } from '@konek/contract/geocode';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { placeSearchQuery } from './api/geocode';
import { PinIcon, SearchIcon } from './property-icons';
import styles from './pin-location-step.module.css';
import { i18n } from '../../i18n/i18n';

const MIN_QUERY_LENGTH = 2;

/**
 * product §2.3 step 10: place search on the map. It sits inside the address form, so Enter searches here
 * instead of submitting the form.
 */
export function PlaceSearch({ onPick }: { onPick: (place: TPlace) => void }) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const resultsId = useId();
  const results = useQuery({
    ...placeSearchQuery(query),
    enabled: query.length >= MIN_QUERY_LENGTH,
  });
  const search = () => setQuery(text.trim());
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    search();
  };
  const pick = (place: TPlace) => {
    onPick(place);
    setQuery('');
  };
  const places = query.length >= MIN_QUERY_LENGTH ? results.data : undefined;

  return (
    <div className={styles.search}>
      <div className={styles.searchRow}>
        <TextField
          label={i18n._('Search for a place')}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          aria-controls={resultsId}
          className={styles.searchField}
        />
        <Button
          variant="secondary"
          onClick={search}
          isLoading={results.isFetching}
          disabled={text.trim().length < MIN_QUERY_LENGTH}
          className={styles.searchButton}
          aria-label={i18n._('Search')}
        >
          <SearchIcon />
        </Button>
      </div>
      <div id={resultsId} aria-live="polite">
        {places && places.length === 0 ? (
          <p className={styles.noResults}>{i18n._('No places found for “{query}”.', { query })}</p>
        ) : null}
        {places && places.length > 0 ? (
          <ul className={styles.results} aria-label={i18n._('Places found')}>
            {places.map((place) => (
              <li key={`${place.label}@${place.latitude},${place.longitude}`}>
                <button type="button" className={styles.result} onClick={() => pick(place)}>
                  <PinIcon aria-hidden="true" />
                  <span>{place.label}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
